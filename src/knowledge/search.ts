import type { Logger } from "../core/logger.js";
import type { Embedder } from "./embedders/types.js";
import type { KnowledgeStore } from "./store.js";
import type { Reranker, SearchMode, SearchResult } from "./types.js";

export interface SearchOptions {
  limit?: number;
  /** hybrid (default when an embedder is configured), keyword (BM25 only), vector. */
  mode?: SearchMode;
  signal?: AbortSignal;
}

export interface SearchOutcome {
  results: SearchResult[];
  mode: SearchMode;
  /** Set when the asked-for mode was not possible (embedder down) and keyword search answered. */
  warning?: string;
}

/** The usual RRF constant (Cormack et al. 2009): damps the head so no one list dominates. */
export const RRF_K = 60;

/** Reciprocal rank fusion: each list contributes 1 / (k + rank) for every id it ranks. */
export function reciprocalRankFusion(
  lists: ReadonlyArray<ReadonlyArray<{ id: number }>>,
  k = RRF_K,
): Array<{ id: number; score: number }> {
  const scores = new Map<number, number>();
  for (const list of lists) {
    list.forEach((item, rank) => {
      scores.set(item.id, (scores.get(item.id) ?? 0) + 1 / (k + rank + 1));
    });
  }
  return [...scores.entries()]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || a.id - b.id);
}

/**
 * Keyword (FTS5 BM25) and vector (sqlite-vec) candidates fused by RRF, then an optional
 * rerank. Without an embedder, or when it fails, keyword search answers alone.
 */
export async function searchKnowledge(
  store: KnowledgeStore,
  query: string,
  options: SearchOptions & {
    embedder?: Embedder | undefined;
    reranker?: Reranker | undefined;
    logger: Logger;
  },
): Promise<SearchOutcome> {
  const limit = Math.max(1, Math.min(options.limit ?? 10, 1000));
  const pool = options.reranker ? Math.max(limit, 30) : limit;
  const space = store.vectors.space();
  const canVector = options.embedder !== undefined && space?.embedder === options.embedder.id;
  const wanted: SearchMode = options.mode ?? (options.embedder ? "hybrid" : "keyword");
  let outcome: SearchOutcome;
  if (wanted === "keyword") {
    outcome = keywordOnly(store, query, pool);
  } else if (!canVector) {
    const why = options.embedder
      ? "no document has vectors from this embedder yet (run `jarvis docs reindex`)"
      : "no embedder is configured";
    outcome = { ...keywordOnly(store, query, pool), warning: `vector search unavailable: ${why}` };
  } else {
    outcome = await vectorOrHybrid(store, query, wanted, pool, options);
  }
  if (options.reranker && outcome.results.length > 1) {
    options.signal?.throwIfAborted();
    outcome.results = await options.reranker.rerank(query, outcome.results, options.signal);
  }
  outcome.results = outcome.results.slice(0, limit);
  return outcome;
}

async function vectorOrHybrid(
  store: KnowledgeStore,
  query: string,
  mode: SearchMode,
  pool: number,
  options: SearchOptions & { embedder?: Embedder | undefined; logger: Logger },
): Promise<SearchOutcome> {
  const candidates = Math.max(pool * 2, 50);
  let vectorHits: Array<{ id: number; score: number }>;
  try {
    const [vector] = await options.embedder!.embed([query], { kind: "query", signal: options.signal });
    vectorHits = store.vectors
      .search(vector!, candidates)
      .map((hit) => ({ id: hit.rowid, score: 1 - hit.distance }));
  } catch (error) {
    if (options.signal?.aborted) throw error;
    options.logger.warn({ err: error }, "query embedding failed; keyword search only");
    return {
      ...keywordOnly(store, query, pool),
      warning: `vector search failed: ${(error as Error).message}`,
    };
  }
  if (mode === "vector") return { results: store.hydrate(vectorHits.slice(0, pool)), mode: "vector" };
  const keywordHits = store.keyword(query, candidates);
  const fused = reciprocalRankFusion([keywordHits, vectorHits]).slice(0, pool);
  return { results: store.hydrate(fused), mode: "hybrid" };
}

function keywordOnly(store: KnowledgeStore, query: string, limit: number): SearchOutcome {
  return { results: store.hydrate(store.keyword(query, limit)), mode: "keyword" };
}
