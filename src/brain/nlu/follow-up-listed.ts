import type { Catalog } from "./catalog.js";
import { parseWhen, type TimeZones } from "./slots/index.js";
import { tokenize } from "./text/normalize.js";
import type { NluCall, NluContext } from "./types.js";

/*
 * A thing of a listing named by its name, with a new moment (issue 16, things named by their
 * name): "push the gas safety check to 5pm" after the day's events were listed. The listing
 * showed it, so the words name one of its things, and a new moment for it is a change of that
 * thing: the listing group's changer, read from the schemas alone — a writing tool of the same
 * group whose one required value is a handle (`x-handle`) and that takes the moment the group's
 * maker sets (a value the maker describes as ISO). The handle is the held one whose label is
 * the name said; with none held it asks which one. Only ever asked (the middle band): a name is
 * not a handle, and a clock time said alone does not say which day.
 */

/** A verb that gives a thing a new time, the thing, then the new time. */
const MOVE_NAMED =
  /^(?:(?:ok|okay|right|actually|so|please|can you|could you) )*(?:move|change|shift|push|reschedule|bump|bring) (?:the |my |our )?(.+?) (?:back |forward |on )?(?:to|till|until) (.+?)(?: (?:instead|then|please))?$/;
/** What only points (other readers take those) or names no one thing. */
const NOT_A_NAME =
  /^(?:it|that|this|them|those|these|one|all|everything|(?:the )?(?:first|second|third|last|next|other)(?: one)?)$/;

type Property = Record<string, unknown>;

/** The listing group's changer and the value it takes the new moment in. */
function changerFor(
  listing: string,
  catalog: Catalog,
): { tool: string; id: string; kind: string; moment: string } | undefined {
  const group = catalog.groupOf.get(listing);
  const writers = [...catalog.groupOf].filter(([t, g]) => g === group && !catalog.readsOnly.has(t));
  // What the group's makers set as a moment: values they describe as ISO
  const moments = new Set<string>();
  for (const [tool] of writers) {
    const properties: Record<string, Property> = catalog.properties.get(tool) ?? {};
    for (const [name, p] of Object.entries(properties))
      if (typeof p.description === "string" && /\bISO\b/.test(p.description)) moments.add(name);
  }
  const found = writers.flatMap(([tool]) => {
    const properties: Record<string, Property> = catalog.properties.get(tool) ?? {};
    const required = catalog.required.get(tool) ?? [];
    const id = required[0];
    const kind = id ? properties[id]?.["x-handle"] : undefined;
    if (required.length !== 1 || !id || typeof kind !== "string") return [];
    const moment = Object.keys(properties).find((name) => name !== id && moments.has(name));
    return moment ? [{ tool, id, kind, moment }] : [];
  });
  return found.length === 1 ? found[0] : undefined;
}

/** The new moment for the thing named after a listing, as a call to ask about; undefined when the words are no such move. */
export function listedMoved(
  input: string,
  last: NluCall,
  context: NluContext,
  zones: TimeZones,
  catalog: Catalog,
): { call: NluCall; missing: string[] } | undefined {
  const { timezone } = context;
  if (!timezone || !zones.isValid(timezone)) return undefined;
  const words = tokenize(input).map((t) => t.w);
  if (!catalog.readsOnly.has(last.tool) || words.length > 12) return undefined;
  const m = MOVE_NAMED.exec(words.join(" "));
  if (!m || NOT_A_NAME.test(m[1]!)) return undefined;
  const when = parseWhen(m[2]!.split(" "), {
    zones,
    now: context.now ?? new Date(),
    timezone,
    direction: "future",
  });
  if (!when?.hasTime) return undefined;
  const changer = changerFor(last.tool, catalog);
  if (!changer) return undefined;
  // The held thing of that kind whose label is the name said ("boiler service" → "Boiler service")
  const name = m[1]!.toLowerCase();
  const held = (context.handles ?? []).filter(
    (h) => h.kind === changer.kind && h.label?.toLowerCase().includes(name),
  );
  const handle = held.length === 1 ? held[0]!.handle : undefined;
  const args = { ...(handle ? { [changer.id]: handle } : {}), [changer.moment]: when.iso };
  return { call: { tool: changer.tool, args }, missing: handle ? [] : [changer.id] };
}
