import type { Catalog } from "./catalog.js";
import { NEAR_CONFIDENCE } from "./near-miss.js";
import type { AgainDeps } from "./points-back.js";
import { callsOf } from "./points-back-calls.js";
import { parseWhen } from "./slots/index.js";
import { tokenize } from "./text/normalize.js";
import type { NluCall, NluContext, NluResult } from "./types.js";

/**
 * "and Chrome too" after quitting another app, "and the Policies folder too" after adding a
 * file, "and until christmas" after a count to another day, "and for allergen rules" after a
 * search (issue 16, follow-ups for any tool): the same call again with its one main value
 * replaced by the words said. The main value is read from the last call's schema alone — the
 * one free string value the call set (no choice among an enum, no moment, no handle) — so any
 * tool gains the follow-up without its group writing one. Seen in dev17, dev18, dev24, dev25.
 *
 * It must never act on what the person did not point at: the words are a value only when they
 * are short, name nothing the last call did not already hold, and hold no request of their own
 * (the caller checks that with a reading of the words alone). Only a follow-up said as one more
 * of the same ("… too", "… as well") is acted on; a bare "and X" is asked.
 */

/** A joining lead, then the value, then an optional closing that says "one more of the same". */
const SHAPE =
  /^(?:(?:oh|ok|okay|right|and|also|plus|now|then|what about|how about),?\s+)+(.+?)(?:,?\s+(too|as well|also))?\s*[?.!]*$/i;
const CLOSED = /^(.+?),?\s+(?:too|as well)\s*[?.!]*$/i;

/** A preposition that only joins the value to the call ("for", "until"): not part of it. */
const JOINER = /^(?:for|until|till|to|in|on|at|about|from|with|of)\s+/i;
const ARTICLE = /^(?:the|my|our|a|an)\s+/i;
/** Words that point back, not name: "and that too" is no value. */
const POINTER = /^(?:it|that|this|them|those|these|one|ones|him|her|same|the same|everything|all|more)$/i;
/** A value said as a number alone is a count or a moment, which other readers own. */
const NUMERIC = /^[\d.,:]+$/;
const HANDLE = /^#[a-z]\d+$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}/;

export interface AlsoReading {
  call: NluCall;
  /** Said as one more of the same ("too", "as well"): acted on; otherwise asked. */
  closed: boolean;
  /** The value alone, for the caller to check it holds no request of its own. */
  value: string;
}

/** The one free string value the last call set: what "and X" replaces. */
function mainValue(last: NluCall, catalog: Catalog): string | undefined {
  const properties = catalog.properties.get(last.tool) ?? {};
  const names = Object.entries(properties)
    .filter(([name, p]) => {
      const v = last.args[name];
      return (
        p.type === "string" &&
        !Array.isArray(p.enum) &&
        p["x-handle"] === undefined &&
        typeof v === "string" &&
        !HANDLE.test(v) &&
        !ISO_MOMENT.test(v)
      );
    })
    .map(([name]) => name);
  return names.length === 1 ? names[0] : undefined;
}

/** Words that say what kind of thing the value is ("app", "folder", "skill"), from its schema. */
function kindWords(name: string, property: Record<string, unknown>): Set<string> {
  // Quoted examples are values, not kinds ("new year's eve" ends in no kind word)
  const said = `${name} ${String(property.description ?? "").replace(/"[^"]*"/g, " ")}`.toLowerCase();
  return new Set(said.match(/[a-z]+/g) ?? []);
}

export function alsoWithValue(input: string, last: NluCall, catalog: Catalog): AlsoReading | undefined {
  const text = input.trim();
  const m = SHAPE.exec(text);
  const closedOnly = m ? undefined : CLOSED.exec(text);
  if (!m && !closedOnly) return undefined;
  const closed = !!(m?.[2] ?? closedOnly);
  let value = (m?.[1] ?? closedOnly?.[1] ?? "").trim();
  const name = mainValue(last, catalog);
  if (!name) return undefined;
  const property = catalog.properties.get(last.tool)?.[name] ?? {};
  // "and set a new one", "now run the script": a request of its own that starts with "and"
  value = value.replace(JOINER, "").replace(ARTICLE, "");
  // A value never starts with a word requests open with ("set", "record", "run")
  if (catalog.openingWords.has(value.split(/\s+/)[0]!.toLowerCase())) return undefined;
  // "the Teams one", "the Files app", "the Policies folder": the last word says its kind
  const words = value.split(/\s+/);
  const kinds = kindWords(name, property);
  const last1 = words.at(-1)?.toLowerCase().replace(/'s$/, "");
  if (words.length > 1 && last1 && (last1 === "one" || kinds.has(last1))) words.pop();
  value = words.join(" ").replace(/[?.!,]+$/, "");
  if (words.length === 0 || words.length > 4 || !value) return undefined;
  if (POINTER.test(value) || NUMERIC.test(value)) return undefined;
  if (words.some((w) => /^(?:it|that|this|them|me|you|please|there|here)$/i.test(w))) return undefined;
  const before = last.args[name];
  if (typeof before !== "string" || before.toLowerCase() === value.toLowerCase()) return undefined;
  // A value of figures (a sum, a number) is replaced by figures only: "and bananas too" after a
  // sum makes up no sum
  if (/\d/.test(before) && !/\p{L}{3,}/u.test(before) && !/\d/.test(value)) return undefined;
  return { call: { tool: last.tool, args: { ...last.args, [name]: value } }, closed, value };
}

/**
 * The reading over a turn that read no request (points-back.ts): the value alone must read as no
 * request of another area, and be no moment unless the value is one (a date said where a date
 * was); said with "too" it acts, else it is asked.
 */
export function alsoReading(
  deps: AgainDeps,
  input: string,
  read: NluResult,
  context: NluContext,
): NluResult | undefined {
  const last = context.lastCall;
  if (!last || context.pending || read.kind === "action") return undefined;
  const found = alsoWithValue(input, last, deps.catalog);
  if (!found) return undefined;
  const { lastCall: _, ...alone } = context;
  const again = deps.parser.parse(found.value, alone);
  const area = deps.catalog.groupOf.get(last.tool);
  if (again.kind === "action" && callsOf(again).some((c) => deps.catalog.groupOf.get(c.tool) !== area))
    return undefined;
  const name = Object.keys(found.call.args).find((k) => found.call.args[k] === found.value);
  const described = String(deps.catalog.properties.get(last.tool)?.[name ?? ""]?.description ?? "");
  const timezone = context.timezone;
  const words = tokenize(found.value).map((t) => t.w);
  const moment =
    timezone && deps.zones.isValid(timezone)
      ? parseWhen(words, { zones: deps.zones, now: context.now ?? new Date(), timezone, direction: "future" })
      : undefined;
  if (moment && !/\b(?:date|day)\b/i.test(described)) return undefined;
  // Always asked: "and sam too" after the weather names no city the schema can tell from a
  // person, so even "too" is put as a question (the team's own test of follow-ups that add more)
  const result = deps.parser.ask(input, found.call, [], NEAR_CONFIDENCE);
  return {
    ...result,
    evidence: { via: "back", p: result.confidence, margin: 0, coverage: 1, anchored: true },
  };
}
