import { type Args, type BuildInput, parseNumber } from "../../brain/nlu/language/index.js";
import type { IntentTable } from "../language.js";

/** "84 dollars", "£120", "sixty": the amount of a bill. */
export function amountOf(text: string): number | undefined {
  const clean = text
    .toLowerCase()
    .replace(/[$£€,]/g, "")
    .replace(/\b(?:dollars?|pounds?|euros?|bucks|quid)\b/g, "");
  const digits = /(\d+(?:\.\d+)?)/.exec(clean)?.[1];
  if (digits) return Number(digits);
  return parseNumber(clean.trim().split(/\s+/).filter(Boolean));
}

/** Units said by a letter or a runner's "k", and the units they are wanted in. */
const SHORT_UNIT: Record<string, string> = {
  f: "degF",
  fahrenheit: "degF",
  c: "degC",
  celsius: "degC",
  centigrade: "degC",
  mile: "mi",
  miles: "mi",
  mi: "mi",
  km: "km",
  kms: "km",
  kilometres: "km",
  kilometers: "km",
  kilometre: "km",
  kilometer: "km",
};
const TEMPERATURES = new Set(["degF", "degC"]);

/**
 * "350 F in C", "180c to f", "10k in miles": a measure written the short way. The amount's
 * letter (or a runner's "k") and the unit wanted must be of one kind: a temperature to a
 * temperature, a distance to a distance ("10k in dollars" is a thousand, not a run).
 */
function shortUnits(input: BuildInput): Args | undefined {
  // Said first, the amount is the last words before the question ("i ran 10k, how far …")
  const said = String(input.values.q ?? input.values.about ?? "")
    .trim()
    .replace(/[,.;:!?]+$/, "");
  const q = new RegExp(
    `${input.values.q === undefined ? "(?:^|\\s)" : "^"}(-?\\s?\\d+(?:\\.\\d+)?)\\s*(?:°\\s*)?([a-z]+)$`,
    "i",
  ).exec(said);
  const target = String(input.values.target ?? "")
    .trim()
    .toLowerCase()
    .replace(/^°\s*/, "")
    .replace(/^(?:degrees?|deg) /, "");
  if (!q) return undefined;
  const letter = q[2]!.toLowerCase();
  const to = SHORT_UNIT[target];
  const from = letter === "k" ? (to && !TEMPERATURES.has(to) ? "km" : undefined) : SHORT_UNIT[letter];
  if (!from || !to || from === to || TEMPERATURES.has(from) !== TEMPERATURES.has(to)) return undefined;
  return { expression: `${q[1]!.replace(/\s/g, "")} ${from} to ${to}` };
}

/** How many of one period fit in another: "1250 a month, what's that for the year" is × 12. */
const PER: Record<string, number> = { hour: 1, day: 24, week: 168, fortnight: 336, month: 730, year: 8760 };

