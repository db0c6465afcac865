import type { Clock } from "../core/clock.js";
import { JarvisError } from "../core/errors.js";
import { loadVectorExtension, type SqliteDatabase } from "../store/database.js";

/**
 * One sqlite-vec `vec0` table keyed by the rowid of the row it embeds (a chunk, a fact).
 * It is created on first use with the embedder's dimension and recorded in
 * `embedding_spaces`; a different embedder means a different space, so the table is rebuilt
 * rather than mixing vectors that cannot be compared.
 */
export class VectorTable {
  constructor(
    private readonly db: SqliteDatabase,
    readonly table: string,
    private readonly clock: Clock,
  ) {
    if (!/^[a-z_]+$/.test(table)) throw new Error(`bad vector table name ${table}`);
  }

  /** True when the table exists (then the extension is loaded so rows can be kept in sync). */
  exists(): boolean {
    const row = this.db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(this.table);
    if (row) this.load();
    return row !== undefined;
  }

  space(): { embedder: string; dimensions: number } | undefined {
    return this.db
      .prepare<[string], { embedder: string; dimensions: number }>(
        "SELECT embedder, dimensions FROM embedding_spaces WHERE table_name = ?",
      )
      .get(this.table);
  }

  /**
   * Makes sure the table holds vectors of this embedder and size; returns true when it had to
   * be (re)created, i.e. every row must be embedded again. Call inside a transaction.
   */
  ensure(embedder: string, dimensions: number): boolean {
    const current = this.space();
    const present = this.exists();
    if (present && current?.embedder === embedder && current.dimensions === dimensions) return false;
    this.load();
    if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 8192) {
      throw new JarvisError("UNAVAILABLE", `the embedder returned ${dimensions}-dimensional vectors`);
    }
    this.db.exec(`DROP TABLE IF EXISTS ${this.table}`);
    this.db.exec(
      `CREATE VIRTUAL TABLE ${this.table} USING vec0(embedding float[${dimensions}] distance_metric=cosine)`,
    );
    this.db
      .prepare(
        "INSERT INTO embedding_spaces (table_name, embedder, dimensions, created_at) VALUES (?, ?, ?, ?) " +
          "ON CONFLICT(table_name) DO UPDATE SET embedder = excluded.embedder, dimensions = excluded.dimensions, created_at = excluded.created_at",
      )
      .run(this.table, embedder, dimensions, this.clock.now());
    return true;
  }

  insert(rowid: number, vector: Float32Array): void {
    // vec0 wants integer rowids; JS numbers bind as REAL, so they go in as BigInt.
    this.db.prepare(`DELETE FROM ${this.table} WHERE rowid = ?`).run(BigInt(rowid));
    this.db.prepare(`INSERT INTO ${this.table} (rowid, embedding) VALUES (?, ?)`).run(BigInt(rowid), vector);
  }

  delete(rowids: Iterable<number>): void {
    if (!this.exists()) return;
    const statement = this.db.prepare(`DELETE FROM ${this.table} WHERE rowid = ?`);
    for (const rowid of rowids) statement.run(BigInt(rowid));
  }

  search(vector: Float32Array, k: number): Array<{ rowid: number; distance: number }> {
    if (!this.exists()) return [];
    const rows = this.db
      .prepare<[Float32Array, number], { rowid: number | bigint; distance: number }>(
        `SELECT rowid, distance FROM ${this.table} WHERE embedding MATCH ? AND k = ? ORDER BY distance`,
      )
      .all(vector, Math.min(4096, Math.max(1, k)));
    return rows.map((r) => ({ rowid: Number(r.rowid), distance: r.distance }));
  }

  count(): number {
    if (!this.exists()) return 0;
    return (this.db.prepare(`SELECT count(*) AS n FROM ${this.table}`).get() as { n: number }).n;
  }

  private load(): void {
    try {
      this.db.prepare("SELECT vec_version()").get();
    } catch {
      if (!loadVectorExtension(this.db)) {
        throw new JarvisError("UNAVAILABLE", "sqlite-vec could not be loaded for vector search", {
          fix: "reinstall with `npm ci`, or set embeddings.provider: none",
        });
      }
    }
  }
}
