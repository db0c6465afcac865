import type { Clock } from "../core/clock.js";
import type { SqliteDatabase } from "../store/database.js";
import { DEFAULT_KEYWORD_SETTINGS, KeywordSearcher, type KeywordSettings } from "./keyword.js";
import type { Chunk, DocumentInfo, DocumentKind, SearchResult } from "./types.js";
import { VectorTable } from "./vectors.js";

/** BM25 column weights: (title incl. heading path, body). Title words are the strongest hint. */
export const TITLE_WEIGHT = 3;

interface DocumentRow {
  id: number;
  source: string;
  title: string;
  kind: DocumentKind;
  hash: string;
  bytes: number;
  pages: number | null;
  words: number;
  chunk_count: number;
  embedder: string | null;
  added_at: number;
  updated_at: number;
}

interface ChunkRow {
  id: number;
  document_id: number;
  ord: number;
  page: number | null;
  title: string;
  text: string;
  source: string;
  doc_title: string;
}

export interface NewDocument {
  source: string;
  title: string;
  kind: DocumentKind;
  hash: string;
  bytes: number;
  pages?: number | undefined;
  chunks: Chunk[];
  /** Present when vectors were computed: one per chunk, same order. */
  vectors?: { embedder: string; values: Float32Array[] } | undefined;
}

/** SQL for documents, chunks, their FTS5 index and vectors; no parsing, no I/O beyond the db. */
export class KnowledgeStore {
  readonly vectors: VectorTable;
  readonly keywordSearcher: KeywordSearcher;

  constructor(
    readonly db: SqliteDatabase,
    private readonly clock: Clock,
    keyword: Partial<KeywordSettings> = {},
  ) {
    this.vectors = new VectorTable(db, "kb_chunks_vec", clock);
    this.keywordSearcher = new KeywordSearcher(db, TITLE_WEIGHT, { ...DEFAULT_KEYWORD_SETTINGS, ...keyword });
  }

  find(sourceOrId: string | number): DocumentInfo | undefined {
    const row =
      typeof sourceOrId === "number"
        ? this.db.prepare<[number], DocumentRow>("SELECT * FROM kb_documents WHERE id = ?").get(sourceOrId)
        : this.db
            .prepare<[string], DocumentRow>("SELECT * FROM kb_documents WHERE source = ?")
            .get(sourceOrId);
    return row ? toInfo(row) : undefined;
  }

  list(): DocumentInfo[] {
    return this.db.prepare<[], DocumentRow>("SELECT * FROM kb_documents ORDER BY source").all().map(toInfo);
  }

  /** Documents whose source is `prefix` or lies under the folder `prefix`. */
  underFolder(prefix: string): DocumentInfo[] {
    const base = prefix.replace(/\/+$/, "");
    // Everything starting with "dir/" sorts in ["dir/", "dir0"): '0' is the byte after '/'.
    return this.db
      .prepare<[string, string, string], DocumentRow>(
        "SELECT * FROM kb_documents WHERE source = ? OR (source >= ? AND source < ?) ORDER BY source",
      )
      .all(base, `${base}/`, `${base}0`)
      .map(toInfo);
  }

