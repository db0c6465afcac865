import type { Clock } from "../core/clock.js";
import type { SqliteDatabase } from "./database.js";

/** Small key/value table for settings-like state that is not worth a table of its own. */
export class KeyValueRepository {
  private readonly getStatement;
  private readonly setStatement;
  private readonly deleteStatement;

  constructor(
    db: SqliteDatabase,
    private readonly clock: Clock,
  ) {
    this.getStatement = db.prepare<[string], { value: string }>("SELECT value FROM kv WHERE key = ?");
    this.setStatement = db.prepare(
      "INSERT INTO kv (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
    );
    this.deleteStatement = db.prepare("DELETE FROM kv WHERE key = ?");
  }

  get<T>(key: string): T | undefined {
    const row = this.getStatement.get(key);
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  set(key: string, value: unknown): void {
    this.setStatement.run(key, JSON.stringify(value), this.clock.now());
  }

  delete(key: string): void {
    this.deleteStatement.run(key);
  }
}
