import { readNumber } from "../text/numbers.js";

/**
 * Spoken arithmetic → a mathjs expression: "12 times 8" → "12 * 8", "15% of 240" →
 * "15 / 100 * 240", "square root of 81" → "sqrt(81)", "5 miles to km" → "5 mi to km".
 * Only words it knows are accepted, so "what is the capital of peru" is not math.
 * (No mathjs here: the NLU must start fast; the calculator tool parses it properly.)
 */
const UNITS: Record<string, string> = {
  mile: "mi",
  miles: "mi",
  mi: "mi",
  kilometer: "km",
  kilometers: "km",
  kilometre: "km",
  kilometres: "km",
  km: "km",
  meter: "m",
  meters: "m",
  metre: "m",
  metres: "m",
  centimeter: "cm",
  centimeters: "cm",
  centimetre: "cm",
  centimetres: "cm",
  cm: "cm",
  millimeter: "mm",
  millimeters: "mm",
  mm: "mm",
  inch: "inch",
  inches: "inch",
  foot: "ft",
  feet: "ft",
  ft: "ft",
  yard: "yd",
  yards: "yd",
  pound: "lb",
  pounds: "lb",
  lb: "lb",
  lbs: "lb",
  kilogram: "kg",
  kilograms: "kg",
  kilo: "kg",
  kilos: "kg",
  kg: "kg",
  gram: "g",
  grams: "g",
  ounce: "oz",
  ounces: "oz",
  oz: "oz",
  liter: "l",
  liters: "l",
  litre: "l",
  litres: "l",
  milliliter: "ml",
  milliliters: "ml",
  ml: "ml",
  gallon: "gal",
  gallons: "gal",
  cup: "cup",
  cups: "cup",
  fahrenheit: "degF",
  celsius: "degC",
  centigrade: "degC",
  kelvin: "K",
  second: "s",
  seconds: "s",
  minute: "min",
  minutes: "min",
  hour: "h",
  hours: "h",
  day: "day",
  days: "day",
  week: "week",
  weeks: "week",
  mph: "mph",
  acre: "acre",
  acres: "acre",
  byte: "B",
  bytes: "B",
  kilobytes: "kB",
  megabytes: "MB",
  gigabytes: "GB",
  terabytes: "TB",
};

const OPERATORS: Array<[string[], string]> = [
  [["multiplied", "by"], "*"],
  [["divided", "by"], "/"],
  [["to", "the", "power", "of"], "^"],
  [["raised", "to", "the", "power", "of"], "^"],
  [["raised", "to"], "^"],
  [["plus"], "+"],
  [["add"], "+"],
  [["minus"], "-"],
  [["less"], "-"],
  [["times"], "*"],
  [["time"], "*"],
  [["into"], "*"],
  [["x"], "*"],
  [["×"], "*"],
  [["over"], "/"],
  [["÷"], "/"],
  [["mod"], " mod "],
  [["modulo"], " mod "],
  [["squared"], "^2"],
  [["cubed"], "^3"],
  [["percent"], "%"],
  [["per", "cent"], "%"],
];

const FUNCTIONS: Array<[string[], string]> = [
  [["square", "root", "of"], "sqrt"],
  [["square", "root"], "sqrt"],
  [["sqrt", "of"], "sqrt"],
  [["cube", "root", "of"], "cbrt"],
  [["log", "of"], "log10"],
  [["sine", "of"], "sin"],
  [["cosine", "of"], "cos"],
  [["factorial", "of"], "factorial"],
  [["absolute", "value", "of"], "abs"],
];

const NUMBER_WORDS =
  /^(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million)$/;
const SYMBOLS = new Set(["+", "-", "*", "/", "^", "(", ")", "%"]);
const MATH_FUNCTION_WORDS = new Set([
  "sqrt",
  "sin",
  "cos",
  "tan",
  "log",
  "abs",
  "round",
  "floor",
  "ceil",
  "cbrt",
]);

function startsWith(words: readonly string[], at: number, phrase: readonly string[]): boolean {
  return phrase.every((w, k) => words[at + k] === w);
}

/** Every unit word the sums understand ("kilos", "fahrenheit", "cups"). */
export const UNIT_WORDS: readonly string[] = Object.keys(UNITS);

export function isUnitWord(word: string): boolean {
  return UNITS[word] !== undefined || word === "degrees";
}

export function unitSymbol(words: readonly string[]): string | undefined {
  const filtered = words.filter((w) => w !== "degrees" && w !== "degree");
  if (filtered.length !== 1) return undefined;
  return UNITS[filtered[0]!];
}

/** Returns a mathjs expression, or undefined when the words are not (only) math. */
export function parseMath(input: readonly string[]): string | undefined {
  if (!input.some((w) => /\d/.test(w) || NUMBER_WORDS.test(w))) return undefined;
  const words = input.filter((w) => w !== "degrees" && w !== "degree" && w !== "the");
  if (words.length === 0 || words.length > 40) return undefined;
  const out: string[] = [];
  let operators = 0;
  let numbers = 0;
  let units = 0;
  let converts = false;
  let openFunctions = 0;
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    const fn = FUNCTIONS.find(([phrase]) => startsWith(words, i, phrase));
    if (fn) {
      out.push(`${fn[1]}(`);
      openFunctions += 1;
      operators += 1;
      i += fn[0].length;
      continue;
    }
    const op = OPERATORS.find(([phrase]) => startsWith(words, i, phrase));
    if (op) {
      out.push(op[1]);
      if (op[1] !== "%") operators += 1;
      i += op[0].length;
      continue;
    }
    const read = readNumber(words, i);
    if (read) {
      out.push(String(read.value));
      numbers += 1;
      i = read.end;
      if (openFunctions > 0) {
        out.push(")".repeat(openFunctions));
        openFunctions = 0;
      }
      continue;
    }
    if (SYMBOLS.has(w)) {
      out.push(w);
      if (w !== "(" && w !== ")" && w !== "%") operators += 1;
      i += 1;
      continue;
    }
    if (MATH_FUNCTION_WORDS.has(w) && words[i + 1] === "(") {
      out.push(w);
      operators += 1;
      i += 1;
      continue;
    }
    if (w === "of" && out.at(-1) === "%") {
      out.push("of");
      operators += 1;
      i += 1;
      continue;
    }
    if ((w === "to" || w === "in" || w === "into") && units > 0 && isUnitWord(words[i + 1] ?? "")) {
      out.push("to");
      converts = true;
      i += 1;
      continue;
    }
    const unit = UNITS[w];
    if (unit && numbers > 0) {
      out.push(unit);
      units += 1;
      i += 1;
      continue;
    }
    if (unit && converts) {
      out.push(unit);
      i += 1;
      continue;
    }
    return undefined;
  }
  if (openFunctions > 0) return undefined;
  if (numbers === 0 || (operators === 0 && !converts && !out.includes("%"))) return undefined;
  if (out.includes("%") && operators === 0 && numbers < 2) return undefined;
  const expression = out
    .join(" ")
    .replace(/(\d) %/g, "$1%")
    .replace(/(\d(?:\.\d+)?)% of/g, "$1 / 100 *")
    .replace(/\( /g, "(")
    .replace(/ \)/g, ")")
    .replace(/\s+/g, " ")
    .trim();
  return balanced(expression) && !/^[*/^+]|[*/^+-]$/.test(expression) ? expression : undefined;
}

function balanced(expression: string): boolean {
  let depth = 0;
  for (const c of expression) {
    if (c === "(") depth += 1;
    if (c === ")") depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}
