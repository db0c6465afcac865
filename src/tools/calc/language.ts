import {
  type Args,
  type BuildInput,
  parseMath,
  parseNumber,
  UNIT_WORDS,
} from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../language.js";

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
    capability: { area: "Maths", can: "do sums, percentages and unit conversions" },
    // Without the sum it was a question about maths, not a request
    neverAsk: true,
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

const TIP = "[with|plus|and|including] [a] {tip:percent} [percent|%] tip";

const CALC_MORE_INTENTS: IntentTable = {
  calc_split_bill: {
    tool: "calc_evaluate",
    templates: [
      `(split|divide|share) [the bill|the check|the cost|a bill|a check] [of] {amount:text} (between|among|by|across|for) {people:number} [people|of us|persons|friends|ways] [${TIP}]`,
      `(split|divide|share) [the bill|the check|the cost] [of] {amount:text} {people:number} ways [${TIP}]`,
      `(how much|what) (does|do|will) (each person|each of us|everyone|each) (pay|owe) (for|on) {amount:text} (between|among|split|for) {people:number} [people] [${TIP}]`,
    ],
    build: splitBill,
    samples: ["split the bill evenly", "how much does each of us owe", "divide the dinner cost between us"],
  },
  calc_tip: {
    tool: "calc_evaluate",
    templates: [
      "(what is|what's|how much is|work out|calculate) [a] {tip:percent} [percent|%] tip (on|for) {amount:text}",
      "{tip:percent} [percent|%] tip (on|for) {amount:text}",
      "how much (should i|do i|to) tip on {amount:text} at {tip:percent} [percent|%]",
    ],
    build: tipOn,
  },
  calc_units: {
    tool: "calc_evaluate",
    templates: ["how many {unit} (are in|in|make|make up|are there in|go into) {quantity}"],
    build: (input) =>
      typeof input.values.unit === "string" && typeof input.values.quantity === "string"
        ? { expression: `${input.values.quantity} to ${input.values.unit}` }
        : undefined,
  },
};

export const CALC_LANGUAGE = byTool(CALC_INTENTS, CALC_MORE_INTENTS);
