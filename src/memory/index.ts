export { createMemoryRecall } from "./context.js";
export {
  type EpisodeSummary,
  type SessionSource,
  type SessionTranscript,
  summarizeSession,
} from "./episodes.js";
export { exportMarkdown } from "./export.js";
export {
  type EntityRef,
  type Extraction,
  extractFacts,
  type FactExtractor,
  PatternFactExtractor,
} from "./extract.js";
export { forgetAll } from "./forget.js";
export {
  Memory,
  type MemoryItem,
  type MemoryOptions,
  parseMemoryId,
  type RecallResult,
  type RememberResult,
} from "./memory.js";
export { parseQuestion, type Question } from "./questions.js";
export { MemoryStore, USER_ENTITY_ID } from "./store.js";
export type { EntityKind } from "./vocabulary.js";
