import type { Catalog } from "./catalog.js";
import { unitSymbol } from "./slots/math.js";
import type { NluCall } from "./types.js";

/**
 * A new unit after a conversion (issue 16, follow-ups): "and in metres?", "now in feet", "what
 * about in grams" right after "13 miles in km". The last call converted something to a unit,
 * said in its value as "… to km"; the new words name another unit, so the same call converts to
 * that one instead, everything before the unit kept. The engine names no tool: a value of the
 * last call that ends "to ⟨unit⟩" (read by the unit slot) is the one the new unit replaces.
 */

/** Words before the new unit that only join it to the call before. */
const JOINING = new Set([
  "and",
  "now",
  "ok",
  "okay",
  "so",
  "then",
  "what",
  "how",
  "about",
  "but",
  "same",
  "again",
]);
/** Words after it that only close the turn. */
const CLOSING = new Set(["please", "instead", "then", "too", "now", "again", "thanks"]);

/** A value that converts to a unit: what is converted, and the unit. */
const CONVERTS = /^(.+?) (?:to|in|into) (\S+)$/;

export function unitSwap(words: readonly string[], last: NluCall): NluCall | undefined {
  let start = 0;
  while (start < words.length && JOINING.has(words[start]!)) start++;
  let end = words.length;
  while (end > start && CLOSING.has(words[end - 1]!)) end--;
  const said = words.slice(start, end);
  if (said.length < 2 || said.length > 3 || !/^(?:in|into|to)$/.test(said[0]!)) return undefined;
  const unit = unitSymbol(said.slice(1));
  if (!unit) return undefined;
  const fits = Object.entries(last.args).flatMap(([name, value]) => {
    const m = typeof value === "string" ? CONVERTS.exec(value) : null;
    return m && unitSymbol([m[2]!]) !== undefined && m[2] !== unit
      ? [[name, `${m[1]} to ${unit}`] as const]
      : [];
  });
  if (fits.length !== 1) return undefined;
  const [name, value] = fits[0]!;
  return { tool: last.tool, args: { ...last.args, [name]: value } };
}

/** Words before a thing that only point at it. */
const DETERMINER = new Set(["the", "a", "an", "my", "its", "their"]);

/**
 * "and the log" after `git status`: another item of the same kind in the one place the last call
 * held a single word in an optional list (a command's sub-command), everything else kept. Not
 * for a required list (what a call adds or removes: its own tool reads "and more").
 */
export function soleItemSwap(rest: readonly string[], last: NluCall, catalog: Catalog): NluCall | undefined {
  const said = rest.filter((w) => !DETERMINER.has(w));
  if (said.length !== 1 || !/^[a-z][a-z-]*$/.test(said[0]!)) return undefined;
  const properties = catalog.properties.get(last.tool) ?? {};
  const required = catalog.required.get(last.tool) ?? [];
  const fits = Object.entries(last.args).filter(
    ([name, value]) =>
      properties[name]?.type === "array" &&
      !required.includes(name) &&
      Array.isArray(value) &&
      value.length === 1 &&
      typeof value[0] === "string" &&
      /^[a-z][a-z-]*$/.test(value[0]) &&
      value[0] !== said[0],
  );
  if (fits.length !== 1) return undefined;
  return { tool: last.tool, args: { ...last.args, [fits[0]![0]]: [said[0]!] } };
}

/** A path as typed: from home, from the root or relative, up to a space or a closing mark. */
const PATH = /(?:^|\s)((?:~|\.{1,2})?\/[^\s,;]*[^\s,;.?!])/g;
/** Words around a new path that only say "the same again, there" ("same for", "and … too"). */
const AGAIN = new Set(
  "same for and too as well also now then what about how do it again the folder please with in on".split(" "),
);

/**
 * "same for ~/Videos", "and ~/Work/contracts too" after a call on one path: the same call on the
 * path said, in the one place the last call held a path (a value, or an item of a list). Only
 * when nothing but the path and words of "again" is said.
 */
export function pathSwap(raw: string, last: NluCall): NluCall | undefined {
  const said = [...raw.matchAll(PATH)].map((m) => m[1]!);
  if (said.length !== 1) return undefined;
  const around =
    raw
      .replace(said[0]!, " ")
      .toLowerCase()
      .match(/[a-z']+/g) ?? [];
  if (around.length === 0 || !around.every((w) => AGAIN.has(w))) return undefined;
  const isPath = (v: unknown) => typeof v === "string" && /^(?:~|\.{1,2})?\/\S*$/.test(v) && v !== said[0];
  const fits = Object.entries(last.args).filter(([, v]) =>
    Array.isArray(v) ? v.filter(isPath).length === 1 : isPath(v),
  );
  if (fits.length !== 1) return undefined;
  const [name, value] = fits[0]!;
  const swapped = Array.isArray(value) ? value.map((v) => (isPath(v) ? said[0]! : v)) : said[0]!;
  return { tool: last.tool, args: { ...last.args, [name]: swapped } };
}
