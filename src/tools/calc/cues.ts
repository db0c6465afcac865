import { UNIT_WORDS } from "../../brain/nlu/language/index.js";
import type { GroupCues } from "../../core/language.js";

/**
 * Values the calculator works on that the sums' own cue (two numbers and an operator, a number
 * and a unit word) does not read: measures written the short way — a temperature ("350F",
 * "20 °C"), an area ("45 square metres", "sq ft", "m²"), a unit's letter ("in C") — and below,
 * values named rather than written. Each is a sum whatever words surround it.
 */
const TEMPERATURE = /(?:^|[\s(~-])-?\d+(?:\.\d+)?\s*(?:°\s*[CFK]?|[CF](?![\w'’]))|\bdeg(?:rees?)? [CF]\b/;
const AREA =
  /\b(?:sq\.?\s?(?:ft|feet|foot|m|metres?|meters?|km|mi|miles?|yds?|yards?|in)|square (?:feet|foot|metres?|meters?|miles?|kilometres?|kilometers?|yards?|inch(?:es)?|km|m|ft)|cubic (?:feet|foot|metres?|meters?|inch(?:es)?|yards?|cm|m|ft))\b|\d\s*(?:m|ft|km|cm)[²³]/i;
const UNIT_LETTER = /\b(?:in|into|to) (?:°\s*)?[CF](?![\w'’+#])/;
/** Units of measure, not of time ("per hour", "in 5 minutes" are not sums). */
const UNITS = UNIT_WORDS.filter((word) => !/^(?:second|minute|min|hour|day|week)s?$/.test(word)).join("|");
/** A rate by a unit ("the price per pound", "miles per gallon"): converted to another unit. */
const RATE = new RegExp(`\\bper (?:${UNITS})\\b`, "i");
/** A value wanted in a unit, its number to be found first ("I want it in miles"). */
const WANTED_IN = new RegExp(
  `\\b(?:it|that|this|them|the (?:answer|result|distance|total|weight|price))\\s+in\\s+(?:${UNITS})\\b`,
  "i",
);
/** An operation on a value named, not written ("times it by 1.2", "divide that by 4"). */
const OPERATION_ON =
  /\b(?:times|multiply|divide|subtract|add)\s+(?:it|that|this|them|the (?:number|total|amount|answer|result|figure))\s+(?:by|to|from)\s+(?:the\s+)?[\d.]/i;
/** A named value multiplied or divided by a written one ("the day rate times 18"). */
const TIMES_NUMBER = /\b(?:times|multiplied by|divided by)\s+(?:the\s+)?\d/i;
/** How many of one thing fit in, or make, another: a division ("how many 40-minute slots fit"). */
const HOW_MANY_FIT = /\bhow many\b(?:[^?.!]|\.\d)*\b(?:fit|fits|go into|goes into)\b/i;
/** How many of one unit a written amount is ("how many yen is 250 dollars"). */
const HOW_MANY_IS = /\bhow many\s+\S+\s+(?:is|are|would be|makes?)\s+[£$€¥]?\d/i;
/**
 * Amounts already written somewhere, totted up: "tot them up", "what's the damage", "what it
 * all comes to". The amounts are read by another step; the sum is this one. ("add up" is a
 * word of its own below, weaker: a shape lifted it over the step that reads the amounts.)
 */
const TOTTED_UP =
  /\b(?:tot(?:ting|ted)?)\s+(?:(?:it|them|these|those|everything|all|the\s+\w+(?:\s+\w+)?)\s+)?up\b|\bwhat(?:'s|’s|\s+is|\s+was|\s+will\s+be)\s+the\s+damage\b|\b(?:all|it|that|they|everything)\s+(?:comes?|came|will\s+come)\s+to\b/i;
/** Prices compared: a bundle against its parts bought separately, "is it a saving". */
const SAVING =
  /\b(?:a|any|the|real)\s+saving\b|\b(?:separately|individually|one\s+by\s+one)\b(?:[^?.!]|\.\d)*\bprices?\b|\bprices?\b(?:[^?.!]|\.\d)*\b(?:separately|individually)\b/i;
/** A worked answer with its number, to be checked: "I got 42.7, am I right?". */
const CHECK_ANSWER =
  /^(?=.*\d)(?=.*(?:\b(?:am|was)\s+i\s+(?:right|correct|close)\b|\b(?:is|was)\s+(?:that|it|this|my\s+answer)\s+(?:right|correct)\b|\bcheck\s+my\s+(?:answer|working|sums?|maths?)\b|\bdid\s+i\s+get\s+(?:it|that|this)\s+right\b))/i;
/** A clock time and a length of time in one request: the time it ends, arrives or lands. */
const TIME_PLUS = /^(?=.*\b(?:[01]?\d|2[0-3]):[0-5]\d\b)(?=.*\b\d+\s*(?:h\s*\d+|hrs?|hours?)\b)/i;

export const CALC_CUES: GroupCues = {
  // Goals end in a sum no word of theirs names: values read off a page, a list or the screen
  // and then compared, checked or totted up ("is the bundle a saving?", "am I right?")
  general: ["calc_evaluate"],
  shapes: [
    { pattern: TEMPERATURE, weight: 3 },
    { pattern: AREA, weight: 3 },
    { pattern: UNIT_LETTER, weight: 2 },
    { pattern: RATE, weight: 2 },
    { pattern: WANTED_IN, weight: 2 },
    { pattern: OPERATION_ON, weight: 3 },
    { pattern: TIME_PLUS, weight: 1.5 },
    { pattern: TIMES_NUMBER, weight: 3 },
    { pattern: HOW_MANY_FIT, weight: 2 },
    { pattern: HOW_MANY_IS, weight: 2 },
    { pattern: TOTTED_UP, weight: 2 },
    { pattern: SAVING, weight: 3 },
    { pattern: CHECK_ANSWER, weight: 3 },
  ],
  words: {
    percent: ["calculate"],
    tip: ["calculate"],
    convert: ["calculate", "convert"],
    spent: ["calculate"],
    total: ["calculate"],
    difference: ["calculate"],
    cheaper: ["calculate"],
    afford: ["calculate"],
    average: ["calculate"],
    split: ["calculate"],
    owe: ["calculate"],
    ratio: ["calculate"],
    percentage: ["calculate"],
    sum: ["calculate"],
    // Domains whose questions are sums without a sum's words: money (pay, loans, margins),
    // the kitchen (a recipe scaled to more people), travel (fuel, pace) and school (grades)
    salary: ["calculate"],
    wage: ["calculate"],
    wages: ["calculate"],
    paycheck: ["calculate"],
    payslip: ["calculate"],
    mortgage: ["calculate"],
    loan: ["calculate"],
    interest: ["calculate"],
    savings: ["calculate"],
    profit: ["calculate"],
    margin: ["calculate"],
    markup: ["calculate"],
    instalment: ["calculate"],
    installment: ["calculate"],
    altogether: ["calculate"],
    servings: ["calculate"],
    portions: ["calculate"],
    serves: ["calculate"],
    halve: ["calculate"],
    triple: ["calculate"],
    mileage: ["calculate"],
    mpg: ["calculate"],
    fuel: ["calculate"],
    petrol: ["calculate"],
    pace: ["calculate"],
    mph: ["calculate"],
    kph: ["calculate"],
    calories: ["calculate"],
    grade: ["calculate"],
    grades: ["calculate"],
    gpa: ["calculate"],
    fraction: ["calculate"],
    decimal: ["calculate"],
    equation: ["calculate"],
    "per person": ["calculate"],
    "per head": ["calculate"],
    "each of us": ["calculate"],
    "how much more": ["calculate"],
    "how much less": ["calculate"],
    "how many more": ["calculate"],
    // Checking or totting up amounts already written somewhere: the sum is the step
    tot: ["calculate"],
    "work out": ["calculate"],
    "work it out": ["calculate"],
    "come to": ["calculate"],
    "add up": ["calculate"],
    "worth it": ["calculate"],
    metric: ["calculate", "convert"],
    imperial: ["calculate", "convert"],
    // A temperature wanted on the other scale
    fahrenheit: ["calculate", "convert"],
    celsius: ["calculate", "convert"],
    centigrade: ["calculate", "convert"],
    "check the maths": ["calculate"],
    "check the math": ["calculate"],
  },
};
