import type { MemoryHook, RecallItem, RecallSource } from "./types.js";

/**
 * The loop's memory/knowledge hook: what memory knows about what the user just said, then the
 * best passages of their documents. Each line says where it came from; document text is
 * fenced as untrusted so the model treats it as data, not instructions.
 */
export function createRecallHook(sources: RecallSource[], limitPerSource = 3): MemoryHook {
  return {
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
