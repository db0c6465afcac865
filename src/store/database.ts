import { createRequire } from "node:module";
import Database from "better-sqlite3-multiple-ciphers";
import { JarvisError } from "../core/errors.js";
import { createPrivateFile, type StoreKey, storeFileState, unlockStore } from "./cipher.js";
import type { DerivedKey } from "./key-ahead.js";
import { ALL_MIGRATIONS } from "./migrations/index.js";
import type { Migration } from "./migrations/types.js";

export type SqliteDatabase = Database.Database;

export interface OpenStoreOptions {
  migrations?: readonly Migration[];
  /** Load sqlite-vec; only the knowledge base needs it, so callers opt in. */
  vectors?: boolean;
  readonly?: boolean;
  /** The store's key; without one the file must be plaintext (or new, and then stays plaintext). */
  key?: StoreKey;
  /** The passphrase's key derived ahead (`key-ahead.ts`); used only if it is for this key and file. */
  derived?: DerivedKey;
}

/**
 * Opens (creating if needed, readable by its owner only) the SQLite store in WAL mode and brings
 * its schema up to date. With a key the file is unlocked first, so a wrong key changes nothing.
 */
export function openStore(path: string, options: OpenStoreOptions = {}): SqliteDatabase {
  if (path !== ":memory:") prepareFile(path, options);
  let db: SqliteDatabase;
  try {
    db = quickReport(() => new Database(path, { readonly: options.readonly ?? false }));
  } catch (cause) {
    throw new JarvisError(
      "STORE_FAILED",
      `cannot open the database at ${path}: ${(cause as Error).message}`,
      {
        fix: "check that JARVIS_HOME is writable",
        cause,
      },
    );
  }
  try {
    if (options.key) unlockStore(db, options.key, path, options.derived);
    if (!options.readonly) {
      db.pragma("journal_mode = WAL");
      db.pragma("synchronous = NORMAL");
    }
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 5000");
    if (options.vectors) loadVectorExtension(db);
    if (!options.readonly) migrate(db, options.migrations ?? ALL_MIGRATIONS);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Runs `open` with Node's diagnostic report leaving out the environment and the network: the
 * driver's first open calls `process.report.getReport()` to tell glibc from musl (it reads one
 * header field), and gathering those two sections is most of that call's ~5-9 ms in a one-shot
 * command (docs/decisions/0040). The settings are put back as they were.
 */
function quickReport<T>(open: () => T): T {
  // excludeNetwork is in Node since 20.13 and 22.0, not yet in @types/node's ProcessReport
  const report = process.report as NodeJS.ProcessReport & { excludeNetwork: boolean };
  if (!report || !("excludeEnv" in report)) return open();
  const before = { network: report.excludeNetwork, env: report.excludeEnv };
  report.excludeNetwork = true;
  report.excludeEnv = true;
  try {
    return open();
  } finally {
    report.excludeNetwork = before.network;
    report.excludeEnv = before.env;
  }
}

function prepareFile(path: string, options: OpenStoreOptions): void {
  const state = storeFileState(path);
  if (state === "encrypted" && !options.key) {
    throw new JarvisError("STORE_LOCKED", `the store at ${path} is encrypted and no key was given`, {
      fix: "open it through jarvis, which takes the key from the keychain or JARVIS_PASSPHRASE",
    });
  }
  if (state === "plaintext" && options.key) {
    throw new JarvisError("STORE_FAILED", `the store at ${path} is not encrypted yet`, {
      fix: "encrypt it first (rekeyStore); jarvis does this itself when it opens the store",
    });
  }
  if (state === "new" && !options.readonly) createPrivateFile(path);
}

export function loadVectorExtension(db: SqliteDatabase): boolean {
  try {
    const require = createRequire(import.meta.url);
    const sqliteVec = require("sqlite-vec") as { load(db: SqliteDatabase): void };
    sqliteVec.load(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * Applies pending migrations in one transaction: all of them land or none does, so a failed
 * migration leaves the previous schema and data untouched.
 */
export function migrate(db: SqliteDatabase, migrations: readonly Migration[]): number {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  for (let i = 1; i < ordered.length; i++) {
    if (ordered[i]?.version === ordered[i - 1]?.version) {
      throw new JarvisError("MIGRATION_FAILED", `two migrations share version ${ordered[i]?.version}`);
    }
  }
  const current = Number(db.pragma("user_version", { simple: true }));
  const latest = ordered.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new JarvisError(
      "MIGRATION_FAILED",
      `the database is at schema ${current}, newer than this Jarvis knows (${latest})`,
      { fix: "upgrade Jarvis, or point JARVIS_HOME at another directory" },
    );
  }
  const pending = ordered.filter((m) => m.version > current);
  if (pending.length === 0) return current;
  const apply = db.transaction(() => {
    for (const migration of pending) {
      try {
        migration.up(db);
      } catch (cause) {
        throw new JarvisError(
          "MIGRATION_FAILED",
          `migration ${migration.version} (${migration.name}) failed: ${(cause as Error).message}`,
          { fix: "the database was left as it was; report this with `jarvis doctor`", cause },
        );
      }
      db.pragma(`user_version = ${migration.version}`);
    }
  });
  apply.immediate();
  return latest;
}
