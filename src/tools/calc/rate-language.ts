import { type Args, type BuildInput, parseNumber } from "../../brain/nlu/language/index.js";
import type { IntentTable } from "../language.js";

/**
 * A count of things at a rate each, then the total asked, in any order and with any words for
 * the things ("8 hour shift at 11.44 an hour, what's that come to", "30 guests, 4 rolls each,
 * how many do I buy", "12 kids each bring £2.50, what will we have"). Fresh writers name the
 * things and the rate in their own words; what stays is the shape: exactly two amounts, one said
 * as a rate ("each", "a word", "an hour", "per"), and a question for the total. Sides said as
 * "2.4 by 1.2" are one more factor (an area).
 */

/** The total asked, however it is put. */
const TOTAL =
  /\b(?:what(?:'s|s| is| does| do)? (?:that|it|this|they|those) (?:come|comes|add|adds) (?:to|up to)|what(?:'s|s| is) the total|how much (?:is that|is it|altogether|all together|in total|will (?:we|i|that|it) (?:have|make|get|be|cost))|what will (?:we|i) (?:have|make|get|collect|earn|raise)|how many (?:do|should|will|must) (?:i|we) (?:order|need|buy|get|make|bring)|how many (?:is that|are there|in total|altogether)|how many square (?:metres|meters|feet|foot|yards)|how much (?:do|will) (?:i|we) (?:earn|make|get|pay))\b/i;

/** A rate said after an amount, the things' word between: "each", "3 rolls each", "a word", "an hour", "per head". */
const RATE_AFTER =
  /^\s*(?:(?:[a-z]+\s+){0,2}?(?:each|apiece|per \w+)|an? (?!few\b|lot\b|bit\b|couple\b)\w+)\b/i;
/** "each" before an amount: "each bring £3.50". */
const EACH_BEFORE = /\beach\s+(?:\w+\s+){0,2}$/i;

const AMOUNT =
  /[$£€]?\d+(?:[.,]\d+)?|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred)\b/gi;

function amountOf(said: string): number | undefined {
  const clean = said.replace(/[$£€]/g, "").replace(/,(?=\d{3}\b)/g, "");
  return /\d/.test(clean) ? Number(clean.replace(",", ".")) : parseNumber([clean.toLowerCase()]);
}

function countAtRate(input: BuildInput): Args | undefined {
  const text = input.env.text;
  const total = TOTAL.exec(text);
  if (!total) return undefined;
  // The amounts are read before the question; a number in it ("how many do I need for 3 days")
  // is a second request's
  const said = text.slice(0, total.index);
  if (/\d/.test(text.slice(total.index))) return undefined;
  const found = [...said.matchAll(AMOUNT)];
  const values = found.map((m) => amountOf(m[0]));
  if (values.some((v) => v === undefined || !Number.isFinite(v) || v <= 0)) return undefined;
  let factors = values as number[];
  // Two sides of a piece ("at 2.4 by 1.2") are one factor each
  const sides =
    found.length === 3 &&
    /^\s*(?:by|x|×)\s*$/i.test(said.slice(found[1]!.index! + found[1]![0].length, found[2]!.index));
  if (found.length !== 2 && !sides) return undefined;
  if (!sides) {
    const rated = found.some(
      (m) => RATE_AFTER.test(said.slice(m.index! + m[0].length)) || EACH_BEFORE.test(said.slice(0, m.index)),
    );
    if (!rated) return undefined;
  } else factors = values as number[];
  // Times and dates are no amounts ("at 3 pm", "on the 4th")
  if (/\b(?:am|pm|o'?clock)\b|\d(?:st|nd|rd|th)\b|:\d\d/i.test(said)) return undefined;
  return { expression: factors.join(" * ") };
}

export const CALC_RATE_INTENTS: IntentTable = {
  calc_count_at_rate: {
    tool: "calc_evaluate",
    // Matched, never taught: the things counted are any words
    templates: [],
    shapes: ["{said:text}"],
    build: countAtRate,
  },
};
