import { GEOMETRY, geometryArgs, hoursArgs } from "./said-shapes.js";
import { findDuration } from "./slots/index.js";
import { labelSaid, windowSaid } from "./slots/named-by.js";
import { personNamed, phoneSaid } from "./slots/person-named.js";
import { placeSaid, townNamed } from "./slots/place-said.js";
import { senderSaid, unreadSaid } from "./slots/sender-said.js";
import { LANGUAGE_CODES } from "./text/languages.js";
import type { Token } from "./text/normalize.js";
import { isNumberWord, parseNumber } from "./text/numbers.js";

/**
 * Values a request states in passing that no slot type reads: how many ("the last 5", "top 3
 * hits", "max 10 messages"), how often ("twice"), a switch named by its own words ("overwrite
 * it", "the whole page", "another window") and a thing named by its kind ("the Family
 * calendar", "my personal account"). They are read by each argument's schema (its type, name
 * and description), so the engine names no tool. Used only for a reading that is asked as a
 * question, so "yes" runs what was said; nothing here ever makes a reading act.
 */

type Properties = Record<string, Record<string, unknown>>;

const amount = (word: string): number | undefined =>
  /^\d{1,4}$/.test(word) ? Number(word) : isNumberWord(word) ? parseNumber([word]) : undefined;

/** Words that make a following number a bound ("max 10", "the last 5", "up to 20"). */
const BOUND = /^(?:max|maximum|top|first|last|latest|only|just|most|least)$/;
/** Nouns after a number that measure time, money or size: a length or an amount, never a count. */
const NOT_COUNTED =
  /^(?:sec|secs|seconds?|min|mins|minutes?|hours?|hrs?|days?|weeks?|months?|years?|am|pm|percent|pounds?|dollars?|euros?|quid|bucks|kg|km|miles?|mb|gb|px|pixels?|o'?clock|wide|tall|high|by|x|and|or|to)$/;

const REPEAT: Record<string, number> = { once: 1, twice: 2, thrice: 3 };

/** Words a switch's name is also said with ("the whole page" is the full page). */
const ALSO: Record<string, string> = { full: "(?:full|whole|entire)", new: "(?:new|another|second)" };

/** Said of a kind by name, but no name of one ("my email account", "the default calendar"). */
const NO_NAME =
  /^(?:my|the|a|an|this|that|these|those|your|our|his|her|their|which|what|any|every|all|each|email|mail|default|main|same|other|new|whole|today'?s?|tomorrow'?s?)$/;

/** Arguments whose name is no kind of thing a user names ("the search query" is no query named "search"). */
export const NOT_KINDS =
  /^(?:path|file|url|query|text|content|body|title|subject|message|description|command|expression|id|ref|keys|side|to|from|at|due|start|end|date|time)$/;

const said = (tokens: readonly Token[], text: string, from: number, to: number) =>
  text.slice(tokens[from]!.start, tokens[to - 1]!.end);

/** Is this noun (singular or plural) one the description names? */
function named(word: string, description: string): boolean {
  const noun = word.replace(/s$/, "");
  return noun.length >= 4 && description.includes(noun.slice(0, Math.max(4, noun.length - 1)));
}

/** Words that describe things counted, between the count and its noun. */
const DESCRIBING =
  /^(?:free|open|spare|empty|available|possible|good|more|other|different|separate|short|long)$/;

/** How many of something the request asks for, by the argument's description or a bound word. */
function countOf(
  name: string,
  property: Record<string, unknown>,
  words: readonly string[],
): number | undefined {
  const description = String(property.description ?? "").toLowerCase();
  const generic = name === "limit" || name === "count";
  for (let i = 0; i < words.length; i++) {
    const n = amount(words[i]!);
    if (n === undefined || n === 0) continue;
    const next = words[i + 1] ?? "";
    if (NOT_COUNTED.test(next) || /^[£$€]/.test(words[i - 1] ?? "")) continue;
    const bounded =
      BOUND.test(words[i - 1] ?? "") ||
      /^(?:up to|at most|no more than)$/.test(words.slice(i - 2, i).join(" "));
    // The counted noun is the one the argument counts ("10 passages" for "how many passages"),
    // also after the length of each ("three half hour slots", "three 30 minute slots")
    let at = i + 1;
    // Words that describe the things counted stand between ("three free slots", "5 open ones")
    while (at < i + 3 && DESCRIBING.test(words[at] ?? "")) at++;
    if (
      /^(?:half|quarter|\d+)$/.test(words[at] ?? "") ||
      /^[a-z]+-(?:hours?|minutes?|mins?)$/.test(words[at] ?? "")
    )
      while (
        at < i + 7 &&
        /^(?:half|quarter|an?|\d+|-|long)$|^(?:min|mins|minutes?|hours?|hr|hrs)$|^[a-z]+-(?:hours?|minutes?|mins?)$/.test(
          words[at] ?? "",
        )
      )
        at++;
    const noun = (at > i + 1 && named(words[at] ?? "", description) ? words[at]! : next).replace(/s$/, "");
    if (named(noun, description) || (generic && (bounded || /s$/.test(next)))) return n;
  }
  return undefined;
}

/** How many times to do it ("twice", "three times"). */
function timesOf(words: readonly string[]): number | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (REPEAT[w] !== undefined) return REPEAT[w];
    const n = amount(w);
    if (n !== undefined && n > 0 && n <= 50 && /^times?$/.test(words[i + 1] ?? "")) return n;
  }
  return undefined;
}