/** "rent's 1250 a month, what's that for the year" → "1250 * 12". */
function perPeriod(input: BuildInput): Args | undefined {
  const amount = amountOf(String(input.values.amount ?? ""));
  const from = PER[String(input.values.from ?? "")];
  const to = PER[String(input.values.to ?? "")];
  if (amount === undefined || !from || !to || from === to) return undefined;
  const factor: Record<string, string> = {
    "730/8760": "12",
    "168/8760": "52",
    "24/8760": "365",
    "24/168": "7",
    "24/730": "30",
    "336/8760": "26",
    "8760/730": "/ 12",
    "8760/168": "/ 52",
    "730/168": "* 12 / 52",
    "168/730": "* 52 / 12",
    "1/24": "24",
    "1/168": "40",
  };
  const f = factor[`${from}/${to}`];
  if (!f) return undefined;
  return { expression: /^[/*]/.test(f) ? `${amount} ${f}` : `${amount} * ${f}` };
}

/** "45 an hour for 17.5 hours", "17.5 hrs at 45 an hour": a rate times the hours worked. */
function rateTimesHours(input: BuildInput): Args | undefined {
  const rate = amountOf(String(input.values.rate ?? ""));
  const hours = amountOf(String(input.values.hours ?? ""));
  return rate === undefined || hours === undefined ? undefined : { expression: `${rate} * ${hours}` };
}

/** "four shifts of twelve and a half hours, total?": a count of equal parts. */
function countOfParts(input: BuildInput): Args | undefined {
  const count = input.values.count;
  // The size opens on its number ("twelve and a half hours", "2.5 kilos", "twelve eggs"); the
  // words after it only say what is counted
  const words = String(input.values.size ?? "")
    .toLowerCase()
    .replace(/[$£€]/g, "")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  let n: number | undefined;
  let used = 0;
  if (/^\d+(?:\.\d+)?$/.test(words[0] ?? "")) [n, used] = [Number(words[0]), 1];
  else
    for (let k = Math.min(5, words.length); k >= 1 && n === undefined; k--) {
      n = parseNumber(words.slice(0, k));
      used = k;
    }
  if (n === undefined || words.slice(used).some((w) => /\d/.test(w) || parseNumber([w]) !== undefined))
    return undefined;
  return typeof count === "number" && count > 1 && Number.isFinite(n)
    ? { expression: `${count} * ${n}` }
    : undefined;
}

const TOTAL_ASKED =
  "(total|in total|altogether|all together|how much (is that|in total|altogether|all together)|how many hours (is that|in total|altogether)|what does that come to|what is that)";

export const CALC_SITUATION_INTENTS: IntentTable = {
  calc_short_units: {
    tool: "calc_evaluate",
    // Matched, never taught: the amount is read by `shortUnits`, not by a slot type
    templates: [],
    shapes: [
      "[what is|what's|convert|how much is|how hot is|how warm is|how far is] {q:text} (in|to|into) {target:text} [please]",
      "{about:text} (how (far|much|hot|warm|long)|what) (is|'s) (that|it|this) (in|into) {target:text}",
    ],
    build: shortUnits,
  },
  calc_per_period: {
    tool: "calc_evaluate",
    templates: [],
    // A cost or a wage by the period, then asked for a longer or shorter one
    shapes: [
      `[{about:text}] {amount:text} (a|an|per|each|every) {from:text} [,] (what|how much) (is|'s|would|will) (that|it|this) [be|come to] (for|in|over|per|a|an|each) [the|a|one|whole] {to:text}`,
    ],
    build: (input) => {
      const period = (v: unknown) =>
        /^(?:hour|day|week|fortnight|month|year)$/.test(String(v)) ? v : undefined;
      return period(input.values.from) && period(input.values.to) ? perPeriod(input) : undefined;
    },
  },
  calc_rate_hours: {
    tool: "calc_evaluate",
    templates: [],
    shapes: [
      `[{about:text}] {rate:text} (an|a|per) (hour|hr) [,] [for|times|x|by] {hours:text} (hours|hrs|hr|h) [,] [${TOTAL_ASKED}] [{tail:text}]`,
      `[{about:text}] {hours:text} (hours|hrs|hr|h) at {rate:text} (an|a|per) (hour|hr) [,] [${TOTAL_ASKED}] [{tail:text}]`,
      `[{about:text}] (hourly rate|rate|day rate|my rate) [of|is] {rate:text} [,] {hours:text} (hours|hrs|hr|h) [{tail:text}] [,] ${TOTAL_ASKED}`,
    ],
    build: (input) => {
      const tail = String(input.values.tail ?? "");
      if (/\d/.test(tail) || /\b(?:minus|less|plus|tax|off)\b/.test(tail)) return undefined;
      return rateTimesHours(input);
    },
  },
  calc_count_of_parts: {
    tool: "calc_evaluate",
    templates: [],
    shapes: [`[{about:text}] {count:number} {things:text} of {size:text} [each] [,] ${TOTAL_ASKED}`],
    build: countOfParts,
  },
};
