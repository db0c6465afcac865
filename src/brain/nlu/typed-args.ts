import type { Catalog } from "./catalog.js";
import { isWhen } from "./language/types.js";
import { hasRequired } from "./matcher.js";
import { saidValues } from "./said-values.js";
import { kindOf } from "./slot-filling.js";
import {
  findDuration,
  findWhen,
  SLOT_ALIASES,
  type SlotEnv,
  type SlotType,
  slotType,
} from "./slots/index.js";
import type { Token } from "./text/normalize.js";

/**
 * Slot types whose values cannot be mistaken for ordinary words: a path, an address, a length
 * of time, a moment, a key chord, a side of the screen, a size, a zone, an app.
 * Free text, names and bare numbers are not among them: any word could be one (a bare "10"
 * after "turn it down by" is a change, not a level).
 */
const TYPED = new Set([
  "file",
  "path",
  "url",
  "duration",
  "when",
  "clock",
  "keys",
  "side",
  "point",
  "size",
  "zone",
  "app",
]);

/** Longest span tried for one value (a path said in words, "quarter past eight on friday"). */
const MAX_SPAN = 8;

/**
 * The values a sentence holds for a tool's typed arguments, read by the arguments' own slot
 * types (the tool's schema names them; the engine names no tool): used when the classifier is
 * sure of a tool whose language has no fallback for this phrasing. Every required argument must
 * be found; each value comes from its own words (no two arguments share a span), leftmost first.
 * Undefined when a required value is not in the sentence or is not of a typed kind, or when
 * the only values found are moments.
 */
export function typedArgs(
  catalog: Catalog,
  tool: string,
  tokens: readonly Token[],
  env: SlotEnv,
): Record<string, unknown> | undefined {
  return readTyped(catalog, tool, tokens, env, {});
}

/**
 * The typed values a reading left out ("book squash tonight at 7 for 40 min" read without its
 * length): added to a call that is asked as a question, so "yes" runs what was said. Moments are
 * left to the tool's own language (one moment is easily read twice, as a start and an end), and
 * what the call already has is kept.
 */
export function typedExtras(
  catalog: Catalog,
  tool: string,
  args: Record<string, unknown>,
  tokens: readonly Token[],
  env: SlotEnv,
): Record<string, unknown> {
  const extras = readTyped(catalog, tool, tokens, env, { have: args, moments: false }) ?? {};
  // A tool with a single moment cannot read one moment twice: its moment is shown too
  const properties = catalog.properties.get(tool) ?? {};
  const moments = Object.keys(properties).filter((name) => typeOf(name, properties, true)?.key === "when");
  const [moment] = moments;
  if (moments.length === 1 && moment && args[moment] === undefined) {
    const found = readTyped(catalog, tool, tokens, env, { have: { ...args, ...extras } });
    if (found?.[moment] !== undefined) extras[moment] = found[moment];
  }
  const stated = saidValues(properties, { ...extras, ...args }, tokens, env.text);
  return { ...stated, ...extras, ...args };
}

/**
 * The call a very sure reading makes of a tool with no words for this phrasing: the typed values
 * the sentence holds, moments included, complete when every required value was found. A tool
 * run on its defaults alone was measured and left out: "how much battery does my phone have
 * left" is about another device, not a bare reading of this one's battery.
 */
export function sureArgs(
  catalog: Catalog,
  tool: string,
  tokens: readonly Token[],
  env: SlotEnv,
): Record<string, unknown> | undefined {
  return readTyped(catalog, tool, tokens, env, { any: true });
}

function readTyped(
  catalog: Catalog,
  tool: string,
  tokens: readonly Token[],
  env: SlotEnv,
  options: { have?: Record<string, unknown>; moments?: boolean; any?: boolean },
): Record<string, unknown> | undefined {
  const properties = catalog.properties.get(tool) ?? {};
  const required = options.have ? [] : (catalog.required.get(tool) ?? []);
  const taken = new Set<number>();
  const args: Record<string, unknown> = {};
  // Values other than moments: a day is said in many requests no tool serves
  let own = 0;
  // Lengths are read before moments: "an hour" is a length unless said "in an hour"
  const order = (name: string) =>
    (required.includes(name) ? 0 : 2) + (kindOf(name, properties) === "duration" ? 0 : 1);
  const names = [...new Set([...required, ...Object.keys(properties)])].sort((a, b) => order(a) - order(b));
  for (const name of names) {
    if (options.have && options.have[name] !== undefined) continue;
    const type = typeOf(name, properties, options.moments ?? true);
    if (!type) {
      if (required.includes(name)) return undefined;
      continue;
    }
    const found = firstValue(type, tokens, env, taken);
    if (found === undefined) continue;
    // A length asked for in minutes ("duration_min") is said like any other length
    const minutes = /_min(?:utes)?$/.test(name) && typeof found === "number";
    if (!isWhen(found)) own += 1;
    args[name] = isWhen(found)
      ? kindOf(name, properties) === "date"
        ? found.date
        : found.iso
      : minutes
        ? found / 60
        : found;
  }
  const enough = options.any ? Object.keys(args).length > 0 : own > 0;
  return enough && hasRequired(args, required) ? args : undefined;
}

/** The slot type that reads an argument: its name's, or what its schema says it holds. */
interface Typed {
  /** The slot type's name, for the memo. */
  key: string;
  type: SlotType;
}

