import type { FollowUpKind, When } from "../../core/language.js";
import type { Catalog } from "./catalog.js";
import { parseDuration, parseWhen, SLOT_ALIASES, type SlotEnv, slotType } from "./slots/index.js";
import type { SlotCache } from "./template.js";
import { isNumberWord, parseNumber } from "./text/numbers.js";
import type { NluCall } from "./types.js";

/** Words that join a time or a length to what it is for ("at 4 pm", "for 20 minutes"). */
const JOINS = new Set(["in", "at", "for"]);

/** Words that close a correction without adding to it ("9 actually", "5:15 then"). */
const CLOSING = new Set(["actually", "then", "please", "instead", "sorry"]);

/**
 * A value said alone right after a call ("no wait, 5:15", "ten minutes", "9 actually"): a
 * correction of the last call, as if "make it" had been said. Only when the words are the value
 * and nothing else: a time, a length or a number, so no request of its own is read as one
 * (a number or a length in up to four words, a moment in up to six).
 */
export function bareValue(
  words: readonly string[],
  env: SlotEnv,
): { kind: FollowUpKind; rest: string[] } | undefined {
  const rest = withoutClosing(words);
  // "at 9 in the morning", "tomorrow at half past six": a moment may take six words
  if (rest.length === 0 || rest.length > 6) return undefined;
  // "at 4 pm", "for 20 minutes": the time or length without the word that joins it
  const value = JOINS.has(rest[0]!) && rest.length > 1 ? rest.slice(1) : rest;
  const short = rest.length <= 4;
  const read =
    (short && parseNumber(value) !== undefined) ||
    (short && parseDuration(value) !== undefined) ||
    parseWhen(value, { zones: env.zones, now: env.now, timezone: env.timezone, direction: "future" }) !==
      undefined;
  return read ? { kind: "change", rest } : undefined;
}

/** The words without what closes a correction ("9 actually" → "9"). */
export function withoutClosing(words: readonly string[]): string[] {
  const rest = [...words];
  while (rest.length > 1 && CLOSING.has(rest.at(-1)!)) rest.pop();
  return rest;
}

/**
 * A repeat said alone right after a call whose tool takes one ("every day" after a reminder):
 * that call again, repeated. Undefined when there is no such call.
 */
export function repeated(catalog: Catalog, last: NluCall | undefined, repeat: string): NluCall | undefined {
  return last && catalog.properties.get(last.tool)?.repeat
    ? { tool: last.tool, args: { ...last.args, repeat } }
    : undefined;
}

/** "the day after", "the next day", "two days later", "the day before that": counted from a day. */
const RELATIVE_DAY =
  /^(?:on )?(?:the )?(?:(?:day|night) (after|before)|(next|following|previous) (?:day|night)|(\w+) days? (later|after|afterwards|before|earlier))(?: that| it| then)?$/;

/**
 * A day said relative to the day the last call named ("and the day after?" after tomorrow's
 * calendar): that day moved, never today's. Undefined when the words are no such day or the
 * last call named no day.
 */