/**
 * A setting's state said as on or off ("shuffle on", "turn the shuffle off", "no more
 * shuffling"): for a switch whose schema says true is "on" and false is "off". The last state
 * word said wins ("on … no, off"); nothing said leaves the tool's default (a toggle).
 */
export function stateOf(property: Record<string, unknown>, words: readonly string[]): boolean | undefined {
  const description = String(property.description ?? "").toLowerCase();
  if (!/\btrue\b[^;]*\bon\b/.test(description) || !/\bfalse\b[^;]*\boff\b/.test(description))
    return undefined;
  let state: boolean | undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (/^(?:off|disable|disabled|stop|stopped)$/.test(w) || (w === "more" && words[i - 1] === "no"))
      state = false;
    else if (/^(?:on|enable|enabled)$/.test(w)) state = true;
  }
  return state;
}

/** Words that take something in with the rest ("hidden menus too", "incl hidden stuff"). */
const INCLUDING = /^(?:too|also|incl|including|included|include|inclusive|with|plus|even)$/;

/**
 * A switch whose schema says it includes something ("include hidden elements (…)"), said by
 * the thing's own first word with a word of taking it in around it: "hidden menus too",
 * "incl hidden stuff", "including the hidden menus", "with the hidden ones as well". Not when
 * denied ("without the hidden ones", "not including hidden").
 */
function includedOf(property: Record<string, unknown>, text: string): boolean | undefined {
  const what = /^include\s+([a-z][a-z-]{3,})/i.exec(String(property.description ?? ""))?.[1]?.toLowerCase();
  if (!what) return undefined;
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .filter(Boolean);
  const stem = what.slice(0, Math.max(4, what.length - 1));
  for (let i = 0; i < words.length; i++) {
    if (!words[i]!.startsWith(stem)) continue;
    const around = [...words.slice(Math.max(0, i - 3), i), ...words.slice(i + 1, i + 4)];
    const well = words[i + 2] === "as" && words[i + 3] === "well";
    if (!around.some((w) => INCLUDING.test(w)) && !well) continue;
    if (words.slice(Math.max(0, i - 4), i).some((w) => /^(?:without|not|no|except|excluding)$/.test(w)))
      return undefined;
    return true;
  }
  return undefined;
}

