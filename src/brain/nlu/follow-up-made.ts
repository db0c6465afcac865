import type { Catalog } from "./catalog.js";
import { siblingCall } from "./follow-up-sibling.js";
import type { NluCall, NluContext } from "./types.js";

/*
 * A verb on the thing just made (issue 16, follow-ups): "actually pause that one" after a
 * routine was made, "take it off again" after a skill was installed. The words are a verb and a
 * pointer and nothing else, so what they act on is the thing the last call made; another area's
 * reading of the verb alone (the player's "pause") does not know of it. The tool is the sibling
 * of the last call's group that opens with the verb (follow-up-sibling.ts) and whose one
 * required value names the thing (a handle, `x-handle`, or a value the maker does not take): the
 * newest handle of that kind when the session holds one, else it asks which one. Never after a
 * call that only read something, and never a sibling that needs no such value (that is no act on
 * the thing made). Seen in dev17 and dev19.
 */

/** Only a verb, a pointer at one thing, and words that add nothing ("actually", "again", "now"). */
const ONLY_POINTED =
  /^(?:(?:actually|ok|okay|oh|no|sorry|wait|right|hmm|please|can you|could you|just) )*([a-z]+(?: [a-z]+)?) (?:it|that|this|that one|this one)(?: (?:off|out|back|on|down|up))?(?: (?:again|now|then|please|for now|for a bit|for a while))*$/;

/** Words that take back what was just made, in no group's own verbs ("scrap that", "take it off again"). */
const TAKE_BACK =
  /^(?:(?:actually|ok|okay|oh|no|sorry|wait|right|hmm|please|just) )*(?:scrap|ditch|bin|undo|drop|take)\b/;
/** The verbs a group removes its own things with, as its requests open. */
const REMOVERS = ["delete", "remove", "cancel", "forget", "uninstall"];

/**
 * "no, scrap that" after a memory was kept, "take it off again" after a skill was installed: a
 * verb of taking back said in words no group opens its requests with. The one sibling that
 * removes what the last call made, found by the verbs the group does remove things with; none
 * when no sibling, or more than one, opens with them.
 */
export function takenBack(words: readonly string[], last: NluCall, catalog: Catalog) {
  if (!TAKE_BACK.test(words.join(" "))) return undefined;
  const found = REMOVERS.flatMap((verb) => {
    const call = siblingCall([verb, "it"], last, catalog);
    return call ? [call] : [];
  });
  return new Set(found.map((f) => f.call.tool)).size === 1 ? found[0] : undefined;
}

export function verbOnMade(
  words: readonly string[],
  last: NluCall,
  context: NluContext,
  catalog: Catalog,
): { call: NluCall; missing: string[] } | undefined {
  if (catalog.readsOnly.has(last.tool) || words.length > 8 || !ONLY_POINTED.test(words.join(" ")))
    return undefined;
  const found = siblingCall(words, last, catalog) ?? takenBack(words, last, catalog);
  if (!found || found.call.tool === last.tool) return undefined;
  const properties: Record<string, Record<string, unknown>> = catalog.properties.get(found.call.tool) ?? {};
  const required = catalog.required.get(found.call.tool) ?? [];
  // Its one required value names the thing: a handle, or a value the maker does not take (the
  // maker was given it back when it made the thing)
  const made = catalog.properties.get(last.tool) ?? {};
  const id = required.length === 1 ? required[0]! : undefined;
  if (!id || (id in made && typeof properties[id]?.["x-handle"] !== "string")) return undefined;
  const kind = properties[id]?.["x-handle"];
  const newest =
    typeof kind === "string"
      ? (context.handles ?? []).filter((h) => h.kind === kind).at(-1)?.handle
      : undefined;
  // Only the handle names the thing: a value carried from the maker could name another
  const args = newest ? { [id]: newest } : {};
  return { call: { tool: found.call.tool, args }, missing: newest ? [] : [id] };
}
