/**
 * better-sqlite3-multiple-ciphers ships its types, but its package.json "exports" does not name
 * them, so NodeNext resolution cannot find them. Its API is better-sqlite3's (whose types we
 * have) plus key/rekey; this says so.
 */
declare module "better-sqlite3-multiple-ciphers" {
  import Base = require("better-sqlite3");

  interface CipherDatabase extends Base.Database {
    /** sqlite3_key: a passphrase, or a raw key written `x'<64 hex digits>'`. */
    key(key: Buffer): number;
    /** sqlite3_rekey: re-encrypts every page; an empty key decrypts. Not in WAL mode. */
    rekey(key: Buffer): number;
  }

  interface CipherConstructor {
    new (filename?: string | Buffer, options?: Base.Options): CipherDatabase;
    (filename?: string, options?: Base.Options): CipherDatabase;
    prototype: CipherDatabase;
  }

  const Database: CipherConstructor;
  namespace Database {
    type Database = CipherDatabase;
    // biome-ignore lint/complexity/noBannedTypes: the same constraint as better-sqlite3's own Statement
    type Statement<BindParameters extends unknown[] | {} = unknown[], Result = unknown> = Base.Statement<
      BindParameters,
      Result
    >;
    type Options = Base.Options;
    type RunResult = Base.RunResult;
  }
  export = Database;
}
