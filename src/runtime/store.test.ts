import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config/load.js";
import { pathsFor } from "../config/paths.js";
import { fileVault, keychainVault, type OpenedVault } from "../config/vault.js";
import { isJarvisError } from "../core/errors.js";
import { silentLogger } from "../core/logger.js";
import { storeFileState } from "../store/cipher.js";
import { openStore } from "../store/database.js";
import { createTempHome, type TempHome } from "../testing/home.js";
import { MemoryKeychainBackend } from "../testing/memory-keychain.js";
import { composeRuntime } from "./compose.js";
import { openHomeStore } from "./store.js";
import { storePassphraseNeeded } from "./store-key.js";

const PLANTED = "otter-saffron-4410 private note";

let temp: TempHome;
let keychain: MemoryKeychainBackend;
beforeEach(() => {
  temp = createTempHome();
  keychain = new MemoryKeychainBackend();
});
afterEach(() => temp.cleanup());

const paths = () => pathsFor(temp.jarvisHome);
const withKeychain = (): OpenedVault => ({ vault: keychainVault(keychain, temp.jarvisHome) });
const noKeychain = (): OpenedVault => ({
  vault: fileVault(temp.jarvisHome),
  keychainProblem: "no keychain answers (test)",
});
const on = { store: { encryption: "on" as const } };
const off = { store: { encryption: "off" as const } };
const bare: NodeJS.ProcessEnv = {};

function open(
  keys: OpenedVault,
  config: { store: { encryption: "on" | "off" } } = on,
  env: NodeJS.ProcessEnv = bare,
) {
  return openHomeStore({ paths: paths(), config, env, keys, logger: silentLogger });
}

function failure(fn: () => unknown): { code?: string; line: string } {
  try {
    fn();
  } catch (error) {
    if (isJarvisError(error)) return { code: error.code, line: error.toLine() };
    throw error;
  }
  throw new Error("expected a failure");
}

function plantPlaintextStore(): number {
  const db = openStore(paths().database);
  const insert = db.prepare("INSERT INTO kv (key, value, updated_at) VALUES (?, ?, 0)");
  for (let i = 0; i < 200; i++) insert.run(`k${i}`, `${PLANTED} ${i}`);
  const count = Number(db.prepare("SELECT count(*) FROM kv").pluck().get());
  db.close();
  return count;
}

const fileRevealsPlanted = () => readFileSync(paths().database).includes(PLANTED);

