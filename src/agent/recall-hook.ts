import { isJarvisError } from "../core/errors.js";
import type { MemoryHook, RecallItem, RecallSource } from "./types.js";

/**
 * The loop's memory/knowledge hook: what memory knows about what the user just said, then the
 * best passages of their documents. Each line says where it came from; document text is
 * fenced as untrusted so the model treats it as data, not instructions.
 */
export function createRecallHook(
  sources: RecallSource[],
  limitPerSource = 3,
  note?: MemoryHook["note"],
): MemoryHook {
  return {
    ...(note ? { note } : {}),
    async recall({ text, signal }) {
      const batches = await Promise.all(
        sources.map((recall) =>
          recall(text, { limit: limitPerSource, signal }).catch(() => [] as RecallItem[]),
        ),
      );
      return batches.flat().map(formatItem);
    },
  };
}

function formatItem(item: RecallItem): string {
  return item.trust === "trusted"
    ? `[${item.source}] ${item.text}`
    : `<untrusted source="${item.source}">${item.text}</untrusted>`;
}

/** What `noteFacts` needs of memory (memory sits above the agent: it is handed in). */
export interface FactWriter {
  remember(
    text: string,
    options: { source: "user"; sessionId: string },
  ): Promise<{ stored: readonly unknown[]; known: readonly unknown[] }>;
}

/**
 * Writes what the user stated to memory as conversation facts. A sentence the extractor
 * finds nothing in is skipped (it stays in the compaction summary).
 */
export function noteFacts(memory: FactWriter): NonNullable<MemoryHook["note"]> {
  return async ({ texts, sessionId, signal }) => {
    let kept = 0;
    for (const text of texts) {
      signal.throwIfAborted();
      try {
        const result = await memory.remember(text, { source: "user", sessionId });
        kept += result.stored.length + result.known.length;
      } catch (error) {
        if (!isJarvisError(error) || error.code !== "ARGS_INVALID") throw error;
      }
    }
    return kept;
  };
}
