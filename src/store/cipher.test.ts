import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isJarvisError } from "../core/errors.js";
import { REPO_ROOT } from "../testing/cli.js";
import { createTempHome, type TempHome } from "../testing/home.js";
import { rekeyStore, type StoreKey, storeFileState } from "./cipher.js";
import { openStore, type SqliteDatabase } from "./database.js";

const SECRET = "zebra-quartz-7731 the vault code";
const raw: StoreKey = { kind: "raw", hex: "5a".repeat(32) };
const passphrase: StoreKey = { kind: "passphrase", text: "a passphrase the user chose" };

let temp: TempHome;
let path: string;
beforeEach(() => {
  temp = createTempHome();
  path = join(temp.jarvisHome, "jarvis.db");
});
afterEach(() => temp.cleanup());

/** A store with the full schema and rows in memory, knowledge (FTS) and the audit log. */
function fill(db: SqliteDatabase): void {
  db.prepare("INSERT INTO kv (key, value, updated_at) VALUES (?, ?, 0)").run("note", SECRET);
  db.exec(`CREATE TABLE planted (id INTEGER PRIMARY KEY, body TEXT);
    CREATE VIRTUAL TABLE planted_fts USING fts5(body);`);
  const insert = db.prepare("INSERT INTO planted (body) VALUES (?)");
  const fts = db.prepare("INSERT INTO planted_fts (body) VALUES (?)");
  for (let i = 0; i < 500; i++) {
    insert.run(`${SECRET} #${i}`);
    fts.run(`${SECRET} #${i}`);
  }
}

function rows(db: SqliteDatabase): Record<string, number> {
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'")
    .pluck()
    .all() as string[];
  return Object.fromEntries(
    tables.map((name) => [name, Number(db.prepare(`SELECT count(*) FROM "${name}"`).pluck().get())]),
  );
}

const onDisk = () =>
  ["", "-wal", "-shm"].map((suffix) =>
    existsSync(path + suffix) ? readFileSync(path + suffix) : Buffer.alloc(0),
  );
const revealsSecret = () => onDisk().some((bytes) => bytes.includes(SECRET.slice(0, 16)));
const digest = () => onDisk().map((bytes) => createHash("sha256").update(bytes).digest("hex"));

describe("the encrypted store", () => {
  it("encrypts a plaintext store in place: every row kept, no planted text left in the file", () => {
    const plain = openStore(path);
    fill(plain);
    const before = rows(plain);
    plain.close();
    expect(revealsSecret()).toBe(true);

    const report = rekeyStore(path, undefined, raw);
    expect(report.tables).toBe(Object.keys(before).length);
    expect(storeFileState(path)).toBe("encrypted");
    expect(revealsSecret()).toBe(false);
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const db = openStore(path, { key: raw });
    expect(rows(db)).toEqual(before);
    expect(db.prepare("SELECT count(*) FROM planted_fts WHERE planted_fts MATCH 'zebra'").pluck().get()).toBe(
      500,
    );
    db.prepare("INSERT INTO planted (body) VALUES (?)").run(`${SECRET} written later`);
    db.close();
    expect(revealsSecret()).toBe(false); // new pages and the WAL are encrypted too
  });

  it("creates a new store encrypted, readable by its owner only, with sqlite-vec loading", () => {
    const db = openStore(path, { key: passphrase, vectors: true });
    expect(db.prepare("SELECT vec_version()").pluck().get()).toMatch(/^v/);
    fill(db);
    db.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(revealsSecret()).toBe(false);
    expect(storeFileState(path)).toBe("encrypted");
  });

  it("refuses a wrong key in one line and leaves every byte of the store as it was", () => {
    const db = openStore(path, { key: passphrase });
    fill(db);
    db.close();
    const before = digest();
    for (const wrong of [{ kind: "passphrase", text: "not it" } as const, raw]) {
      let failure: unknown;
      try {
        openStore(path, { key: wrong });
      } catch (error) {
        failure = error;
      }
      expect(isJarvisError(failure) && failure.code).toBe("STORE_LOCKED");
      expect(isJarvisError(failure) && failure.toLine()).toMatch(
        /does not open the store.*nothing was changed/,
      );
      expect(() => rekeyStore(path, wrong, undefined)).toThrow(/does not open the store/);
    }
    expect(() => openStore(path)).toThrow(/is encrypted and no key was given/);
    expect(digest()).toEqual(before);
  });

  it("decrypts for the opt-out and changes keys, losing nothing", () => {
    const db = openStore(path, { key: raw });
    fill(db);
    const before = rows(db);
    db.close();
    rekeyStore(path, raw, passphrase);
    rekeyStore(path, passphrase, undefined);
    expect(storeFileState(path)).toBe("plaintext");
    const plain = openStore(path);
    expect(rows(plain)).toEqual(before);
    plain.close();
  });

  it("leaves the old file usable when the process dies in the middle, and the next run finishes", () => {
    const plain = openStore(path);
    fill(plain);
    const before = rows(plain);
    plain.close();
    const cipher = pathToFileURL(join(REPO_ROOT, "dist", "store", "cipher.js")).href;
    // A real crash: the process kills itself once the new file is complete, just before the swap.
    const child = spawnSync(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { rekeyStore } = await import(${JSON.stringify(cipher)});
         rekeyStore(process.argv[1], undefined, { kind: "raw", hex: "5a".repeat(32) },
           { beforeSwap: () => process.kill(process.pid, "SIGKILL") });`,
        path,
      ],
      { encoding: "utf8" },
    );
    expect(child.signal, child.stderr).toBe("SIGKILL");
    expect(existsSync(`${path}.rekeying`)).toBe(true); // the half-done work is beside, never in place
    expect(storeFileState(path)).toBe("plaintext");
    const survivor = openStore(path);
    expect(rows(survivor)).toEqual(before);
    survivor.close();

    rekeyStore(path, undefined, raw);
    expect(existsSync(`${path}.rekeying`)).toBe(false);
    const db = openStore(path, { key: raw });
    expect(rows(db)).toEqual(before);
    db.close();
  });

  it("will not rewrite a store another process has open, and changes nothing", async () => {
    openStore(path).close();
    const holder = await holdOpen(path);
    try {
      const before = digest();
      let failure: unknown;
      try {
        rekeyStore(path, undefined, raw);
      } catch (error) {
        failure = error;
      }
      expect(isJarvisError(failure) && failure.details?.busy).toBe(true);
      expect(isJarvisError(failure) && failure.toLine()).toMatch(
        /another Jarvis has the store .* open.*jarvis service stop/,
      );
      expect(digest()).toEqual(before);
      expect(storeFileState(path)).toBe("plaintext");
    } finally {
      holder.kill("SIGKILL");
    }
  });
});

/** Another process with the store open (as a running Jarvis service would have). */
async function holdOpen(file: string): Promise<ChildProcess> {
  const database = pathToFileURL(join(REPO_ROOT, "dist", "store", "database.js")).href;
  const child = spawn(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      `const { openStore } = await import(${JSON.stringify(database)});
       const db = openStore(process.argv[1]);
       db.prepare("SELECT count(*) FROM kv").get();
       console.log("open"); setInterval(() => {}, 1000);`,
      file,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
}
