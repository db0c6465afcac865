import {
  type Args,
  type BuildInput,
  parseMath,
  parseNumber,
  UNIT_WORDS,
} from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../language.js";
import { evaluateArithmetic } from "./arithmetic.js";

/** Units of measure (not of time: "in 5 minutes" is a timer or a reminder, not a sum). */
const UNITS = UNIT_WORDS.filter((word) => !/^(?:second|minute|hour|day|week)s?$/.test(word)).join("|");

/**
 * What makes a request a sum whatever its words (for tool retrieval): two numbers joined by an
 * operator, a percentage, a number with a unit or a unit asked for ("how many ounces"), or a
 * number with the words of money and shares ("what does each of us owe", "per month").
 */
const NUMBER = String.raw`(?:\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|dozen|half|quarter|third|fifth|tenth)\b)`;

const CALC_CUES = new RegExp(
  [
    String.raw`${NUMBER}\s*(?:[+*x×÷^]|plus|minus|times|divided|over|percent)\s*${NUMBER}`,
    String.raw`\d\s*%|\bper ?cent\b|\b(?:square|cube) root\b|\bto the power\b|\bsquared\b|\bcubed\b`,
    String.raw`\b(?:a|one) (?:half|third|quarter|fifth|tenth) of\b|\b(?:multiply|multiplied|divide|divided by|subtract)\b`,
    String.raw`\d\s*(?:${UNITS})\b|\bhow many\s+(?:${UNITS})\b|(?=.*${NUMBER}).*\b(?:in|into|to)\s+(?:${UNITS})\b`,
    String.raw`\b(?:convert|turn|change|express|translate)\b.*\b(?:in|into|to)\s+(?:${UNITS})\b`,
    String.raw`\bhow many (?:days|weeks|hours|minutes|seconds) (?:are there )?(?:between|from|in)\b`,
    String.raw`^(?=.*${NUMBER}).*\b(?:add(?:ed)? (?:up|together)|sum|total|average|mean|split|each|per|a (?:month|year|week|day|night|head)|ways|tip|discount|off|tax|vat|interest|owe|worth|weekly|monthly|yearly|annual|come to|comes to|instead|how much|how long until)\b`,
    String.raw`\b(?:double|halve|triple|quadruple)\b(?! ?click)|\d*\.\d+ of\b`,
    String.raw`\b(?:add (?:\w+ )?up|add\b.*\btogether|count (?:how many|up|the number)|sum|total|average|tip|split|interest|convert|what (?:i|we) spent|work out|how much (?:is|more|less|each|per)|my share)\b`,
    String.raw`\bhow many (?:days|weeks|months|hours|miles|km|kilometres|kilometers)\b`,
  ].join("|"),
  "i",
);

