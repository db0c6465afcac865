/**
 * Which tools the model is offered: the catalog ranked per request (BM25 over each tool's
 * name, description, examples and language; cues, the NLU's groups and the session's tools
 * and handles as further signals; an embedder when configured), and the search behind
 * `tools_search`. See docs/model-path.md.
 */
export { Bm25Index } from "./bm25.js";
export { companionsOf } from "./companions.js";
export { cueLifts } from "./cues.js";
export { type ToolLanguage, toolLanguage } from "./language.js";
export { type RetrieverOptions, type ToolEmbedder, ToolRetriever } from "./retriever.js";
export { queryTerms, termsOf, wordsOf } from "./terms.js";
export {
  type CatalogTool,
  GROUP_AFFINITY,
  HANDLE_GROUPS,
  type RankedTool,
  type RankRequest,
  SIGNALS,
  splitClauses,
  ToolIndex,
} from "./tool-index.js";
