import {
  chmodSync,
  closeSync,
  copyFileSync,
  fstatSync,
  fsyncSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3-multiple-ciphers";
import { JarvisError } from "../core/errors.js";
import { aheadFor, type DerivedKey } from "./key-ahead.js";

/**
 * What locks the store: a random 256-bit key (kept in the OS keychain, used as a raw key so no
 * key derivation runs at open) or a passphrase the user chose (SQLite3MultipleCiphers derives
 * the key with PBKDF2 and a salt kept in the file). The cipher is the library's default,
 * ChaCha20-Poly1305: every page is encrypted and authenticated, the WAL too.
 */
export type StoreKey = { kind: "raw"; hex: string } | { kind: "passphrase"; text: string };

/** `new`: no file or an empty one (SQLite writes the header on the first write). */
export type StoreFileState = "new" | "plaintext" | "encrypted";

const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1");

/** Read from the file's first 16 bytes: a plaintext SQLite file says so; an encrypted one is noise. */
export function storeFileState(path: string): StoreFileState {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "new";
    throw error;
  }
  try {
    const head = Buffer.alloc(16);
    const read = readSync(fd, head, 0, 16, 0);
    if (read === 0) return "new";
    return read === 16 && head.equals(SQLITE_HEADER) ? "plaintext" : "encrypted";
  } finally {
    closeSync(fd);
  }
}

export function isRawKey(hex: string): boolean {
  return /^[0-9a-f]{64}$/.test(hex);
}

function keyBytes(key: StoreKey | undefined): Buffer {
  if (!key) return Buffer.alloc(0);
  return key.kind === "raw" ? Buffer.from(`x'${key.hex}'`, "latin1") : Buffer.from(key.text, "utf8");
}

/**
 * Gives the connection its key and proves the key opens the file by reading the schema. A wrong
 * key fails here, before the journal mode or any migration writes a byte. A passphrase's key
 * derived ahead (`key-ahead.ts`) for this passphrase and this file is tried first.
 */
export function unlockStore(db: Database.Database, key: StoreKey, path: string, derived?: DerivedKey): void {
  const ahead = key.kind === "passphrase" ? aheadFor(derived, key.text, path) : undefined;
  if (ahead) {
    db.key(ahead);
    try {
      db.prepare("SELECT count(*) FROM sqlite_master").get();
      return;
    } catch (cause) {
      // Not the key the library derives after all: the passphrase itself decides, below
      if ((cause as { code?: string }).code !== "SQLITE_NOTADB") throw cause;
    }
  }
  db.key(keyBytes(key));
  try {
    db.prepare("SELECT count(*) FROM sqlite_master").get();
  } catch (cause) {
    if ((cause as { code?: string }).code !== "SQLITE_NOTADB") throw cause;
    throw key.kind === "passphrase"
      ? new JarvisError("STORE_LOCKED", `the passphrase does not open the store at ${path}`, {
          fix: "give the passphrase the store was encrypted with (JARVIS_PASSPHRASE or the prompt); nothing was changed",
          cause,
        })
      : new JarvisError("STORE_LOCKED", `the key in the keychain does not open the store at ${path}`, {
          fix: 'restore this home\'s "store-key" entry from a keychain backup (or give JARVIS_PASSPHRASE if you chose a passphrase); nothing was changed',
          cause,
        });
  }
}

/** Creates the database file readable by its owner only; SQLite gives its WAL and shm the same mode. */
export function createPrivateFile(path: string): void {
  closeSync(openSync(path, "a", 0o600));
  chmodSync(path, 0o600);
}

export interface RekeyHooks {
  /** Runs when the new file is complete and verified, just before it replaces the old one (tests crash here). */
  beforeSwap?(): void;
}

export interface RekeyReport {
  tables: number;
  rows: number;
}

/**
 * Rewrites the store under another key, or none: encrypting a plaintext store, decrypting one
 * for the opt-out, or changing the key. The new file is built beside the old one from a copy
 * taken under a write lock, checked (integrity and every table's row count equal to the old
 * file's) and synced, then renamed over it in one step: a crash at any point leaves either the
 * old file or the complete new one. Another process holding the store open stops it first.
 */