function typeOf(
  name: string,
  properties: Record<string, Record<string, unknown>>,
  moments: boolean,
): Typed | undefined {
  const alias = SLOT_ALIASES[name] ?? name;
  if (!moments && (alias === "when" || alias === "clock")) return undefined;
  const of = (key: string) => {
    const type = slotType(key);
    return type ? { key, type } : undefined;
  };
  const own = slotType(name);
  // A moment is found by the moment finder whatever its slot is called ("at", "due", "start")
  if (alias === "when" || alias === "clock") return of("when");
  if (own && !own.free && TYPED.has(alias)) return { key: alias, type: own };
  const kind = kindOf(name, properties);
  if (kind === "duration") return of("duration");
  // A moment only where the schema says so by format or as ISO: a command "run at the time" is no date
  const property = properties[name] ?? {};
  const moment =
    /date/.test(String(property.format ?? "")) || /\bISO\b/.test(String(property.description ?? ""));
  if ((kind === "when" || kind === "date") && moment && moments) return of("when");
  return undefined;
}

/**
 * What a span must show before its slot parser is called: a path, address or handle has its
 * marks, a point or a size its digits. Parsers cost a fraction of a millisecond per span, and a
 * sentence has a hundred spans; these cues keep the whole read well under a millisecond.
 */
const CUES: Readonly<Record<string, RegExp>> = {
  file: /[~/.#]/,
  url: /[./]/,
  point: /\d/,
  size: /\d/,
};

/** Span parses are shared by every tool and argument of one utterance (the parse memo). */
const NOTHING = Symbol("no value");

function firstValue(typed: Typed, tokens: readonly Token[], env: SlotEnv, taken: Set<number>): unknown {
  const words = tokens.map((t) => t.w);
  // Moments and lengths have finders that skip spans with no cue word: one pass per utterance
  if (typed.key === "when" || typed.key === "duration") {
    const key = `typed:${typed.key}:${words.join(" ")}`;
    let found = env.memo?.get(key) as
      | { value: unknown; start: number; end: number }
      | typeof NOTHING
      | undefined;
    if (found === undefined) {
      found = finder(typed.key, words, env) ?? NOTHING;
      env.memo?.set(key, found);
    }
    if (found === NOTHING) return undefined;
    for (let i = found.start; i < found.end; i++) if (taken.has(i)) return undefined;
    for (let i = found.start; i < found.end; i++) taken.add(i);
    return found.value;
  }
  const longest = Math.min(typed.type.maxTokens, MAX_SPAN);
  for (let start = 0; start < tokens.length; start++) {
    for (let length = Math.min(longest, tokens.length - start); length >= 1; length--) {
      const span = tokens.slice(start, start + length);
      if (span.some((_t, i) => taken.has(start + i))) continue;
      const raw = env.text.slice(span[0]!.start, span.at(-1)!.end);
      if (CUES[typed.key] && !CUES[typed.key]?.test(raw)) continue;
      const spanWords = words.slice(start, start + length);
      const key = `typed:${typed.key}:${spanWords.join(" ")}|${raw}`;
      let value = env.memo?.get(key);
      if (value === undefined) {
        value = typed.type.parse(spanWords, raw, env) ?? NOTHING;
        env.memo?.set(key, value);
      }
      if (value === NOTHING || value === null || value === "") continue;
      for (let i = 0; i < length; i++) taken.add(start + i);
      return value;
    }
  }
  return undefined;
}

function finder(
  kind: "when" | "duration",
  words: readonly string[],
  env: SlotEnv,
): { value: unknown; start: number; end: number } | undefined {
  if (kind === "duration") {
    const found = findDuration(words);
    return found && { value: found.seconds, start: found.start, end: found.end };
  }
  const found = findWhen(words, {
    zones: env.zones,
    now: env.now,
    timezone: env.timezone,
    direction: "future",
  });
  return found && { value: found.when, start: found.start, end: found.end };
}

/** Words before a length that make it a span of the calendar or a delay, not an amount. */
const SPAN_BEFORE = new Set(
  "in within next past last this coming every each per after before over under than".split(" "),
);
/** Words after a length that make it a distance in time ("two days late", "an hour ago"). */
const SPAN_AFTER = new Set(
  "ago from later earlier late early ahead behind back before after old away left".split(" "),
);

/**
 * A length of time said as an amount ("have I got an hour free", "forty minutes of reading,
 * time it") that the reading has no argument for: the reading left out what the request was
 * about, so it is not sure enough to act. This holds whether or not another tool of the
 * reading's area takes a length: a clock read for "an hour on the console for the kids, keep
 * track of it" left out the length as surely as a calendar listing read for "an hour free" did.
 * A length said as a span, a bound or a delay ("in an hour", "the next two days", "under ten
 * minutes", "an hour ago") is not one, nor a minute or less ("hold on a sec").
 */
export function leavesOutLength(catalog: Catalog, tool: string, words: readonly string[]): boolean {
  const takesLength = (name: string) => {
    const properties = catalog.properties.get(name) ?? {};
    return Object.keys(properties).some((arg) => kindOf(arg, properties) === "duration");
  };
  if (takesLength(tool)) return false;
  // "for a sec", "on the twenty second": a moment or a date, not an amount of time
  const length = findDuration(words);
  if (!length || length.seconds <= 60) return false;
  return !SPAN_BEFORE.has(words[length.start - 1] ?? "") && !SPAN_AFTER.has(words[length.end] ?? "");
}