/** How people ask for sums and conversions (the team's own sentences). */
const CALC_INTENTS: IntentTable = {
  calc_evaluate: {
    // "now divide that by 3": "that" is the result just worked out
    refersTo: ({ expression }) => {
      const value = typeof expression === "string" ? evaluateArithmetic(expression) : undefined;
      return value !== undefined && Number.isFinite(value)
        ? { it: String(Math.round(value * 1e6) / 1e6) }
        : undefined;
    },
    capability: { area: "Maths", can: "do sums, percentages and unit conversions" },
    // Without the sum it was a question about maths, not a request
    neverAsk: true,
    ask: { expression: "What should I work out?" },
    // A sum asked for with its numbers still to come ("can you do a quick sum for me", "work
    // out the VAT for me", "convert it to kilometres"): asked for, never guessed. Matched, never
    // taught, so a question about maths ("what is a sum") stays one
    askShapes: [
      "[can you|could you|would you|will you|please] (do|work out|figure out|calculate|help me with) (a|some|a quick|a little|me a|me some|a small) (sum|sums|calculation|calculations|maths|math|percentage|conversion|bit of maths|bit of math) [for me] [please|real quick|quickly|now]",
      "[can you|could you|would you|will you|please] (work out|figure out|calculate) (the|my|a) (tip|vat|tax|percentage|total|discount|split|interest|average) [for me] [please|real quick|quickly|now]",
      "[can you|could you|would you|will you|please] (work|figure) something out [for me] [please|real quick|quickly|now]",
      "[please|can you|could you] convert (it|that|this|them) (in|to|into) {unit} [please]",
      "[please|can you|could you] convert (in|into|to) {unit} [please]",
    ],
    cues: CALC_CUES,
    describe: ({ expression }) => (typeof expression === "string" ? `Work out ${expression}` : undefined),
    anchors:
      /\d|\b(?:plus|minus|times|divided|percent|square|root|convert|multiply|multiplied|sum|calculate)\b/,
    templates: [
      "(what is|calculate|compute|evaluate|solve|work out|how much is|figure out) {expression} [equal to|equals]",
      "(what is|tell me|give me|what will be) the (answer|result|sum|product|total) (to|of|for) {expression}",
      "(what does|how much does) {expression} (equal|make|come to)",
      "{expression}",
      "{expression} (equals|is) [what]",
      "convert {expression}",
      "how many {unit} (are in|in|is|are|make up|are there in) {quantity}",
      "(what is|how much is|convert) {quantity} (in|to|into) {unit}",
    ],
    samples: ["do some math", "calculate this for me", "can you do arithmetic", "help me with this sum"],
    // "and 20%?", "what about 13.1 miles": the same sum with its first number changed
    followUp: ({ kind, last, words }) => {
      if ((kind !== "and" && kind !== "change") || words.length === 0 || words.length > 3) return undefined;
      const said = words.join(" ");
      const value = /^(\d+(?:\.\d+)?)(?: ?%| percent| per cent| (?:[a-z]+))?$/.exec(said)?.[1];
      const expression = last.args.expression;
      if (!value || typeof expression !== "string" || !/\d/.test(expression)) return undefined;
      return { tool: last.tool, args: { expression: expression.replace(/\d+(?:\.\d+)?/, value) } };
    },
    build: (input) => {
      const { expression, unit, quantity } = input.values;
      if (typeof expression === "string") return { expression };
      if (typeof unit === "string" && typeof quantity === "string")
        return { expression: `${quantity} to ${unit}` };
      return undefined;
    },
    fallback: (input) => {
      // Try the tail after "is"/"of"/"calculate": "what would be 12 times 8"
      for (let i = 0; i < input.words.length; i++) {
        const expression = parseMath(input.words.slice(i));
        if (expression) return { expression };
      }
      return undefined;
    },
  },
};

/** "84 dollars", "£120", "sixty": the amount of a bill. */
function amountOf(text: string): number | undefined {
  const clean = text
    .toLowerCase()
    .replace(/[$£€,]/g, "")
    .replace(/\b(?:dollars?|pounds?|euros?|bucks|quid)\b/g, "");
  const digits = /(\d+(?:\.\d+)?)/.exec(clean)?.[1];
  if (digits) return Number(digits);
  return parseNumber(clean.trim().split(/\s+/).filter(Boolean));
}

/** "split 84 between 3 with a 15 percent tip" → "84 * (1 + 15 / 100) / 3". */
function splitBill(input: BuildInput): Args | undefined {
  const amount = amountOf(String(input.values.amount ?? ""));
  const people = input.values.people;
  const tip = input.values.tip;
  if (amount === undefined || typeof people !== "number" || people < 2 || people > 100) return undefined;
  const total = typeof tip === "number" ? `${amount} * (1 + ${tip} / 100)` : `${amount}`;
  return { expression: `${total} / ${people}` };
}

/** "15% tip on 60" → "60 * 15 / 100". */
function tipOn(input: BuildInput): Args | undefined {
  const amount = amountOf(String(input.values.amount ?? ""));
  const tip = input.values.tip;
  return amount === undefined || typeof tip !== "number"
    ? undefined
    : { expression: `${amount} * ${tip} / 100` };
}

const TIP = "[with|plus|and|including] [a] {tip:rate} [percent|%] tip";

