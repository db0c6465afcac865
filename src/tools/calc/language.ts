import {
  type Args,
  type BuildInput,
  parseMath,
  parseNumber,
  UNIT_WORDS,
} from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../language.js";
import { evaluateArithmetic } from "./arithmetic.js";
import { CALC_CHANGE_INTENTS } from "./change-language.js";
import { CALC_RATE_INTENTS } from "./rate-language.js";
import { amountOf, CALC_SITUATION_INTENTS } from "./situations.js";

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
    // A sum with what it is for after ("… it's for my homework", "… for the oven"): the purpose
    // is no part of the sum. Matched, never taught
    shapes: [
      "[what is|calculate|compute|work out|how much is|figure out|convert] {expression} [,] (it is|its|this is|that is) for {tail:text}",
      "[what is|calculate|work out|how much is|convert] {expression} [,] (for|because of|since) (the|my|a|our) {tail:text}",
      "(what is|how much is|convert) {quantity} (in|to|into) {unit} [,] (for|because of) (the|my|a|our) {tail:text}",
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
      const { expression, unit, quantity, tail } = input.values;
      // What the sum is for, never a second request ("… for the kids and then email it")
      if (/\b(?:and|then|also)\b/i.test(String(tail ?? ""))) return undefined;
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

export const CALC_LANGUAGE = byTool(
  CALC_INTENTS,
  CALC_MORE_INTENTS,
  CALC_EACH_INTENTS,
  CALC_SITUATION_INTENTS,
  CALC_RATE_INTENTS,
  CALC_CHANGE_INTENTS,
);
