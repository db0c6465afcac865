export { chunkSections, markdownSections } from "./chunk.js";
export * from "./embedders/index.js";
export { parseDocument } from "./ingest/parse.js";
export { DEFAULT_KEYWORD_SETTINGS, KeywordSearcher, type KeywordSettings } from "./keyword.js";
export { type AddOptions, formatBytes, KnowledgeBase, type KnowledgeBaseOptions } from "./knowledge.js";
export { type KnowledgeDeps, limitsFromConfig, openKnowledge } from "./open.js";
export { porterStem } from "./porter.js";
export { buildMatchQuery, queryTerms } from "./query.js";
export { createKnowledgeRecall } from "./recall.js";
export { RRF_K, reciprocalRankFusion, type SearchOptions, type SearchOutcome } from "./search.js";
export { KnowledgeStore } from "./store.js";
export {
  ExtractiveSummarizer,
  formatPoints,
  type Summarizer,
  type Summary,
  type SummaryInput,
  type SummaryPoint,
} from "./summarize.js";
export * from "./types.js";
export { VectorTable } from "./vectors.js";
