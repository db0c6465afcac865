/**
 * Number words → values ("twenty five" → 25, "a hundred and ten" → 110, "3.5" → 3.5).
 * Used by the number, percent, duration and date slots, which see words, not digits.
 */
const UNITS: Record<string, number> = {
  zero: 0,
  oh: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fourty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000, million: 1_000_000 };

export const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
};

const DIGITS = /^\d{1,9}(?:,\d{3})*(?:\.\d+)?$/;

export function isNumberWord(word: string): boolean {
  return word in UNITS || word in TENS || word in SCALES || DIGITS.test(word);
}

/**
 * Reads the longest number starting at `start`; returns its value and the index after it.
 * "a"/"an" count as one only before a scale ("a hundred"), so "a timer" is not a number.
 */
export function readNumber(
  words: readonly string[],
  start: number,
): { value: number; end: number } | undefined {
  const first = words[start];
  if (first === undefined) return undefined;
  if (DIGITS.test(first)) return withFraction(words, Number(first.replaceAll(",", "")), start + 1);
  let total = 0;
  let current = 0;
  let i = start;
  let seen = false;
  while (i < words.length) {
    const w = words[i] as string;
    if ((w === "a" || w === "an") && !seen && words[i + 1] && words[i + 1]! in SCALES) {
      current = 1;
      seen = true;
      i += 1;
      continue;
    }
    if (w in UNITS) {
      const u = UNITS[w]!;
      const tail = current % 100;
      // "one two" and "twenty fifteen" are two numbers, not one
      if (seen && tail !== 0 && !(tail >= 20 && tail % 10 === 0)) break;
      if (seen && tail >= 20 && u >= 10) break;
      current += u;
    } else if (w in TENS) {
      if (seen && current % 100 !== 0) break;
      current += TENS[w]!;
    } else if (w in SCALES) {
      if (!seen) break;
      const scale = SCALES[w]!;
      if (scale === 100) current = (current || 1) * 100;
      else {
        total += (current || 1) * scale;
        current = 0;
      }
    } else if (w === "and" && seen && words[i + 1] && (words[i + 1]! in UNITS || words[i + 1]! in TENS)) {
      if (current % 100 !== 0 && total === 0) break;
      i += 1;
      continue;
    } else {
      break;
    }
    seen = true;
    i += 1;
  }
  if (!seen) return undefined;
  return withFraction(words, total + current, i);
}

const FRACTIONS: Record<string, number> = { half: 0.5, quarter: 0.25 };

/**
 * "twelve and a half", "3 and a quarter", "two and three quarters": a whole number and a
 * common fraction said after it are one amount (a percentage, a length, a price).
 */
function withFraction(words: readonly string[], value: number, end: number): { value: number; end: number } {
  if (words[end] !== "and") return { value, end };
  const fraction = FRACTIONS[words[end + 2] ?? ""];
  if ((words[end + 1] === "a" || words[end + 1] === "one") && fraction !== undefined)
    return { value: value + fraction, end: end + 3 };
  if (words[end + 1] === "three" && /^quarters?$/.test(words[end + 2] ?? ""))
    return { value: value + 0.75, end: end + 3 };
  return { value, end };
}

/** The whole span must be one number ("twenty five" yes, "twenty five apples" no). */
export function parseNumber(words: readonly string[]): number | undefined {
  if (words.length === 0) return undefined;
  const read = readNumber(words, 0);
  return read && read.end === words.length ? read.value : undefined;
}

/** "1st" / "second" / "last" → 1 / 2 / -1; in a list read top down, "top" and "bottom" too. */
export function parseOrdinal(word: string): number | undefined {
  if (word === "last" || word === "bottom") return -1;
  if (word === "top") return 1;
  if (word in ORDINALS) return ORDINALS[word];
  const match = /^(\d{1,3})(?:st|nd|rd|th)$/.exec(word);
  return match ? Number(match[1]) : undefined;
}

/**
 * Rewrites number words as digits for parsers that only read digits (chrono):
 * "eight thirty am" → "8:30 am", "seven o'clock" → "7:00".
 */
export function digitize(words: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < words.length) {
    const w = words[i] as string;
    const read = w === "a" || w === "an" || isPronounOne(words, i) ? undefined : readNumber(words, i);
    if (read) {
      let text = String(read.value);
      let end = read.end;
      // "eight thirty" / "eight oh five": an hour then minutes, in a clock context
      const minutes = readMinutes(words, end);
      if (read.value >= 1 && read.value <= 12 && minutes && isClockContext(out)) {
        text = `${read.value}:${String(minutes.value).padStart(2, "0")}`;
        end = minutes.end;
      } else if (words[end] === "o'clock" || (words[end] === "o" && words[end + 1] === "clock")) {
        text = `${read.value}:00`;
        end += words[end] === "o" ? 2 : 1;
      }
      out.push(text);
      i = end;
      continue;
    }
    out.push(w);
    i += 1;
  }
  return out;
}

const ONE_DETERMINERS = new Set([
  "the",
  "that",
  "this",
  "which",
  "next",
  "last",
  "another",
  "each",
  "every",
  "any",
  "some",
  "new",
  "other",
]);

/** "the second one", "that one": a pronoun, not the number 1. */
function isPronounOne(words: readonly string[], i: number): boolean {
  if (words[i] !== "one") return false;
  const prev = words[i - 1];
  return (
    words[i + 1] === "of" ||
    (prev !== undefined && (ONE_DETERMINERS.has(prev) || parseOrdinal(prev) !== undefined))
  );
}

function readMinutes(words: readonly string[], start: number): { value: number; end: number } | undefined {
  const w = words[start];
  if (w === "oh" || w === "o") {
    const unit = words[start + 1];
    if (unit && unit in UNITS && UNITS[unit]! < 10) return { value: UNITS[unit]!, end: start + 2 };
    return undefined;
  }
  if (w === undefined || /^\d/.test(w)) return undefined;
  const read = readNumber(words, start);
  if (!read || read.value < 10 || read.value > 59 || !Number.isInteger(read.value)) return undefined;
  return read;
}

/** A clock reading is plausible after "at", "for", "by", "until" ... or at the very start. */
function isClockContext(before: readonly string[]): boolean {
  const prev = before.at(-1);
  return prev === undefined || CLOCK_PREPOSITIONS.has(prev);
}

const CLOCK_PREPOSITIONS = new Set([
  "at",
  "for",
  "by",
  "until",
  "till",
  "around",
  "about",
  "from",
  "to",
  "is",
  "alarm",
  "and",
]);