export function dayAfterLast(rest: readonly string[], last: NluCall, env: SlotEnv): When | undefined {
  const m = RELATIVE_DAY.exec(rest.join(" "));
  if (!m) return undefined;
  const count =
    m[3] === undefined
      ? 1
      : /^\d+$/.test(m[3])
        ? Number(m[3])
        : isNumberWord(m[3])
          ? parseNumber([m[3]])
          : undefined;
  if (count === undefined || count < 1 || count > 60) return undefined;
  const back = m[1] === "before" || m[2] === "previous" || m[4] === "before" || m[4] === "earlier";
  const named = Object.values(last.args).find(
    (v): v is string => typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v),
  );
  if (!named) return undefined;
  const date = new Date(`${named.slice(0, 10)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + (back ? -count : count));
  const day = date.toISOString().slice(0, 10);
  const iso = env.zones.startOfDay(day, env.timezone);
  return { iso, date: day, hasTime: false, instant: new Date(iso) };
}

/**
 * "just 3 points", "show me 10 passages instead", "only the next ten": a count said alone. The
 * old count may follow as what the new one replaces ("10 not 5", "8 rather than 5"); a word that
 * only closes the turn is never the noun counted ("8 instead").
 */
const COUNT =
  /^(?:(?:ok|okay|no|actually|just|only|then|please|now|but|(?:give|show|get|send)(?: me)?|make it|i only need|i just need)\s+)*(?:the\s+)?(?:(?:first|next|top|last|main|best)\s+)?(\S+)(?:\s+(?:most important|main|key|best|top|important|biggest|latest|next|first))?(?:\s+(?!(?:instead|please|then|only|max|tops|not|rather)\b)([a-z]+))?(?:\s+(?:instead|please|then|only|max|tops|at most))*(?:\s+(?:not|instead of|rather than)\s+\S+)?$/;

/** Count arguments a bare count fits when its noun names none ("the next ten"). */
const COUNT_NAME = /^(?:limit|count|max_\w+|top|n|number)$/;

/**
 * A count said alone right after a call ("just 3 points" after a summary): the same call with
 * its count argument set, the one whose name or description says the noun, or the tool's one
 * limit when no noun is said. Undefined when the words are more than a count or no argument fits.
 */
export function countCorrection(
  words: readonly string[],
  last: NluCall,
  catalog: Catalog,
): NluCall | undefined {
  const m = COUNT.exec(words.join(" "));
  if (!m) return undefined;
  const count = parseNumber([m[1]!]);
  if (count === undefined || !Number.isInteger(count) || count < 1) return undefined;
  const properties = catalog.properties.get(last.tool) ?? {};
  const counts = Object.entries(properties).filter(
    ([name, p]) =>
      (p.type === "integer" || p.type === "number") &&
      !/second|minute|duration|level|volume|percent/i.test(`${name} ${p.description ?? ""}`),
  );
  const noun = m[2]?.replace(/(?:es|s)$/, "");
  const named = noun
    ? counts.filter(([name, p]) =>
        new RegExp(`\\b${noun}`, "i").test(`${name.replace(/_/g, " ")} ${p.description ?? ""}`),
      )
    : counts.filter(([name]) => COUNT_NAME.test(name));
  if (named.length !== 1) return undefined;
  const [arg, property] = named[0]!;
  const min = typeof property.minimum === "number" ? property.minimum : 1;
  const max = typeof property.maximum === "number" ? property.maximum : Number.POSITIVE_INFINITY;
  if (count < min || count > max || last.args[arg] === count) return undefined;
  return { tool: last.tool, args: { ...last.args, [arg]: count } };
}

/** Hesitations and asides before a follow-up ("nah scrap that", "oops, put it back"). */
const LEAD = new Set([
  "nah",
  "nvm",
  "oops",
  "oh",
  "ok",
  "okay",
  "hmm",
  "sorry",
  "wait",
  "no",
  "actually",
  "um",
  "erm",
  "well",
  "right",
  "so",
]);

/** The words without their leading hesitations; the same words when there are none. */
export function withoutLead(words: readonly string[]): readonly string[] {
  let i = 0;
  while (i < words.length - 1) {
    if (LEAD.has(words[i]!)) i++;
    // "never mind, cancel it": the aside before the command
    else if (words[i] === "never" && words[i + 1] === "mind" && i < words.length - 2) i += 2;
    else break;
  }
  return i === 0 ? words : words.slice(i);
}

/** Words that open a request of its own after a comma, where a reason would stand. */
const NO_REASON =
  /^(?:and|then|also|plus|but|or|now|please|set|add|remind|play|open|call|text|email|send|make|put|cancel|delete|remove|start|stop)\b/;

/**
 * The words before the first comma or dash whose words after it only give a reason ("scrap it,
 * I'm having a lie-in"), or undefined when nothing is set apart or what follows asks for more.
 */
export function clauseBeforeReason(words: readonly string[], cache: SlotCache): string[] | undefined {
  const { tokens, env } = cache;
  if (tokens.length !== words.length) return undefined;
  for (let k = 1; k < words.length; k++) {
    const after = env.text.slice(tokens[k - 1]!.end, tokens[k]!.start);
    const dash = words[k] === "-" || words[k] === "–" || words[k] === "—";
    if (!dash && !/^\s*[,;]/.test(after)) continue;
    const reason = words.slice(dash ? k + 1 : k);
    if (reason.length > 10 || NO_REASON.test(reason.join(" "))) return undefined;
    // The first clause that is more than a hesitation ("no, 23:15 - the bus goes earlier")
    if (withoutLead(words.slice(0, k)).every((w) => LEAD.has(w))) continue;
    return words.slice(0, k);
  }
  return undefined;
}

/**
 * The words after the last comma or dash when what comes before only reacts ("too dark, make it
 * 70", "too much, half that"): a short clause that may be the follow-up itself. Undefined when
 * nothing is set apart or either side is too long to be a reaction and a correction.
 */
export function clauseAfterReaction(words: readonly string[], cache: SlotCache): string[] | undefined {
  const { tokens, env } = cache;
  if (tokens.length !== words.length) return undefined;
  for (let k = words.length - 1; k >= 1; k--) {
    const after = env.text.slice(tokens[k - 1]!.end, tokens[k]!.start);
    const dash = words[k] === "-" || words[k] === "–" || words[k] === "—";
    if (!dash && !/^\s*[,;:]/.test(after)) continue;
    const rest = words.slice(dash ? k + 1 : k);
    return k <= 4 && rest.length > 0 && rest.length <= 6 ? rest : undefined;
  }
  return undefined;
}

/** Slot types whose values no ordinary word is: said alone, they can only be the value. */
const SWAPPABLE = new Set(["app", "file", "path", "url", "side", "zone"]);
/** What says the words replace a value ("no, the other one, chrome", "firefox instead"). */
const CORRECTING = new Set(["no", "sorry", "actually", "nope", "oops", "wait"]);

/**
 * A value of a typed kind said as a correction right after a call ("no, the other one,
 * chrome" after opening firefox): the same call with that value in place of the one of its
 * kind. Only with a word that corrects ("no", "sorry", "instead", "the other one"), only a value
 * no ordinary word could be (an app, a file, a side), and only when one argument takes it.
 */
export function typedSwap(words: readonly string[], last: NluCall, cache: SlotCache): NluCall | undefined {
  let start = 0;
  let corrected = false;
  while (start < words.length && (CORRECTING.has(words[start]!) || LEAD.has(words[start]!))) {
    corrected ||= CORRECTING.has(words[start]!);
    start++;
  }
  // "the other one", "the other": which one, not what
  if (words[start] === "the" && words[start + 1] === "other") {
    corrected = true;
    start += words[start + 2] === "one" ? 3 : 2;
  }
  let end = words.length;
  while (end > start && ["instead", "then", "please"].includes(words[end - 1]!)) {
    corrected ||= words[end - 1] === "instead";
    end--;
  }
  // "impress, for the slides": the value before its reason
  const { tokens, env } = cache;
  if (tokens.length !== words.length) return undefined;
  for (let k = start + 1; k < end; k++)
    if (/^\s*[,;]/.test(env.text.slice(tokens[k - 1]!.end, tokens[k]!.start))) end = k;
  if (!corrected || end <= start || end - start > 4) return undefined;
  const fits = Object.entries(last.args).flatMap(([name, old]) => {
    if (typeof old !== "string") return [];
    const type = SLOT_ALIASES[name] ?? name;
    if (!SWAPPABLE.has(type) || !slotType(name)) return [];
    const value = cache.parse(type, name, start, end);
    return typeof value === "string" && value.toLowerCase() !== old.toLowerCase()
      ? [[name, value] as const]
      : [];
  });
  if (fits.length !== 1) return undefined;
  const [name, value] = fits[0]!;
  return { tool: last.tool, args: { ...last.args, [name]: value } };
}

/** "and butter", "and some eggs": a few words that name things, not a request of their own. */
export function looksLikeItems(rest: readonly string[]): boolean {
  return (
    rest.length > 0 &&
    rest.length <= 4 &&
    !/^(?:what|how|when|where|who|which|why|is|are|can|could|do|does|will|remind|set|play|show|tell|open|turn|call|text|email|send|check|find|start|stop|cancel|delete|read|then|also|in|at|for|on|from|to|by|near|around|tomorrow|today|tonight|next|this)$/.test(
      rest[0]!,
    )
  );
}

/** The required values a call leaves out (a follow-up's call with no handle to point at). */
export function requiredLeftOut(call: NluCall, catalog: Catalog): string[] {
  return (catalog.required.get(call.tool) ?? []).filter((arg) => call.args[arg] === undefined);
}
