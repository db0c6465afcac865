import type { JarvisConfig } from "../config/schema.js";
import type { Clock } from "../core/clock.js";
import type { Logger } from "../core/logger.js";
import type { SqliteDatabase } from "../store/database.js";
import { embedderFromConfig } from "./embedders/config.js";
import type { Embedder } from "./embedders/types.js";
import { KnowledgeBase } from "./knowledge.js";
import type { Summarizer } from "./summarize.js";
import type { Reranker } from "./types.js";

export interface KnowledgeDeps {
  db: SqliteDatabase;
  config: JarvisConfig;
  clock: Clock;
  logger: Logger;
  env: NodeJS.ProcessEnv;
}

/** Limits from config.yaml's `knowledge:` section. */
export function limitsFromConfig(config: JarvisConfig) {
  const k = config.knowledge;
  return {
    maxFileBytes: Math.round(k.max_file_mb * 1024 * 1024),
    maxChunksPerDocument: k.max_chunks_per_document,
    chunkWords: k.chunk_words,
    overlapWords: k.overlap_words,
  };
}

/**
 * The knowledge base as configured (embedder from `embeddings:`, limits from `knowledge:`).
 * Construction is cheap and does no I/O beyond reading an ONNX tokenizer, so every tool group
 * and command can make its own; the embedder connects on first use.
 */
export function openKnowledge(
  deps: KnowledgeDeps,
  extra: { embedder?: Embedder; reranker?: Reranker; summarizer?: Summarizer } = {},
): KnowledgeBase {
  return new KnowledgeBase({
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger,
    embedder: extra.embedder ?? embedderFromConfig(deps.config.embeddings, deps.env),
    reranker: extra.reranker,
    summarizer: extra.summarizer,
    limits: limitsFromConfig(deps.config),
  });
}

/**
 * The knowledge base as config.yaml says now: made again when `embeddings:` or `knowledge:`
 * changed since the last one (a running service reloads the file in place), else the same.
 */
export function followingConfig<T>(
  config: JarvisConfig,
  open: () => T,
  /** Ends the one replaced (an ONNX embedder's session holds native memory). */
  retire: (old: T) => void = () => {},
): () => T {
  let key: string | undefined;
  let made: T | undefined;
  return () => {
    const now = JSON.stringify([config.embeddings, config.knowledge]);
    if (made === undefined || now !== key) {
      if (made !== undefined) retire(made);
      key = now;
      made = open();
    }
    return made;
  };
}