/** A switch said by its own words and not negated ("overwrite it", not "don't overwrite"). */
function switchOf(name: string, text: string): boolean | undefined {
  const parts = name.split("_").map((part) => ALSO[part] ?? part);
  const pattern = new RegExp(`\\b${parts.join("[\\w\\s-]{0,12}?")}`, "i");
  const found = pattern.exec(text);
  if (!found) return undefined;
  const before = text.slice(Math.max(0, found.index - 16), found.index).toLowerCase();
  return /\b(?:not|don'?t|do not|never|without|no)\s+(?:\w+\s+)?$/.test(before) ? undefined : true;
}

/** A thing named by its kind: "the Family calendar", "on my work account" → "Family", "work". */
export function namedOf(name: string, tokens: readonly Token[], text: string): string | undefined {
  const words = tokens.map((t) => t.w);
  for (let i = 1; i < words.length; i++) {
    if (words[i] !== name && words[i] !== `${name}s`) continue;
    let from = i;
    while (from > 0 && i - from < 2 && !NO_NAME.test(words[from - 1]!)) from -= 1;
    if (from === i || from === 0) continue;
    if (!/^(?:my|the|our|your)$/.test(words[from - 1]!)) continue;
    return said(tokens, text, from, i);
  }
  return undefined;
}

/** Seconds in a unit a numeric argument is counted in ("minutes", "length in hours"); 0 for none. */
function countedIn(name: string, property: Record<string, unknown>): number {
  const said = `${name.replace(/_/g, " ")} ${String(property.description ?? "")}`;
  if (/\b(?:s|secs?|seconds?|duration)\b/i.test(said) || /_min$/.test(name)) return 0;
  if (/\bminutes?\b/i.test(said) && !/\bbefore|after\b/i.test(said)) return 60;
  if (/\bhours?\b/i.test(said) && !/\bbefore|after\b/i.test(said)) return 3600;
  return 0;
}

/** A length said in any words ("a quarter of an hour", "twenty mins") in the argument's unit. */
function lengthIn(unit: number, property: Record<string, unknown>, words: readonly string[]) {
  const found = findDuration(words);
  if (!found) return undefined;
  const value = found.seconds / unit;
  const min = typeof property.minimum === "number" ? property.minimum : 1;
  const max = typeof property.maximum === "number" ? property.maximum : Number.POSITIVE_INFINITY;
  return Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

/** Words before a length that make it a moment or a span of the calendar ("in an hour", "the next two days"). */
const NOT_A_LENGTH_BEFORE =
  /^(?:in|within|next|past|last|this|coming|every|each|per|after|before|than|from)$/;
/** Words after a length that make it a distance in time ("an hour ago", "two days from now"). */
const NOT_A_LENGTH_AFTER =
  /^(?:ago|from|later|earlier|late|early|ahead|behind|back|before|after|old|away|left)$/;

/**
 * Seconds in one unit of an argument that holds how long something lasts ("for_s": "mute for
 * this many seconds", "duration_min": "length in minutes"); 0 for an argument that holds no
 * length (a position "to_s" is where, not how long).
 */
function lastsIn(name: string, property: Record<string, unknown>): number {
  if (property.type !== "integer" && property.type !== "number") return 0;
  const description = String(property.description ?? "");
  const lasting =
    /^(?:for|duration)_/.test(name) || /\b(?:for this many|length|how long|duration)\b/i.test(description);
  if (!lasting) return 0;
  if (/_min(?:utes)?$/.test(name) || /\bminutes\b/i.test(description)) return 60;
  if (/_h(?:ours)?$/.test(name)) return 3600;
  return /_s$/.test(name) || /\bseconds\b/i.test(description) ? 1 : 0;
}

/** How long it should last, said as a length ("for 5 minutes", "half an hour"), not a moment. */
function lastingOf(unit: number, property: Record<string, unknown>, words: readonly string[]) {
  const found = findDuration(words);
  if (!found) return undefined;
  if (
    NOT_A_LENGTH_BEFORE.test(words[found.start - 1] ?? "") ||
    NOT_A_LENGTH_AFTER.test(words[found.end] ?? "")
  )
    return undefined;
  return lengthIn(unit, property, words);
}

/** A language named in the request, as a code when the argument takes one, else by name. */
function languageOf(property: Record<string, unknown>, words: readonly string[]): string | undefined {
  const named = words.find((w) => LANGUAGE_CODES[w] !== undefined);
  if (!named) return undefined;
  return /\bcode\b/i.test(String(property.description ?? "")) ? LANGUAGE_CODES[named] : named;
}

/**
 * A number of a calendar unit the argument is named by ("days", "weeks"): "90 days from now",
 * "in three weeks", "ten days ago" (back, so negative). For integer arguments named by the
 * plural unit alone, as a shift of a date takes them.
 */
function unitsOf(name: string, words: readonly string[]): number | undefined {
  const unit = name.replace(/s$/, "");
  for (let i = 1; i < words.length; i++) {
    if (words[i] !== unit && words[i] !== `${unit}s`) continue;
    const n = amount(words[i - 1]!);
    if (n === undefined) continue;
    return /^(?:ago|before|earlier|back)$/.test(words[i + 1] ?? "") ? -n : n;
  }
  return undefined;
}

/** Words after every/all that make them a time ("every weekday", "all morning"). */
const PERIODS =
  /^(?:day|days|night|nights|week|weeks|weekday|weekdays|weekend|weekends|morning|mornings|evening|evenings|afternoon|month|year|hour|hours|minute|time|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)$/;

/** A switch that takes in every one of its things ("all": "cancel every timer"), said as every/all of them. */
function everyOf(property: Record<string, unknown>, words: readonly string[]): boolean | undefined {
  // Named "all" with no description, or described as every one of them (not "include hidden …")
  const description = String(property.description ?? "");
  if (description && !/\b(?:every|all)\b/i.test(description)) return undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1] ?? "";
    // "every weekday", "all day" say when, not which
    if (
      PERIODS.test(next) ||
      (w === "every" && /^(?:other|second|single)$/.test(next) && PERIODS.test(words[i + 2] ?? ""))
    )
      continue;
    if (
      w === "everything" ||
      w === "every" ||
      (w === "all" && !/^(?:right|set|good|done|ok|okay)$/.test(next))
    )
      return true;
  }
  return undefined;
}