/** "add 20% VAT to 420" → "420 * (1 + 20 / 100)"; "79.99 with 35% off" → "79.99 * (1 - 35 / 100)". */
const byPercent =
  (sign: "+" | "-") =>
  (input: BuildInput): Args | undefined => {
    const amount = amountOf(String(input.values.amount ?? ""));
    const pct = input.values.pct;
    return amount === undefined || typeof pct !== "number"
      ? undefined
      : { expression: `${amount} * (1 ${sign} ${pct} / 100)` };
  };

/** "3.20, 8 and 1.75" → [3.2, 8, 1.75]; undefined unless every part is an amount. */
function amounts(text: unknown): number[] | undefined {
  const parts = String(text ?? "")
    .split(/\s*(?:,|\band\b|\bplus\b|&)\s*/)
    .filter(Boolean)
    .map(amountOf);
  if (parts.length < 2 || parts.some((n) => n === undefined)) return undefined;
  return parts as number[];
}

/** "total up 3.20, 8 and 1.75" → "3.2 + 8 + 1.75". */
function addUp(input: BuildInput): Args | undefined {
  const parts = amounts(input.values.numbers);
  return parts ? { expression: parts.join(" + ") } : undefined;
}

/** "the average of 72, 85 and 91" → "(72 + 85 + 91) / 3". */
function averageOf(input: BuildInput): Args | undefined {
  const parts = amounts(input.values.numbers);
  return parts ? { expression: `(${parts.join(" + ")}) / ${parts.length}` } : undefined;
}

const CALC_MORE_INTENTS: IntentTable = {
  calc_split_bill: {
    tool: "calc_evaluate",
    templates: [
      `(split|divide|share) [the bill|the check|the cost|a bill|a check] [of] {amount:text} (between|among|by|across|for) {people:number} [people|of us|persons|friends|ways] [${TIP}]`,
      `(split|divide|share) [the bill|the check|the cost] [of] {amount:text} {people:number} ways [${TIP}]`,
      "(if|when) (we|you|i|they) (split|divide|share) [the bill|the cost|the check] [of] {amount:text} (between|among) {people:number} [people|of us|ways] [how much (is that|does that come to|is it)] [each|per person|a head]",
      `(how much|what) (does|do|will) (each person|each of us|everyone|each) (pay|owe) (for|on) {amount:text} (between|among|split|for) {people:number} [people] [${TIP}]`,
    ],
    build: splitBill,
    samples: ["split the bill evenly", "how much does each of us owe", "divide the dinner cost between us"],
  },
  calc_tip: {
    tool: "calc_evaluate",
    templates: [
      "(what is|what's|how much is|work out|calculate) [a] {tip:rate} [percent|%] tip (on|for) {amount:text}",
      "{tip:rate} [percent|%] tip (on|for) {amount:text}",
      "how much (should i|do i|to) tip on {amount:text} at {tip:rate} [percent|%]",
    ],
    build: tipOn,
  },
  calc_percent_change: {
    tool: "calc_evaluate",
    templates: [
      {
        t: "(add|put) {pct:rate} [percent|%] [vat|tax|sales tax|on top] (to|on|onto) {amount:text}",
        args: {},
      },
      "{amount:text} (plus|with|and) {pct:rate} [percent|%] (vat|tax|sales tax|on top)",
      "(what is|how much is) {amount:text} (plus|with|after|including) {pct:rate} [percent|%] (vat|tax|sales tax)",
    ],
    build: byPercent("+"),
  },
  calc_discount: {
    tool: "calc_evaluate",
    templates: [
      "[what is|how much is] {amount:text} (with|after|minus|less) [a] {pct:rate} [percent|%] (off|discount|reduction)",
      "{pct:rate} [percent|%] off {amount:text}",
      "(take|knock) {pct:rate} [percent|%] off {amount:text}",
    ],
    build: byPercent("-"),
  },
  calc_add_up: {
    tool: "calc_evaluate",
    templates: [
      "(add up|sum up|total up|total|sum|what is the total of|what do) {numbers:text} [add up to|come to|make]",
    ],
    build: addUp,
  },
  calc_average: {
    tool: "calc_evaluate",
    templates: ["[what is|work out|calculate|give me] [the] (average|mean) of {numbers:text}"],
    build: averageOf,
  },
  calc_split_ways: {
    tool: "calc_evaluate",
    templates: [
      "{amount:text} (split|divided|shared) {people:number} ways [how much (each|is that each|per person|for each)|each]",
      "{amount:text} (split|divided|shared) (between|among) {people:number} [people|of us] [how much (each|is that each|per person|for each)|each]",
    ],
    build: splitBill,
  },
  calc_units: {
    tool: "calc_evaluate",
    templates: ["how many {unit} (are in|in|make|make up|are there in|go into) {quantity}"],
    // The amount first, then the unit it is wanted in ("3 cups, how many ml is that"), after
    // what the amount is for ("the recipe wants …"). Matched, never taught: as training their
    // free lead would teach any sentence with an amount in it to be a sum
    shapes: [
      "[{about:text}] {quantity} (how many|what is that in|what is it in|what is this in) {unit} [is that|is it|is this|are they|are those]",
      "[{about:text}] {quantity} (in|into|to) {unit} (please|then|roughly|exactly)",
    ],
    build: (input) =>
      typeof input.values.unit === "string" && typeof input.values.quantity === "string"
        ? { expression: `${input.values.quantity} to ${input.values.unit}` }
        : undefined,
  },
};

