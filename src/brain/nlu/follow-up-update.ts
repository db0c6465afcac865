import type { When } from "../../core/language.js";
import type { Catalog } from "./catalog.js";
import { correctedTime } from "./language/corrected-time.js";
import { parseNumber } from "./text/numbers.js";
import type { NluCall, NluContext } from "./types.js";

/**
 * Moving the thing just made (issue 16, follow-ups): "make it half four" after a reminder,
 * "move it to Thursday" after an event, "actually make it 10". The last call made something the
 * session can point at, so a new time for it is a change of that thing, not a second one made
 * beside it: the group's tool that changes what the maker made, with the new moment and the
 * handle of the thing. The engine names no tool: the changer is read from the schemas alone —
 * a writing tool of the same group whose one required value is a handle the maker does not take
 * (`x-handle`), and whose other values are the maker's own (it edits what the maker sets). With
 * no handle held, the changer asks which one; it never makes a second thing.
 */

type Property = Record<string, unknown>;

/** A value that names a moment (an ISO 8601 date and time). */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The one argument of a call that holds a moment, with its value. */
export function momentOf(call: NluCall): [string, string] | undefined {
  const moments = Object.entries(call.args).filter(
    (e): e is [string, string] => typeof e[1] === "string" && ISO_MOMENT.test(e[1]),
  );
  return moments.length === 1 ? moments[0] : undefined;
}

/**
 * The group's tool that changes what `maker` made, taking every one of `names`, and the
 * argument that names the thing.
 */
export function changerOf(
  maker: string,
  names: readonly string[],
  catalog: Catalog,
): { tool: string; id: string; kind: string } | undefined {
  const group = catalog.groupOf.get(maker);
  const made = catalog.properties.get(maker) ?? {};
  const found: Array<{ tool: string; id: string; kind: string }> = [];
  for (const [tool, g] of catalog.groupOf) {
    if (g !== group || tool === maker || catalog.readsOnly.has(tool)) continue;
    const properties: Record<string, Property> = catalog.properties.get(tool) ?? {};
    const required = catalog.required.get(tool) ?? [];
    const id = required[0];
    const kind = id ? properties[id]?.["x-handle"] : undefined;
    if (required.length !== 1 || !id || id in made || typeof kind !== "string") continue;
    if (!names.every((name) => name in properties)) continue;
    // Every other value is one the maker sets too (a yes/no switch aside): it edits those
    const edits = Object.entries(properties).filter(([name, p]) => name !== id && p.type !== "boolean");
    if (edits.length === 0 || !edits.every(([name]) => name in made)) continue;
    found.push({ tool, id, kind });
  }
  return found.length === 1 ? found[0] : undefined;
}

/**
 * The maker's call said again with new values (`edited`, as a follow-up read it) as the change of
 * the thing just made: the changer with the values that moved, when a moment is among them and
 * the changer takes every one. Undefined when the last call made nothing a changer edits.
 */
export function changeInPlace(
  edited: NluCall,
  last: NluCall,
  context: NluContext,
  catalog: Catalog,
): { call: NluCall; missing: string[] } | undefined {
  if (edited.tool !== last.tool || catalog.readsOnly.has(last.tool)) return undefined;
  const changed = Object.entries(edited.args).filter(
    ([name, value]) => value !== undefined && value !== last.args[name] && !/^#[a-z]\d+$/.test(String(value)),
  );
  if (!changed.some(([, value]) => typeof value === "string" && ISO_MOMENT.test(value))) return undefined;
  const changer = changerOf(
    last.tool,
    changed.map(([name]) => name),
    catalog,
  );
  if (!changer) return undefined;
  // The thing just made: the handle the maker's call was given, else the newest of that kind
  const given = Object.values(edited.args).find(
    (v): v is string => typeof v === "string" && new RegExp(`^#${changer.kind}\\d+$`).test(v),
  );
  const newest = (context.handles ?? []).filter((h) => h.kind === changer.kind).at(-1)?.handle;
  // With no handle held, a changer whose schema says it also finds the thing by its title
  const described = String(catalog.properties.get(changer.tool)?.[changer.id]?.description ?? "");
  const title =
    /\btitle\b/i.test(described) && typeof last.args.title === "string" ? last.args.title : undefined;
  const handle = given ?? newest ?? title;
  const args = { ...(handle ? { [changer.id]: handle } : {}), ...Object.fromEntries(changed) };
  return { call: { tool: changer.tool, args }, missing: handle ? [] : [changer.id] };
}

/** "10", "at 10", "10 o'clock": an hour said alone. */
const BARE_HOUR = /^(?:at |to |for |till |until )?(\S+)(?: o'?clock)?$/;

/**
 * A new moment for the last call's one moment, from what was said: a clock time keeps the day
 * (the hour nearer the old one when no half of the day is said), a day keeps the time, an hour
 * said alone ("make it 10") is that hour on the same day. Undefined when the words say neither.
 */
export function movedMoment(
  last: NluCall,
  when: When | undefined,
  words: readonly string[],
): NluCall | undefined {
  const moment = momentOf(last);
  if (!moment) return undefined;
  const [name, iso] = moment;
  let value: string | undefined;
  if (when?.hasTime) value = correctedTime(iso, when, words);
  else if (when) value = `${when.date}${iso.slice(10)}`;
  else {
    const m = BARE_HOUR.exec(words.join(" "));
    const hour = m ? parseNumber([m[1]!]) : undefined;
    if (hour === undefined || !Number.isInteger(hour) || hour < 1 || hour > 23) return undefined;
    const at = `${iso.slice(0, 11)}${String(hour).padStart(2, "0")}:00:00${iso.slice(19)}`;
    value = correctedTime(iso, { iso: at }, words);
  }
  return value === iso ? undefined : { tool: last.tool, args: { ...last.args, [name]: value } };
}

/**
 * A clock time said as a change of a call that set a moment ("make it 4" after Friday at 3pm):
 * the time on that call's day, the hour nearer the old one when no half of the day is said, as
 * the tool's own follow-up should read it. The time as said when the words name a day.
 */
export function onLastDay(when: When | undefined, last: NluCall, words: readonly string[]): When | undefined {
  const moment = momentOf(last);
  if (!when?.hasTime || !moment) return when;
  const iso = correctedTime(moment[1], when, words);
  return iso === when.iso ? when : { ...when, iso, date: iso.slice(0, 10), instant: new Date(iso) };
}
