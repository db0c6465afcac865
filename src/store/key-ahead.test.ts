import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isJarvisError } from "../core/errors.js";
import { createTempHome, type TempHome } from "../testing/home.js";
import { rekeyStore, type StoreKey } from "./cipher.js";
import { openStore } from "./database.js";
import { deriveAhead } from "./key-ahead.js";

const passphrase: StoreKey = { kind: "passphrase", text: "a passphrase the user chose" };
const NOTE = "the note kept under the passphrase";

let temp: TempHome;
let path: string;
beforeEach(() => {
  temp = createTempHome("jarvis-key-ahead-");
  path = join(temp.jarvisHome, "jarvis.db");
  const db = openStore(path, { key: passphrase });
  db.prepare("INSERT INTO kv (key, value, updated_at) VALUES (?, ?, 0)").run("note", NOTE);
  db.close();
});
afterEach(() => temp.cleanup());

const note = (key: StoreKey, derived?: Awaited<ReturnType<typeof deriveAhead>>) => {
  const db = openStore(path, { key, derived });
  try {
    return db.prepare("SELECT value FROM kv WHERE key = 'note'").pluck().get();
  } finally {
    db.close();
  }
};
const digest = () =>
  ["", "-wal"].map((suffix) =>
    existsSync(path + suffix)
      ? createHash("sha256")
          .update(readFileSync(path + suffix))
          .digest("hex")
      : "",
  );

describe("a passphrase's key derived ahead", () => {
  it("is the key SQLite derives from the passphrase: it opens the store as a raw key", async () => {
    const derived = await deriveAhead(path, passphrase.text);
    expect(derived?.hex).toMatch(/^[0-9a-f]{64}$/);
    expect(note({ kind: "raw", hex: derived!.hex })).toBe(NOTE);
    expect(note(passphrase, derived)).toBe(NOTE);
  });

  it("never opens the store for another passphrase: a wrong one is refused as before, nothing changed", async () => {
    const derived = await deriveAhead(path, passphrase.text);
    const before = digest();
    let failure: unknown;
    try {
      note({ kind: "passphrase", text: "not it" }, derived);
    } catch (error) {
      failure = error;
    }
    expect(isJarvisError(failure) && failure.toLine()).toMatch(
      /STORE_LOCKED.*the passphrase does not open the store.*nothing was changed/,
    );
    expect(digest()).toEqual(before);
  });

  it("a key that does not open the file gives way to the passphrase itself", async () => {
    const derived = await deriveAhead(path, passphrase.text);
    expect(note(passphrase, { ...derived!, hex: "00".repeat(32) })).toBe(NOTE);
  });

  it("is not used once the file has a new salt, and is not derived for a plaintext or missing store", async () => {
    const derived = await deriveAhead(path, passphrase.text);
    rekeyStore(path, passphrase, { kind: "raw", hex: "5a".repeat(32) });
    rekeyStore(path, { kind: "raw", hex: "5a".repeat(32) }, passphrase);
    expect(note(passphrase, derived)).toBe(NOTE);
    expect((await deriveAhead(path, passphrase.text))?.hex).not.toBe(derived?.hex);
    rekeyStore(path, passphrase, undefined);
    expect(await deriveAhead(path, passphrase.text)).toBeUndefined();
    expect(await deriveAhead(join(temp.jarvisHome, "none.db"), passphrase.text)).toBeUndefined();
  });
});