/** "4 tickets at 12.50 each" → "4 * 12.50": a count of things at one price. */
function eachAt(input: BuildInput): Args | undefined {
  const count = input.values.count;
  const price = amountOf(String(input.values.price ?? ""));
  return typeof count === "number" && count > 0 && price !== undefined
    ? { expression: `${count} * ${price}` }
    : undefined;
}

/**
 * "£4.50 lunch money times three kids times five days": a product whose factors each name what
 * they count. Each part opens on its number (digits or words); the words after it are labels.
 */
function countedProduct(input: BuildInput): Args | undefined {
  const parts = [input.values.a, input.values.b, input.values.c].filter((p) => typeof p === "string");
  const factors: number[] = [];
  let labelled = false;
  for (const part of parts as string[]) {
    const words = part.toLowerCase().replace(/[$£€]/g, "").trim().split(/\s+/).filter(Boolean);
    let n: number | undefined;
    let used = 0;
    if (/^\d+(?:\.\d+)?$/.test(words[0] ?? "")) [n, used] = [Number(words[0]), 1];
    else if (words[0] === "a" || words[0] === "an") return undefined;
    else
      for (let k = Math.min(3, words.length); k >= 1 && n === undefined; k--) {
        n = parseNumber(words.slice(0, k));
        used = k;
      }
    if (n === undefined) return undefined;
    // A label is words, never another number ("five fifty" is a price, not a count and a label)
    const label = words.slice(used);
    if (label.some((w) => /\d/.test(w) || parseNumber([w]) !== undefined)) return undefined;
    if (label.length > 0) labelled = true;
    factors.push(n);
  }
  return labelled && factors.length >= 2 ? { expression: factors.join(" * ") } : undefined;
}

const CALC_EACH_INTENTS: IntentTable = {
  calc_each: {
    tool: "calc_evaluate",
    // Matched, never taught: the things bought are any words
    templates: [],
    shapes: [
      "{count:number} {things:text} (at|for) {price:text} (each|apiece|a go|a pop|per item) [how much is that|what is the total|what does that come to|in total|total]",
      "(how much is|how much are|what is the total for|what do) {count:number} {things:text} (at|for) {price:text} (each|apiece) [come to|cost]",
    ],
    build: eachAt,
  },
  calc_counted_product: {
    tool: "calc_evaluate",
    // Matched, never taught: the labels are any words
    templates: [],
    shapes: ["[what is|what's] {a:text} times {b:text} [times {c:text}]"],
    build: countedProduct,
  },
};

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

const CALC_SITUATION_INTENTS: IntentTable = {
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

export const CALC_LANGUAGE = byTool(
  CALC_INTENTS,
  CALC_MORE_INTENTS,
  CALC_EACH_INTENTS,
  CALC_SITUATION_INTENTS,
);
