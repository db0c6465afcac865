import type { RecallItem, RecallSource } from "../agent/types.js";
import type { Memory, MemoryItem } from "./memory.js";
import { USER_ENTITY_ID } from "./store.js";
import { canonicalPredicate } from "./vocabulary.js";

/**
 * The memory half of the loop's memory/knowledge hook: facts about people and things the
 * user's words mention ("email Sarah" → what is known about Sarah Chen), relations they name
 * ("my boss"), then full-text matches. Only what the user said is trusted context: a fact the
 * model wrote or took from a document, a page or a message comes back fenced as untrusted, with
 * its source, so a planted "fact" cannot later act as the user's word. Episodes quote only the
 * user's requests.
 */
export function createMemoryRecall(memory: Memory): RecallSource {
  return async (text, options = {}) => {
    const limit = options.limit ?? 5;
    try {
      const items: MemoryItem[] = [];
      const lower = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}'\s-]/gu, " ")} `;
      for (const entity of memory.store.entities()) {
        if (entity.id === USER_ENTITY_ID || entity.kind === "preference") continue;
        const names = [entity.name.toLowerCase(), entity.name.toLowerCase().split(/\s+/)[0]!];
        if (!names.some((n) => n.length >= 3 && (lower.includes(` ${n} `) || lower.includes(` ${n}'s `))))
          continue;
        for (const row of memory.store.relations({ entityId: entity.id }))
          items.push(memory.factItem(memory.store.fact(row.fact_id)!));
      }
      for (const m of text.matchAll(/\bmy\s+([\p{L}-]+(?:\s+[\p{L}-]+)?)/giu)) {
        for (const phrase of [m[1]!, m[1]!.split(/\s+/)[0]!]) {
          const rows = memory.store.relations({
            subjectId: USER_ENTITY_ID,
            predicate: canonicalPredicate(phrase),
          });
          for (const row of rows) items.push(memory.factItem(memory.store.fact(row.fact_id)!));
        }
      }
      items.push(...(await memory.recall(text, { limit })).items);
      const seen = new Set<string>();
      return items
        .filter((i) => !seen.has(i.id) && seen.add(i.id))
        .slice(0, limit)
        .map(
          (i): RecallItem => ({
            text: i.text,
            source: `memory ${i.id} (${i.source})`,
            trust: i.origin === "user" ? "trusted" : "untrusted",
            score: i.score,
          }),
        );
    } catch {
      return [];
    }
  };
}
