import type { Catalog } from "./catalog.js";
import { choiceSwap } from "./follow-up-edit.js";
import { momentOf } from "./follow-up-update.js";
import { tokenize } from "./text/normalize.js";
import { parseNumber } from "./text/numbers.js";
import type { NluCall } from "./types.js";

/**
 * Corrections said right after a call (issue 16, follow-ups): "no wait, it's 4417" after
 * remembering a code, "no, the other side" after putting a window on the left, "no, the other
 * seven, in the evening" after a 7 o'clock alarm, "no, text him instead, say I'm late" after a
 * call. Each is the same call with one value corrected, read from the value the call holds and
 * its schema (a number inside a text, a choice and its opposite, the half of the day of a
 * moment, a message argument), never from the tool's name. Each needs a word that corrects.
 */

/** Words that say what follows corrects the call just made. */
const CORRECTING = new Set([
  "no",
  "nope",
  "nah",
  "actually",
  "sorry",
  "oops",
  "wait",
  "hmm",
  "oh",
  "correction",
]);
/** Words between the correction and the value that add nothing ("it's", "it should be"). */
const FILLER = new Set([
  "it",
  "it's",
  "its",
  "s",
  "is",
  "was",
  "should",
  "be",
  "i",
  "meant",
  "mean",
  "make",
  "that",
  "the",
  "number",
  "code",
  "then",
  "please",
  "instead",
  "fix",
  "correct",
  "change",
  "update",
]);

/** The same words as typed at the start (the parser may have set a lead-in aside already). */
const TYPED_LEAD = new RegExp(`^\\W*(?:${[...CORRECTING].join("|")})\\b`, "i");

/** The words after the leading correction words, or undefined when none corrects. */
function afterCorrection(words: readonly string[], raw: string): string[] | undefined {
  let start = 0;
  while (start < words.length && CORRECTING.has(words[start]!)) start++;
  return start > 0 || TYPED_LEAD.test(raw) ? words.slice(start) : undefined;
}

/** A code said as a value (a number, a reading, a password with digits), not a count or a clock time. */
const DIGITS = /(?<![\p{L}\d])(?=[\p{L}\d-]*\d)[\p{L}\d-]{3,}(?![\p{L}\d])/gu;
const CODE = /^(?=[\p{L}\d-]*\d)[\p{L}\d-]{3,}$/u;

/**
 * "no wait, it's 4417" after "remember my locker code is 4471": the one number written inside a
 * text value of the last call, replaced by the number said. Only a call with no numeric
 * argument of its own (there a number is that argument's), and only when one value holds one.
 */
export function numberInText(
  words: readonly string[],
  raw: string,
  last: NluCall,
  catalog: Catalog,
): NluCall | undefined {
  const rest = afterCorrection(words, raw)?.filter((w) => !FILLER.has(w));

  const word = rest?.length === 1 ? rest[0]! : "";
  if (/^\d{2}$/.test(word)) return twoDigits(word, last, catalog);
  if (!CODE.test(word)) return undefined;
  // As typed ("Pumpkin43"), not as the words were lowered
  const said = [...raw.matchAll(DIGITS)].map((m) => m[0]).find((t) => t.toLowerCase() === word) ?? word;
  const fit = oneTextFit(
    last,
    catalog,
    (value) => (value.match(DIGITS) ?? []).length === 1 && !value.toLowerCase().includes(word),
  );
  if (!fit) return undefined;
  const [name, value] = fit;
  return { tool: last.tool, args: { ...last.args, [name]: value.replace(DIGITS, said) } };
}

/**
 * The one text value of the last call a corrected code fits, in a tool that counts nothing (a
 * number there is a count or a length, not a code).
 */
function oneTextFit(
  last: NluCall,
  catalog: Catalog,
  fits: (value: string) => boolean,
): [string, string] | undefined {
  const properties = catalog.properties.get(last.tool) ?? {};
  if (Object.values(properties).some((p) => p.type === "integer" || p.type === "number")) return undefined;
  const found = Object.entries(last.args).filter(
    ([name, value]) => properties[name]?.type === "string" && typeof value === "string" && fits(value),
  );
  return found.length === 1 ? (found[0] as [string, string]) : undefined;
}

/** A number of two digits standing alone in a text value. */
const TWO_DIGITS = /(?<![\p{L}\d.:,])\d{2}(?![\p{L}\d.:,])/gu;

/**
 * "no, it's 84" after "remember my locker number is 48" (dev21): a two-digit number is a code
 * only where it replaces the one two-digit number of the same text value, nothing else numeric
 * in it (a time or a count said with another length is another reading's).
 */
function twoDigits(word: string, last: NluCall, catalog: Catalog): NluCall | undefined {
  const fit = oneTextFit(
    last,
    catalog,
    (value) =>
      (value.match(/\d+/g) ?? []).length === 1 &&
      (value.match(TWO_DIGITS) ?? []).length === 1 &&
      !value.includes(word),
  );
  if (!fit) return undefined;
  const [name, value] = fit;
  return { tool: last.tool, args: { ...last.args, [name]: value.replace(TWO_DIGITS, word) } };
}

/** Choices that are each other's other ("the other side" after the left). */
const OPPOSITE: Record<string, string> = {
  left: "right",
  right: "left",
  top: "bottom",
  bottom: "top",
  up: "down",
  down: "up",
  on: "off",
  off: "on",
  front: "back",
  back: "front",
};

