import type { Catalog } from "./catalog.js";
import { changerOf } from "./follow-up-update.js";
import type { SlotCache } from "./template.js";
import type { NluCall, NluContext } from "./types.js";

/*
 * Where the thing just made is (issue 16, follow-ups): "it's at the clinic on High Street",
 * "and put the address as 12 High Street" after an event was made. The maker left its place
 * value empty and the turn gives one, so it is a change of the thing made — the group's changer
 * (follow-up-update.ts) with the place said — never a second thing titled with the words (the
 * maker's own "and …" reading made "the address as 12 High Street" an event). The place value
 * is read from the schema: the maker's one property named for a location. With no handle of the
 * thing held it asks which one. Seen in dev18 (1, a false action) and dev19 (1).
 */

/** "it's at X", "they're in X", "the address is X", "put the location as X", "venue: X". */
const PLACE_SAID =
  /^(?:(?:and|oh|also|ok|okay|actually|sorry) )*(?:(?:it is|its|they are|that is|it will be|it is going to be) (?:at|in) (.+)|(?:(?:put|set|make|add|change) )?(?:the |its |their )?(?:address|location|place|venue)(?: (?:as|to|is|will be|at))+ (.+))$/;

/** A property that holds where something is, by its name. */
const PLACE_NAME = /^(?:location|address|venue|place)$/;

export function placeOfMade(
  said: readonly string[],
  cache: SlotCache,
  last: NluCall,
  context: NluContext,
  catalog: Catalog,
): { call: NluCall; missing: string[] } | undefined {
  if (catalog.readsOnly.has(last.tool) || cache.tokens.length !== said.length) return undefined;
  const m = PLACE_SAID.exec(said.join(" "));

  const value = m?.[1] ?? m?.[2];
  if (!value) return undefined;
  const places = Object.keys(catalog.properties.get(last.tool) ?? {}).filter((name) => PLACE_NAME.test(name));
  const place = places.length === 1 ? places[0]! : undefined;
  if (!place || last.args[place] !== undefined) return undefined;
  const changer = changerOf(last.tool, [place], catalog);
  if (!changer) return undefined;
  // The place as typed (its capitals kept): the same number of words from the end
  const n = value.split(" ").length;
  const typed = cache.raw(said.length - n, said.length).replace(/[.!]+$/, "");
  const newest = (context.handles ?? []).filter((h) => h.kind === changer.kind).at(-1)?.handle;
  const args = { ...(newest ? { [changer.id]: newest } : {}), [place]: typed };
  return { call: { tool: changer.tool, args }, missing: newest ? [] : [changer.id] };
}