  /**
   * Writes a document in one transaction: old chunks (and their FTS and vector rows) out, new
   * ones in. A failure anywhere rolls the whole document back, so the index is never half-written.
   */
  replace(doc: NewDocument): { id: number; status: "added" | "updated" } {
    const write = this.db.transaction((): { id: number; status: "added" | "updated" } => {
      const now = this.clock.now();
      const existing = this.find(doc.source);
      if (existing) this.deleteChunks(existing.id);
      if (doc.vectors && doc.vectors.values.length > 0) {
        const reset = this.vectors.ensure(doc.vectors.embedder, doc.vectors.values[0]!.length);
        if (reset) this.db.prepare("UPDATE kb_documents SET embedder = NULL").run();
      }
      const totalWords = doc.chunks.reduce((n, c) => n + c.words, 0);
      let id: number;
      if (existing) {
        id = existing.id;
        this.db
          .prepare(
            "UPDATE kb_documents SET title = ?, kind = ?, hash = ?, bytes = ?, pages = ?, words = ?, chunk_count = ?, embedder = ?, updated_at = ? WHERE id = ?",
          )
          .run(
            doc.title,
            doc.kind,
            doc.hash,
            doc.bytes,
            doc.pages ?? null,
            totalWords,
            doc.chunks.length,
            doc.vectors?.embedder ?? null,
            now,
            id,
          );
      } else {
        id = Number(
          this.db
            .prepare(
              "INSERT INTO kb_documents (source, title, kind, hash, bytes, pages, words, chunk_count, embedder, added_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            )
            .run(
              doc.source,
              doc.title,
              doc.kind,
              doc.hash,
              doc.bytes,
              doc.pages ?? null,
              totalWords,
              doc.chunks.length,
              doc.vectors?.embedder ?? null,
              now,
              now,
            ).lastInsertRowid,
        );
      }
      const insert = this.db.prepare(
        "INSERT INTO kb_chunks (document_id, ord, page, title, text) VALUES (?, ?, ?, ?, ?)",
      );
      doc.chunks.forEach((chunk, i) => {
        const chunkId = Number(
          insert.run(id, chunk.ord, chunk.page ?? null, chunkTitle(doc.title, chunk.heading), chunk.text)
            .lastInsertRowid,
        );
        const vector = doc.vectors?.values[i];
        if (vector) this.vectors.insert(chunkId, vector);
      });
      return { id, status: existing ? "updated" : "added" };
    });
    return write.immediate();
  }

  /** Adds vectors for a document already indexed (embedder added or changed later). */
  setVectors(documentId: number, embedder: string, values: Float32Array[]): void {
    const write = this.db.transaction(() => {
      const ids = this.chunkIds(documentId);
      if (ids.length !== values.length || values.length === 0) return;
      const reset = this.vectors.ensure(embedder, values[0]!.length);
      if (reset) this.db.prepare("UPDATE kb_documents SET embedder = NULL").run();
      this.vectors.delete(ids);
      ids.forEach((id, i) => {
        this.vectors.insert(id, values[i]!);
      });
      this.db.prepare("UPDATE kb_documents SET embedder = ? WHERE id = ?").run(embedder, documentId);
    });
    write.immediate();
  }

  remove(documentId: number): boolean {
    const write = this.db.transaction(() => {
      this.deleteChunks(documentId);
      return this.db.prepare("DELETE FROM kb_documents WHERE id = ?").run(documentId).changes > 0;
    });
    return write.immediate();
  }

  chunks(
    documentId: number,
  ): Array<{ id: number; ord: number; page: number | null; title: string; text: string }> {
    return this.db
      .prepare<[number], { id: number; ord: number; page: number | null; title: string; text: string }>(
        "SELECT id, ord, page, title, text FROM kb_chunks WHERE document_id = ? ORDER BY ord",
      )
      .all(documentId);
  }

  /** Top chunks by BM25 for free text; score = BM25 (higher is better). */
  keyword(query: string, limit: number): Array<{ id: number; score: number }> {
    return this.keywordSearcher.search(query, limit);
  }

  /** Full rows for chunk ids, in the order given. */
  hydrate(ranked: ReadonlyArray<{ id: number; score: number }>): SearchResult[] {
    if (ranked.length === 0) return [];
    const placeholders = ranked.map(() => "?").join(",");
    const rows = this.db
      .prepare<number[], ChunkRow>(
        `SELECT c.id, c.document_id, c.ord, c.page, c.title, c.text, d.source, d.title AS doc_title FROM kb_chunks c JOIN kb_documents d ON d.id = c.document_id WHERE c.id IN (${placeholders})`,
      )
      .all(...ranked.map((r) => r.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const out: SearchResult[] = [];
    for (const { id, score } of ranked) {
      const row = byId.get(id);
      if (!row) continue;
      const heading = row.title.startsWith(`${row.doc_title} — `)
        ? row.title.slice(row.doc_title.length + 3)
        : undefined;
      out.push({
        chunkId: row.id,
        documentId: row.document_id,
        source: row.source,
        title: row.doc_title,
        page: row.page ?? undefined,
        heading,
        text: row.text,
        score,
      });
    }
    return out;
  }

  /** Documents without vectors from this embedder (added before it was configured, or another one). */
  missingVectors(embedder: string): DocumentInfo[] {
    return this.db
      .prepare<[string], DocumentRow>(
        "SELECT * FROM kb_documents WHERE embedder IS NULL OR embedder != ? ORDER BY id",
      )
      .all(embedder)
      .map(toInfo);
  }

  stats(): { documents: number; chunks: number; vectors: number } {
    const documents = (this.db.prepare("SELECT count(*) AS n FROM kb_documents").get() as { n: number }).n;
    const chunks = (this.db.prepare("SELECT count(*) AS n FROM kb_chunks").get() as { n: number }).n;
    return { documents, chunks, vectors: this.vectors.count() };
  }

  private chunkIds(documentId: number): number[] {
    return this.db
      .prepare<[number], { id: number }>("SELECT id FROM kb_chunks WHERE document_id = ? ORDER BY ord")
      .all(documentId)
      .map((r) => r.id);
  }

  private deleteChunks(documentId: number): void {
    this.vectors.delete(this.chunkIds(documentId));
    // The kb_chunks delete trigger removes the FTS5 entries of each row.
    this.db.prepare("DELETE FROM kb_chunks WHERE document_id = ?").run(documentId);
  }
}

export function chunkTitle(title: string, heading?: string): string {
  return heading && heading !== title ? `${title} — ${heading}` : title;
}

function toInfo(row: DocumentRow): DocumentInfo {
  return {
    id: row.id,
    source: row.source,
    title: row.title,
    kind: row.kind,
    hash: row.hash,
    bytes: row.bytes,
    pages: row.pages,
    words: row.words,
    chunks: row.chunk_count,
    embedder: row.embedder,
    addedAt: row.added_at,
    updatedAt: row.updated_at,
  };
}
