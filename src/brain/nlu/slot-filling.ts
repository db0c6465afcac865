import type { ActiveIntent, Catalog } from "./catalog.js";
import type { Classification } from "./classifier.js";
import type { GuessInput as FallbackInput } from "./language/types.js";
import { hasRequired } from "./matcher.js";
import { makesSomething, OUT_OF_SCOPE } from "./parse-rules.js";
import { saidValues } from "./said-values.js";
import { findWhen, parseDuration, type SlotEnv } from "./slots/index.js";
import type { Token } from "./text/normalize.js";
import type { NluCall, PendingCall } from "./types.js";

/**
 * Slot filling: a request whose tool is clear but whose required values are not ("remove it
 * from the list", "add a new contact") becomes an incomplete call. Jarvis asks for the first
 * missing value and the next utterance fills it. An incomplete call never runs as it is; the
 * gate would refuse it anyway, and the agent asks (or hands it to the model) instead.
 */

type ArgKind = "text" | "list" | "when" | "date" | "duration" | "number" | "handle";

/** How a spoken answer becomes a value, by argument name (schemas refine this when present). */
const KIND_BY_NAME: Record<string, ArgKind> = {
  items: "list",
  to: "list",
  cc: "list",
  at: "when",
  due: "when",
  start: "when",
  date: "date",
  duration_s: "duration",
  level: "number",
  change: "number",
  id: "handle",
};

type Properties = Record<string, Record<string, unknown>>;