describe("opening the home's store", () => {
  it("makes a key in the keychain for a new store and opens it with that key from then on", () => {
    const first = open(withKeychain());
    expect(first.plan.source).toBe("keychain");
    first.db.close();
    expect([...keychain.entries.keys()]).toEqual([expect.stringMatching(/^store-key\//)]);
    expect(storeFileState(paths().database)).toBe("encrypted");
    const again = open(withKeychain());
    expect(again.notice).toBeUndefined();
    again.db.close();
  });

  it("encrypts an existing plaintext store on the way in, every row kept", () => {
    const before = plantPlaintextStore();
    expect(fileRevealsPlanted()).toBe(true);
    const opened = open(withKeychain());
    expect(opened.notice).toMatch(/the store was encrypted \(\d+ rows in \d+ tables/);
    expect(Number(opened.db.prepare("SELECT count(*) FROM kv").pluck().get())).toBe(before);
    opened.db.close();
    expect(fileRevealsPlanted()).toBe(false);
  });

  it("says in one line what to do when the keychain's entry is missing or damaged, and never opens plaintext", () => {
    open(withKeychain()).db.close();
    const entry = [...keychain.entries.keys()][0]!;
    const stored = keychain.entries.get(entry)!;
    const bytes = readFileSync(paths().database);

    keychain.entries.delete(entry);
    const missing = failure(() => open(withKeychain()));
    expect(missing.code).toBe("STORE_LOCKED");
    expect(missing.line).toMatch(/key is missing from the system keychain.*restore the "store-key" entry/);
    expect(keychain.entries.size).toBe(0); // no new key was made over the old one

    keychain.entries.set(entry, "{not json");
    expect(failure(() => open(withKeychain())).line).toMatch(/key in .* is damaged.*restore/);
    keychain.entries.set(entry, JSON.stringify({ v: 1, key: "ab".repeat(32) }));
    expect(failure(() => open(withKeychain())).line).toMatch(/key in the keychain does not open the store/);

    expect(failure(() => open(noKeychain())).line).toMatch(
      /encrypted and no keychain answers.*unlock or start the keychain.*JARVIS_PASSPHRASE/,
    );
    expect(readFileSync(paths().database).equals(bytes)).toBe(true);
    keychain.entries.set(entry, stored);
    open(withKeychain()).db.close();
  });

  it("with no keychain, needs a passphrase or the explicit opt-out, and makes no file before", () => {
    const line = failure(() => open(noKeychain())).line;
    expect(line).toMatch(/^STORE_LOCKED: no keychain can hold the key/);
    expect(line).toContain("JARVIS_PASSPHRASE");
    expect(line).toContain("store.encryption: off");
    expect(existsSync(paths().database)).toBe(false);

    const env = { ...temp.env, JARVIS_PASSPHRASE: "paper lantern" };
    const opened = open(noKeychain(), on, env);
    expect(opened.plan.source).toBe("passphrase");
    opened.db.close();
    expect(
      failure(() => open(noKeychain(), on, { ...env, JARVIS_PASSPHRASE: "paper lanterns" })).line,
    ).toMatch(/passphrase does not open the store.*nothing was changed/);
  });

  it("keeps the store plaintext under the opt-out, and decrypts an encrypted one for it", () => {
    const before = plantPlaintextStore();
    const kept = open(noKeychain(), off);
    expect([kept.plan.source, kept.notice]).toEqual(["off", undefined]);
    kept.db.close();
    expect(fileRevealsPlanted()).toBe(true);

    open(withKeychain()).db.close();
    expect(fileRevealsPlanted()).toBe(false);
    const decrypted = open(withKeychain(), off);
    expect(decrypted.notice).toMatch(/decrypted because store.encryption is off/);
    expect(Number(decrypted.db.prepare("SELECT count(*) FROM kv").pluck().get())).toBe(before);
    decrypted.db.close();
    expect(storeFileState(paths().database)).toBe("plaintext");
  });
});

describe("the runtime's home", () => {
  it("tightens a home others can read, says so, and keeps the passphrase from what it starts", async () => {
    chmodSync(temp.jarvisHome, 0o755);
    writeFileSync(join(temp.jarvisHome, "config.yaml"), "policy: { autonomy: smart }\n", { mode: 0o644 });
    chmodSync(join(temp.jarvisHome, "config.yaml"), 0o644);
    const runtime = composeRuntime({ env: temp.env, logger: silentLogger, tools: () => [], loadConfig });
    try {
      expect(runtime.notices.join("\n")).toMatch(/\.jarvis was readable by others \(mode 755\)/);
      expect(runtime.notices.join("\n")).toMatch(/config\.yaml was readable by others \(mode 644\)/);
      expect(runtime.env.JARVIS_PASSPHRASE).toBeUndefined();
      expect(runtime.deps.env.JARVIS_PASSPHRASE).toBeUndefined();
      expect(runtime.storeKey).toBe("passphrase");
      expect(statSync(temp.jarvisHome).mode & 0o777).toBe(0o700);
      for (const file of ["config.yaml", "jarvis.db", "jarvis.db-wal", "keys/audit-key.key"]) {
        expect([file, (statSync(join(temp.jarvisHome, file)).mode & 0o777).toString(8)]).toEqual([
          file,
          "600",
        ]);
      }
    } finally {
      await runtime.close();
    }
  });

  it("tightens its own folders inside a private home without a word (no one else can reach them)", async () => {
    mkdirSync(join(temp.jarvisHome, "cache"), { mode: 0o755 });
    chmodSync(join(temp.jarvisHome, "cache"), 0o755);
    const runtime = composeRuntime({ env: temp.env, logger: silentLogger, tools: () => [], loadConfig });
    await runtime.close();
    expect(runtime.notices).toEqual([]);
    expect(statSync(join(temp.jarvisHome, "cache")).mode & 0o777).toBe(0o700);
  });
});

describe("asking for the passphrase at a terminal", () => {
  it("reads config.yaml as the ask does: store.encryption off asks nothing, a broken file is left to the runtime", async () => {
    const home = createTempHome("jarvis-ask-passphrase-");
    try {
      const { JARVIS_PASSPHRASE: _, ...env } = home.env;
      expect(await storePassphraseNeeded(env)).toBe("new");
      home.writeConfig("store:\n  encryption: off\n");
      expect(await storePassphraseNeeded(env)).toBeUndefined();
      home.writeConfig("store:\n  encryption: sometimes\n");
      expect(await storePassphraseNeeded(env)).toBeUndefined();
    } finally {
      home.cleanup();
    }
  });
});