/**
 * "no, the other side", "the other way" after a call that set a choice: that choice's other —
 * its opposite among the argument's own choices, or the one other choice of two.
 */
export function otherChoice(
  words: readonly string[],
  raw: string,
  last: NluCall,
  catalog: Catalog,
): NluCall | undefined {
  if (
    !words.includes("other") ||
    words.length > 6 ||
    !(afterCorrection(words, raw) || words.at(-1) === "instead")
  )
    return undefined;
  const properties = catalog.properties.get(last.tool) ?? {};
  const fits = Object.entries(properties).flatMap(([name, p]) => {
    const choices = Array.isArray(p.enum) ? p.enum.filter((v): v is string => typeof v === "string") : [];
    const now = last.args[name];
    if (typeof now !== "string" || !choices.includes(now)) return [];
    const other = choices.length === 2 ? choices.find((c) => c !== now) : OPPOSITE[now];
    return other && choices.includes(other) ? [[name, other] as const] : [];
  });
  if (fits.length !== 1) return undefined;
  const [name, value] = fits[0]!;
  return { tool: last.tool, args: { ...last.args, [name]: value } };
}

const LATE = /^(?:pm|evening|afternoon|night|tonight)$/;
const EARLY = /^(?:am|morning)$/;

/**
 * "no, the other seven", "no, 7 in the evening", "actually pm" after a call set at 7 in the
 * morning: the same moment in the other half of the day (or the half said).
 */
export function otherHalf(words: readonly string[], raw: string, last: NluCall): NluCall | undefined {
  const rest = afterCorrection(words, raw);
  const moment = momentOf(last);
  if (!rest || !moment || rest.length > 7) return undefined;
  const [name, iso] = moment;
  const hour = Number(iso.slice(11, 13));
  const late = rest.some((w) => LATE.test(w));
  const early = rest.some((w) => EARLY.test(w));
  const numbers = rest.map((w) => parseNumber([w])).filter((n): n is number => n !== undefined);
  // The hour said must be the call's own, on a twelve-hour clock
  if (numbers.length > 1 || (numbers.length === 1 && numbers[0]! % 12 !== hour % 12)) return undefined;
  const other = rest.includes("other") && (numbers.length === 1 || rest.includes("one"));
  if (late === early && !other) return undefined;
  const to = late && !early ? (hour % 12) + 12 : early && !late ? hour % 12 : (hour + 12) % 24;
  if (to === hour) return undefined;
  const moved = `${iso.slice(0, 11)}${String(to).padStart(2, "0")}${iso.slice(13)}`;
  return { tool: last.tool, args: { ...last.args, [name]: moved } };
}

/** Words that pass on a message ("say I'm late", "saying", "tell him"). */
const PASSES_ON = /^(?:say|saying|tell|telling|write|and)$/;
/** Arguments that carry a message to send. */
const MESSAGE = /^(?:message|body|text)$/;

/**
 * "no, text him instead, say I'm 10 minutes away" after a call: the choice swapped as
 * `choiceSwap` reads it, and what follows "say" as the message the call now carries, when the
 * tool takes one message argument.
 */
export function choiceWithMessage(
  words: readonly string[],
  raw: string,
  last: NluCall,
  catalog: Catalog,
): NluCall | undefined {
  const at = words.findIndex((w, i) => i > 1 && (w === "say" || w === "saying"));
  if (at < 0) return colonMessage(raw, last, catalog);
  let end = at;
  while (end > 0 && PASSES_ON.test(words[end - 1]!)) end--;
  const swapped = choiceSwap(words.slice(0, end), last, catalog);
  if (!swapped) return undefined;
  const properties = catalog.properties.get(last.tool) ?? {};
  const carriers = Object.keys(properties).filter((n) => MESSAGE.test(n) && properties[n]?.type === "string");
  const m = /\bsay(?:ing)?\b[\s,:]*(.+)$/i.exec(raw);
  const message = m?.[1]?.trim().replace(/^["“']|["”']$/g, "");
  if (carriers.length !== 1 || !message) return undefined;
  return { tool: swapped.tool, args: { ...swapped.args, [carriers[0]!]: message } };
}

/**
 * "no, text her instead: on my way": the message after a colon, the choice swapped in the words
 * before it (dev15; the same kind as "say …" above, said as a label and its value).
 */
function colonMessage(raw: string, last: NluCall, catalog: Catalog): NluCall | undefined {
  const colon = raw.indexOf(":");
  if (colon < 0) return undefined;
  const before = tokenize(raw.slice(0, colon)).map((t) => t.w);
  const message = raw
    .slice(colon + 1)
    .trim()
    .replace(/^["“']|["”']$/g, "");
  if (before.length < 2 || before.length > 6 || !message) return undefined;
  const swapped = choiceSwap(before, last, catalog);
  if (!swapped) return undefined;
  const properties = catalog.properties.get(last.tool) ?? {};
  const carriers = Object.keys(properties).filter((n) => MESSAGE.test(n) && properties[n]?.type === "string");
  if (carriers.length !== 1) return undefined;
  return { tool: swapped.tool, args: { ...swapped.args, [carriers[0]!]: message } };
}