export function kindOf(arg: string, properties: Properties | undefined): ArgKind {
  // Addresses may also be given as handles, but a spoken answer is the address itself
  if (arg === "email" || arg === "phone") return "text";
  const property = properties?.[arg];
  if (property) {
    // "a city, country or time zone" names a place: a zone is no time of day
    const said = `${property.description ?? ""} ${property.format ?? ""}`.replace(
      /\btime ?zones?\b/gi,
      "zone",
    );
    if (property.type === "array") return "list";
    if (property.type === "number" || property.type === "integer")
      return /second|duration/i.test(`${arg} ${said}`) ? "duration" : "number";
    if (property.type === "string" && /#[a-z]\d|handle/i.test(said)) return "handle";
    if (property.type === "string" && /ISO|date|time/i.test(said) && !/duration/i.test(said))
      return arg === "date" ? "date" : "when";
  }
  const named = KIND_BY_NAME[arg] ?? "text";
  // A name that is a list elsewhere ("to" of a message) is one value where the schema says so
  return named === "list" && property?.type === "string" ? "text" : named;
}

/** The question that asks for one missing value: the tool's language says it, or a plain one. */
export function questionFor(
  arg: string,
  intents: readonly ActiveIntent[] | undefined,
  properties: Properties | undefined,
): string {
  for (const spec of intents ?? []) if (spec.ask?.[arg]) return spec.ask[arg];
  if (kindOf(arg, properties) === "handle")
    return 'Which one? Ask me to show them first, then say which one (for example "the second one").';
  return `What ${arg.replace(/_/g, " ")}?`;
}

/** Required arguments the call does not have yet. */
export function missingArgs(
  args: Record<string, unknown>,
  required: readonly string[] | undefined,
): string[] {
  return (required ?? []).filter((name) => args[name] === undefined || args[name] === "");
}

const LEADING =
  /^(?:(?:it'?s|it is|that'?s|the|my|a|an|to|for|on|at|in|called|named|call it|name it|say|says|of)\s+)+/;

/**
 * Words that join an answer to the talk before it ("and in Paris?", "what about Leeds"): said
 * before a place or a name as a follow-up is, never part of the value.
 */
const JOINING = /^(?:(?:and|ok|okay|so) (?=(?:in|at|for|to) )|(?:and )?(?:what|how) about )/i;

/**
 * The answer to "Which list?" etc.: the utterance read as the first missing value. Returns
 * the filled call and what is still missing, or undefined when the answer is not such a value.
 */
export function fillPending(
  pending: PendingCall,
  tokens: readonly Token[],
  env: SlotEnv,
  properties: Properties | undefined,
): { call: NluCall; missing: string[] } | undefined {
  const [arg, ...rest] = pending.missing;
  if (!arg) return undefined;
  const words = tokens.map((t) => t.w);
  const raw = env.text.trim().replace(/[.!?]+$/, "");
  let value: unknown;
  switch (kindOf(arg, properties)) {
    case "duration":
      value = parseDuration(words);
      break;
    case "number": {
      const n = /(-?\d+(?:\.\d+)?)/.exec(raw);
      value = n ? Number(n[1]) : undefined;
      break;
    }
    case "when":
    case "date": {
      const found = findWhen(words, {
        zones: env.zones,
        now: env.now,
        timezone: env.timezone,
        direction: "future",
      });
      const when = found?.when;
      value = when ? (kindOf(arg, properties) === "date" ? when.date : when.iso) : undefined;
      break;
    }
    case "list": {
      const parts = raw
        .replace(LEADING, "")
        .split(/\s*(?:,|\band\b|&)\s*/i)
        .map((s) => s.trim())
        .filter(Boolean);
      value = parts.length > 0 ? parts : undefined;
      break;
    }
    case "handle":
      // Only a handle the user names ("#e2"); "the second one" resolves through references
      value = /^#[a-z]\d+$/i.test(raw) ? raw : undefined;
      break;
    default: {
      let text = raw.replace(JOINING, "").replace(LEADING, "");
      // "sam at example dot com" as it is spoken
      if (arg === "email")
        text = text
          .replace(/\s+dot\s+/gi, ".")
          .replace(/\s+at\s+/gi, "@")
          .replace(/\s+/g, "");
      if (arg === "list") text = text.replace(/\s+list$/i, "");
      value = text.length > 0 && text.length <= 500 ? text : undefined;
    }
  }
  if (value === undefined) return undefined;
  return { call: { tool: pending.tool, args: { ...pending.args, [arg]: value } }, missing: rest };
}

/** Deleting is asked about only when the domain's own words were said. */
const DELETES = /_(?:delete|remove|clear|cancel)/;

/**
 * The group is clear but no tool of it found its values: the likeliest tool the words do not
 * rule out becomes an incomplete call, so Jarvis asks for what is missing instead of guessing.
 */
export function incompleteCall(
  catalog: Catalog,
  said: string,
  group: string,
  result: Classification,
  context: FallbackInput,
): { call: NluCall; missing: string[] } | undefined {
  const leader = result.ranked.find((r) => catalog.groupOf.get(r.label) === group)?.probability ?? 0;
  for (const { label, probability } of result.ranked) {
    if (catalog.groupOf.get(label) !== group || probability < leader * 0.5) continue;
    // Asked, not guessed: nothing runs before the answers, so the tool stays the one asked for
    const tool = label;
    const specs = catalog.intentsOf.get(tool) ?? [];
    // Look-ups whose only value is the question itself: without it, it was a question
    if (specs.some((spec) => spec.neverAsk)) continue;
    // A tool known only from its own examples has no words to tell its requests from others'
    if (!specs.some((spec) => spec.fallback || spec.partial || spec.anchors)) continue;
    // A veto guards a weak guess; a clear one is asked about (nothing runs before the answer)
    if (probability < 0.85 && specs.some((spec) => spec.vetoes?.test(said))) continue;
    // "delete all my files" is no question about which calendar event to remove, "does
    // hypnosis work" none about whom to look up
    if (
      probability < 0.85 &&
      (DELETES.test(tool) || specs.some((spec) => spec.asksWithAnchors)) &&
      specs.some((spec) => spec.anchors && !spec.anchors.test(said))
    )
      continue;
    const required = catalog.required.get(tool) ?? [];
    // Every value optional, yet the tool has questions for some ("a name or an address"): with
    // none of them said, those are what is missing
    const questions = required.length > 0 ? [] : specs.flatMap((spec) => Object.keys(spec.ask ?? {}));
    if (required.length === 0 && questions.length === 0) continue;
    let args: Record<string, unknown> = {};
    for (const spec of specs) {
      const partial = spec.partial?.(context);
      if (partial) args = { ...partial, ...args };
    }
    const missing =
      required.length > 0
        ? missingArgs(args, required)
        : questions.every((arg) => args[arg] === undefined)
          ? questions
          : [];
    if (missing.length > 0) return { call: { tool, args }, missing };
  }
  return undefined;
}

/** The tool a classifier guess of `label` becomes (a guessed send is only drafted). */
export function guessedTool(catalog: Catalog, label: string): string {
  const as = catalog.intentsOf.get(label)?.find((spec) => spec.guessAs)?.guessAs;
  return as && catalog.groupOf.has(as) ? as : label;
}

/**
 * A mention of something Jarvis has no tool for does not always make the request about it:
 * "wake me at five, i need to catch the train" is an alarm. A very sure reading with the
 * domain's own words may act, unless the words are what the request is about (posting,
 * films, cooking, lights) or the intent is `strictScope`.
 */
function mentionOnly(said: string, anchored: boolean | "loose", probability: number): boolean {
  return anchored === true && probability >= 0.95 && !TOPICS_BEYOND.test(said);
}
const TOPICS_BEYOND =
  /\b(?:tweet\w*|twitter|facebook|instagram|social|movies?|films?|cinema|recipes?|cook\w*|food|lights?|lamps?|bulbs?)\b/;

/**
 * The values a request states in passing that its reading's words left out ("shuffle on", "mute
 * the sound for 5 minutes, I'm on a call", "top 3"), read by each argument's schema: a call that
 * runs does what was said, not the tool's default (a toggle, mute for ever, ten results). What
 * the reading found is kept. The values never make a reading: they only complete one.
 */
function withStated(
  catalog: Catalog,
  tool: string,
  args: Record<string, unknown>,
  input: FallbackInput,
): Record<string, unknown> {
  const properties = catalog.properties.get(tool);
  if (!properties) return args;
  return { ...saidValues(properties, args, input.tokens, input.env.text), ...args };
}

/** Arguments a classifier-only reading of `tool` can act on, or undefined (intent fallbacks). */
export function guessArgs(
  catalog: Catalog,
  tool: string,
  input: FallbackInput,
  anchored: boolean | "loose",
  probability = 0,
): Record<string, unknown> | undefined {
  const said = input.words.join(" ");
  const elsewhere = OUT_OF_SCOPE.test(said);
  if (elsewhere && !mentionOnly(said, anchored, probability)) return undefined;
  // "new event: …", "put … on my list": making something is no look-up, however it leans
  const makes = makesSomething(said) || /^new\b/.test(said);
  for (const spec of catalog.intentsOf.get(tool) ?? []) {
    if (!spec.fallback || spec.vetoes?.test(said)) continue;
    if (makes && spec.lookup) continue;
    if (elsewhere && spec.strictScope) continue;
    if (anchored === true && !spec.anchors?.test(said)) continue;
    if (anchored === "loose" && !spec.anchors?.test(said)) {
      if (spec.loose === false || (spec.loose && !spec.loose.test(said))) continue;
    }
    const args = spec.fallback(input);
    if (args && hasRequired(args, catalog.required.get(tool))) return withStated(catalog, tool, args, input);
  }
  return undefined;
}