/**
 * A kind named by one of the values a description quotes ('"button", "menu item", "check box"
 * …'): the longest one said, in the singular or the plural ("find the buttons" → "button").
 */
function quotedKindOf(description: string, text: string): string | undefined {
  if (!/^\s*"[^"]+"(?:\s*,\s*"[^"]+"){2,}/.test(description)) return undefined;
  const kinds = [...description.matchAll(/"([^"]+)"/g)].map((m) => m[1]!).sort((a, b) => b.length - a.length);
  const said = text.toLowerCase();
  return kinds.find((kind) => new RegExp(`\\b${kind.replace(/\s+/g, "[\\s-]?")}(?:e?s)?\\b`).test(said));
}

/** The values of `properties` the request states in passing, for arguments not yet given. */
export function saidValues(
  properties: Properties,
  have: Record<string, unknown>,
  tokens: readonly Token[],
  text: string,
): Record<string, unknown> {
  const words = tokens.map((t) => t.w);
  const out: Record<string, unknown> = {
    ...geometryArgs(properties, have, text),
    ...hoursArgs(properties, have, text),
  };
  for (const [name, property] of Object.entries(properties)) {
    if (have[name] !== undefined || out[name] !== undefined) continue;
    const description = String(property.description ?? "");
    let value: unknown;
    if (GEOMETRY.includes(name as (typeof GEOMETRY)[number])) continue;
    const unit = property.type === "integer" ? countedIn(name, property) : 0;
    const lasts = unit ? 0 : lastsIn(name, property);
    if (unit) value = lengthIn(unit, property, words);
    else if (lasts) value = lastingOf(lasts, property, words);
    else if (
      property.type === "string" &&
      (/^(?:language|lang)$/.test(name) || /\blanguage\b/i.test(description))
    )
      value = languageOf(property, words);
    else if (property.type === "integer" && (name === "repeat" || /\btimes\b/.test(description)))
      value = timesOf(words);
    else if (
      property.type === "integer" &&
      (name === "limit" || name === "count" || /\b(?:how|this) many\b|\bmost\b/.test(description))
    )
      value = countOf(name, property, words);
    else if (property.type === "integer" && /^(?:days|weeks|months|years)$/.test(name))
      value = unitsOf(name, words);
    else if (property.type === "boolean" && name === "unread" && /\bunread\b/.test(description))
      value = unreadSaid(text);
    else if (property.type === "boolean")
      value =
        (name === "all" ? everyOf(property, words) : undefined) ??
        stateOf(property, words) ??
        includedOf(property, text) ??
        switchOf(name, text);
    else if (property.type === "string" && /^\s*"/.test(description)) value = quotedKindOf(description, text);
    else if (property.type === "string" && /^(?:location|place|venue)$/.test(name)) value = placeSaid(text);
    else if (property.type === "string" && name === "from" && /\bsender\b/i.test(description))
      value = senderSaid(text);
    else if (property.type === "string" && name === "city" && /\bcity\b/i.test(description))
      value = townNamed(text);
    else if (property.type === "string" && name === "label") value = labelSaid(text);
    // A person's name and number, as typed beside the address a card is made for
    else if (property.type === "string" && name === "name" && /\bfull name\b/i.test(description))
      value = personNamed(text);
    else if (property.type === "string" && name === "phone" && /\bphone number\b/i.test(description))
      value = phoneSaid(text);
    else if (property.type === "string" && name === "window")
      value = windowSaid(text) ?? namedOf(name, tokens, text);
    else if (property.type === "string" && /^[a-z]+$/.test(name) && !property.enum && !NOT_KINDS.test(name))
      value = namedOf(name, tokens, text);
    if (value !== undefined) out[name] = value;
  }
  return out;
}
