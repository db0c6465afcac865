import type { RecallSource } from "../agent/types.js";
import type { KnowledgeBase } from "./knowledge.js";
import { truncate } from "./text.js";

/**
 * The knowledge half of the loop's memory/knowledge hook: the best passages from the user's
 * documents for what they just said. Keyword-only when there is no embedder; never throws
 * (the turn must go on without context rather than fail).
 */
export function createKnowledgeRecall(
  knowledge: KnowledgeBase,
  settings: { maxChars?: number; minScore?: number } = {},
): RecallSource {
  return async (text, options = {}) => {
    try {
      if (knowledge.store.stats().documents === 0) return [];
      const outcome = await knowledge.search(text, { limit: options.limit ?? 3, signal: options.signal });
      return outcome.results
        .filter((r) => outcome.mode !== "keyword" || r.score >= (settings.minScore ?? 1))
        .map((r) => ({
          text: truncate(r.text, settings.maxChars ?? 800),
          source: `${r.source}${r.page !== undefined ? ` p. ${r.page}` : ""}`,
          trust: "untrusted" as const,
          score: r.score,
        }));
    } catch {
      return [];
    }
  };
}