export function rekeyStore(
  path: string,
  from: StoreKey | undefined,
  to: StoreKey | undefined,
  hooks: RekeyHooks = {},
): RekeyReport {
  const temp = `${path}.rekeying`;
  for (const leftover of [temp, `${temp}-journal`]) rmSync(leftover, { force: true });
  const inode = statSync(path).ino;
  const source = new Database(path);
  let locked = false;
  try {
    if (from) unlockStore(source, from, path);
    source.pragma("busy_timeout = 3000");
    takeSoleAccess(source, path);
    source.exec("BEGIN IMMEDIATE");
    locked = true;
    if (statSync(path).ino !== inode || storeFileState(path) !== (from ? "encrypted" : "plaintext")) {
      throw new JarvisError("STORE_FAILED", `the store at ${path} changed while it was being rewritten`, {
        fix: "run the command again; nothing was changed",
      });
    }
    const before = countRows(source);
    copyFileSync(path, temp);
    chmodSync(temp, 0o600);
    const copy = new Database(temp);
    try {
      if (from) unlockStore(copy, from, temp);
      copy.rekey(keyBytes(to));
    } finally {
      copy.close();
    }
    verifyCopy(temp, to, before);
    syncFile(temp);
    hooks.beforeSwap?.();
    const old = openSync(path, "r+");
    try {
      renameSync(temp, path);
      syncFile(dirname(path));
      if (!from) wipe(old);
    } finally {
      closeSync(old);
    }
    return { tables: before.size, rows: [...before.values()].reduce((sum, n) => sum + n, 0) };
  } finally {
    if (locked) source.exec("ROLLBACK");
    source.close();
    rmSync(temp, { force: true });
  }
}

/**
 * Leaving WAL mode needs every other connection closed, so it doubles as the check that no other
 * Jarvis has the store open (whose writes would go to the replaced file).
 */
function takeSoleAccess(db: Database.Database, path: string): void {
  let mode: unknown;
  try {
    mode = db.pragma("journal_mode = DELETE", { simple: true });
  } catch (cause) {
    if (!String((cause as { code?: string }).code).startsWith("SQLITE_BUSY")) throw cause;
  }
  if (mode !== "delete") {
    throw new JarvisError("STORE_FAILED", `another Jarvis has the store at ${path} open`, {
      details: { busy: true },
      fix: "stop it (`jarvis service stop`, or close the other jarvis) and run the command again; nothing was changed",
    });
  }
}

function countRows(db: Database.Database): Map<string, number> {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  return new Map(
    tables.map((name) => [
      name,
      Number(
        db
          .prepare(`SELECT count(*) FROM "${name.replaceAll('"', '""')}"`)
          .pluck()
          .get(),
      ),
    ]),
  );
}

function verifyCopy(temp: string, key: StoreKey | undefined, before: Map<string, number>): void {
  const expected = key ? "encrypted" : "plaintext";
  const problem = (what: string) =>
    new JarvisError("STORE_FAILED", `the rewritten store failed its check (${what})`, {
      fix: "nothing was changed; report this with `jarvis doctor`",
    });
  if (storeFileState(temp) !== expected) throw problem(`it is not ${expected}`);
  const check = new Database(temp, { readonly: true });
  try {
    if (key) unlockStore(check, key, temp);
    const integrity = check.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") throw problem(String(integrity));
    const after = countRows(check);
    for (const [table, rows] of before) {
      if (after.get(table) !== rows)
        throw problem(`${table}: ${rows} rows before, ${after.get(table)} after`);
    }
    if (after.size !== before.size) throw problem("the tables differ");
  } finally {
    check.close();
  }
}

function syncFile(path: string): void {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Overwrites the replaced plaintext file before its blocks are freed: best effort (an SSD or a
 * copy-on-write file system may keep old blocks), but nothing readable stays in the file itself.
 */
function wipe(fd: number): void {
  const size = fstatSync(fd).size;
  const zeros = Buffer.alloc(64 * 1024);
  for (let offset = 0; offset < size; offset += zeros.length) {
    writeSync(fd, zeros, 0, Math.min(zeros.length, size - offset), offset);
  }
  fsyncSync(fd);
}
