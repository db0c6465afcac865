import { isJarvisError } from "../core/errors.js";
import type { RecallFunction, RecallItem } from "../knowledge/recall.js";
import type { Memory } from "../memory/memory.js";
import type { Runtime } from "../runtime/runtime.js";
import type { MemoryHook } from "./types.js";

/**
 * The loop's memory/knowledge hook: what memory knows about what the user just said, then the
 * best passages of their documents. Each line says where it came from; document text is
 * fenced as untrusted so the model treats it as data, not instructions.
 */
export function createRecallHook(
  sources: RecallFunction[],
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

/** Memory and knowledge recall for a runtime; both open lazily on the first turn. */
export async function recallHookFor(runtime: Runtime): Promise<MemoryHook> {
  const [{ Memory, createMemoryRecall }, { openKnowledge, createKnowledgeRecall }] = await Promise.all([
    import("../memory/index.js"),
    import("../knowledge/index.js"),
  ]);
  const memory = new Memory({ db: runtime.db, clock: runtime.clock, logger: runtime.logger });
  return createRecallHook(
    [createMemoryRecall(memory), createKnowledgeRecall(openKnowledge(runtime.deps))],
    3,
    noteFacts(memory),
  );
}

/**
 * Writes what the user stated to memory as conversation facts. A sentence the extractor
 * finds nothing in is skipped (it stays in the compaction summary).
 */
export function noteFacts(memory: Pick<Memory, "remember">): NonNullable<MemoryHook["note"]> {
  return async ({ texts, sessionId, signal }) => {
    let kept = 0;
    for (const text of texts) {
      signal.throwIfAborted();
      try {
        const result = await memory.remember(text, { source: "conversation", sessionId });
        kept += result.stored.length + result.known.length;
      } catch (error) {
        if (!isJarvisError(error) || error.code !== "ARGS_INVALID") throw error;
      }
    }
    return kept;
  };
}
