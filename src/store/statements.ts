import type { Statement } from "better-sqlite3-multiple-ciphers";
import type { SqliteDatabase } from "./database.js";

/**
 * Prepared statements by SQL text, prepared on first use: preparing is most of the cost of a
 * small query, and the service's stores run the same few queries on every wake-up.
 */
export class Statements {
  private readonly cache = new Map<string, Statement<unknown[], unknown>>();

  constructor(private readonly db: SqliteDatabase) {}

  get<P extends unknown[] = unknown[], R = unknown>(sql: string): Statement<P, R> {
    let statement = this.cache.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.cache.set(sql, statement);
    }
    return statement as unknown as Statement<P, R>;
  }
}
