import type { SqliteDatabase } from "../store/database.js";
import { porterStem } from "./porter.js";
import { matchExpression, queryTerms } from "./query.js";

/** FTS5's bm25() constants; rescoring must agree with the index's own ranking. */
const K1 = 1.2;
const B = 0.75;

export interface KeywordSettings {
  /** Below this many chunks every query is ranked exactly by FTS5 (it is fast enough). */
  pruneMinRows: number;
  /** Rare terms are those whose summed document frequency stays under this share of chunks. */
  rareShare: number;
  /** Candidates taken from the rare terms, per result asked for. */
  candidatesPerResult: number;
  /** Floor of the rare-term budget, in rows. */
  minBudget?: number;
}

export const DEFAULT_KEYWORD_SETTINGS: KeywordSettings = {
  pruneMinRows: 20_000,
  rareShare: 0.1,
  candidatesPerResult: 10,
  minBudget: 2000,
};

/**
 * BM25 over the chunk index. Small indexes: FTS5's own bm25() over an OR of the query words.
 * Large ones: FTS5 scores every row matching any word, so a query with a common word ("cells")
 * touches most of the index. There, candidates come from the rare words only (MaxScore-style:
 * a row with none of them cannot score high), then each candidate is rescored exactly with the
 * same BM25 formula over all words — document frequencies from the index (cached until it
 * changes), term counts from the same Porter stemming the index uses, lengths from FTS5's docsize.
 */
export class KeywordSearcher {
  private readonly documentFrequency = new Map<string, number>();
  private readonly stems = new Map<string, string>();
  private cacheKey = "";

  constructor(
    private readonly db: SqliteDatabase,
    private readonly titleWeight: number,
    readonly settings: KeywordSettings = DEFAULT_KEYWORD_SETTINGS,
  ) {}

  search(text: string, limit: number): Array<{ id: number; score: number }> {
    const terms = queryTerms(text);
    if (terms.length === 0) return [];
    const stats = this.averages();
    if (stats.rows < this.settings.pruneMinRows) return this.exact(terms, limit);
    if (stats.key !== this.cacheKey) {
      this.documentFrequency.clear();
      this.cacheKey = stats.key;
    }
    const known = terms.map((term) => ({ term, df: this.df(term) })).filter((t) => t.df > 0);
    if (known.length === 0) return [];
    known.sort((a, b) => a.df - b.df);
    const budget = Math.max(this.settings.minBudget ?? 2000, stats.rows * this.settings.rareShare);
    const rare: string[] = [];
    let total = 0;
    for (const { term, df } of known) {
      if (rare.length > 0 && total + df > budget) break;
      rare.push(term);
      total += df;
    }
    if (rare.length === known.length) return this.exact(rare, limit);
    const pool = this.exact(rare, Math.max(limit * this.settings.candidatesPerResult, 200));
    return this.rescore(
      pool.map((p) => p.id),
      known,
      stats,
    ).slice(0, limit);
  }

  private exact(terms: readonly string[], limit: number): Array<{ id: number; score: number }> {
    const match = matchExpression(terms);
    if (!match) return [];
    const w = this.titleWeight;
    return this.db
      .prepare<[string, number], { id: number; score: number }>(
        `SELECT rowid AS id, -bm25(kb_chunks_fts, ${w}, 1.0) AS score FROM kb_chunks_fts WHERE kb_chunks_fts MATCH ? ORDER BY bm25(kb_chunks_fts, ${w}, 1.0) LIMIT ?`,
      )
      .all(match, limit);
  }

  private df(term: string): number {
    let n = this.documentFrequency.get(term);
    if (n === undefined) {
      n = (
        this.db
          .prepare("SELECT count(*) AS n FROM kb_chunks_fts WHERE kb_chunks_fts MATCH ?")
          .get(matchExpression([term])) as {
          n: number;
        }
      ).n;
      this.documentFrequency.set(term, n);
    }
    return n;
  }

  private rescore(
    ids: number[],
    terms: ReadonlyArray<{ term: string; df: number }>,
    stats: { rows: number; tokens: number },
  ): Array<{ id: number; score: number }> {
    if (ids.length === 0) return [];
    const placeholders = ids.map(() => "?").join(",");
    const rows = this.db
      .prepare<number[], { id: number; title: string; text: string; sz: Buffer | null }>(
        `SELECT c.id, c.title, c.text, s.sz FROM kb_chunks c LEFT JOIN kb_chunks_fts_docsize s ON s.id = c.id WHERE c.id IN (${placeholders})`,
      )
      .all(...ids);
    const avgdl = stats.tokens / Math.max(1, stats.rows);
    const wanted = new Map<string, number>(); // stem → index into terms
    const idf = terms.map(({ df }) => {
      const value = Math.log((stats.rows - df + 0.5) / (df + 0.5));
      return value > 0 ? value : 1e-6;
    });
    terms.forEach(({ term }, i) => {
      wanted.set(this.stem(term), i);
    });
    // Porter only rewrites word endings, so a token can stem to a query stem only if it starts
    // with the stem's first letters: everything else skips the stemmer.
    const prefixes = new Set([...wanted.keys()].map((stem) => stem.slice(0, 3)));
    const scored = rows.map((row) => {
      const freq = new Array<number>(terms.length).fill(0);
      let length = 0;
      for (const [column, weight] of [
        [row.title, this.titleWeight],
        [row.text, 1],
      ] as const) {
        for (const token of tokens(column)) {
          length += 1;
          if (!prefixes.has(token.slice(0, 3))) continue;
          const index = wanted.get(this.stem(token));
          if (index !== undefined) freq[index]! += weight;
        }
      }
      const size = row.sz ? sumVarints(row.sz) : length;
      let score = 0;
      freq.forEach((f, i) => {
        if (f > 0) score += (idf[i]! * f * (K1 + 1)) / (f + K1 * (1 - B + (B * size) / avgdl));
      });
      return { id: row.id, score };
    });
    return scored.sort((a, b) => b.score - a.score || a.id - b.id);
  }

  private stem(token: string): string {
    let stem = this.stems.get(token);
    if (stem === undefined) {
      stem = porterStem(token);
      if (this.stems.size > 100_000) this.stems.clear();
      this.stems.set(token, stem);
    }
    return stem;
  }

  /** Row count and total tokens from FTS5's averages record; its bytes double as a change key. */
  private averages(): { rows: number; tokens: number; key: string } {
    const row = this.db.prepare("SELECT block FROM kb_chunks_fts_data WHERE id = 1").get() as
      | { block: Buffer }
      | undefined;
    if (!row) return { rows: 0, tokens: 0, key: "" };
    const values = readVarints(row.block);
    const [rows = 0, ...columns] = values;
    return { rows, tokens: columns.reduce((a, b) => a + b, 0), key: row.block.toString("hex") };
  }
}

/** Tokens as unicode61 (remove_diacritics 2) produces them: folded, lower-case letter/digit runs. */
function tokens(text: string): string[] {
  return (
    text
      .normalize("NFD")
      .replace(/\p{Mn}/gu, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{Co}]+/gu) ?? []
  );
}

/** SQLite's varint: big-endian 7-bit groups, high bit = more; the 9th byte carries 8 bits. */
export function readVarints(bytes: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    let value = 0;
    let n = 0;
    while (i < bytes.length) {
      const byte = bytes[i++]!;
      n += 1;
      if (n === 9) {
        value = value * 256 + byte;
        break;
      }
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    out.push(value);
  }
  return out;
}

function sumVarints(bytes: Uint8Array): number {
  return readVarints(bytes).reduce((a, b) => a + b, 0);
}
