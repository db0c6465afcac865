import type Database from "better-sqlite3-multiple-ciphers";

/** A numbered schema step; `up` runs inside the store's migration transaction. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}
