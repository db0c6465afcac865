import type { Catalog } from "./catalog.js";
import { isWhen } from "./language/types.js";
import { hasRequired } from "./matcher.js";
import { kindOf } from "./slot-filling.js";
import { SLOT_ALIASES, type SlotEnv, type SlotType, slotType } from "./slots/index.js";
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
  return { ...extras, ...args };
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
    const found = firstValue(type, tokens, env, taken, Math.min(type.maxTokens, MAX_SPAN));
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
function typeOf(
  name: string,
  properties: Record<string, Record<string, unknown>>,
  moments: boolean,
): SlotType | undefined {
  const own = slotType(name);
  const alias = SLOT_ALIASES[name] ?? name;
  if (!moments && (alias === "when" || alias === "clock")) return undefined;
  if (own && !own.free && TYPED.has(alias)) return own;
  const kind = kindOf(name, properties);
  if (kind === "duration") return slotType("duration");
  // A moment only where the schema says so by format or as ISO: a command "run at the time" is no date
  const property = properties[name] ?? {};
  const moment =
    /date/.test(String(property.format ?? "")) || /\bISO\b/.test(String(property.description ?? ""));
  if ((kind === "when" || kind === "date") && moment && moments) return slotType("when");
  return undefined;
}

function firstValue(
  type: SlotType,
  tokens: readonly Token[],
  env: SlotEnv,
  taken: Set<number>,
  longest: number,
): unknown {
  for (let start = 0; start < tokens.length; start++) {
    for (let length = Math.min(longest, tokens.length - start); length >= 1; length--) {
      const span = tokens.slice(start, start + length);
      if (span.some((_t, i) => taken.has(start + i))) continue;
      const raw = env.text.slice(span[0]!.start, span.at(-1)!.end);
      const value = type.parse(
        span.map((t) => t.w),
        raw,
        env,
      );
      if (value === undefined || value === null || value === "") continue;
      for (let i = 0; i < length; i++) taken.add(start + i);
      return value;
    }
  }
  return undefined;
}
