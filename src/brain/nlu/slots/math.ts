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
  g: "g",
  // Doses on a label: a thousandth and a millionth of a gram
  milligram: "mg",
  milligrams: "mg",
  mg: "mg",
  microgram: "ug",
  micrograms: "ug",
  mcg: "ug",
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
  // "min" is a function to the calculator, not a unit
  minute: "minute",
  minutes: "minute",
  mins: "minute",
  hour: "h",
  hours: "h",
  day: "day",
  days: "day",
  week: "week",
  weeks: "week",
  mph: "mi/h",
  kph: "km/h",
  kmh: "km/h",
  pint: "pint",
  pints: "pint",
  quart: "quart",
  quarts: "quart",
  tablespoon: "tablespoon",
  tablespoons: "tablespoon",
  tbsp: "tablespoon",
  teaspoon: "teaspoon",
  teaspoons: "teaspoon",
  tsp: "teaspoon",
  stone: "stone",
  stones: "stone",
  hectare: "hectare",
  hectares: "hectare",
  farenheit: "degF",
  farenheight: "degF",
  acre: "acre",
  acres: "acre",
  byte: "B",
  bytes: "B",
  kilobytes: "kB",
  megabytes: "MB",
  gigabytes: "GB",
  terabytes: "TB",
  // Written short, as on a disk or a download ("3500 MB", "2 gb")
  kb: "kB",
  mb: "MB",
  gb: "GB",
  tb: "TB",
  kilobyte: "kB",
  megabyte: "MB",
  gigabyte: "GB",
  terabyte: "TB",
};

const OPERATORS: Array<[string[], string]> = [
  [["multiplied", "by"], "*"],
  [["divided", "by"], "/"],
  [["to", "power", "of"], "^"],
  [["raised", "to", "power", "of"], "^"],
  [["out", "of"], "/"],
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

/** "to the fifth" → ^5. */
const POWERS: Record<string, string> = {
  second: "^2",
  third: "^3",
  fourth: "^4",
  fifth: "^5",
  sixth: "^6",
  seventh: "^7",
  eighth: "^8",
  ninth: "^9",
  tenth: "^10",
};

/**
 * Words as the calculator reads them: "75kg" → 75 kg, "km / h" → kph, "square metres" →
 * m^2; "as a decimal" asks for the number itself, "as a percentage" for a hundred times it.
 */
function unglue(input: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < input.length; i++) {
    const w = input[i]!;
    const glued = /^(\d+(?:\.\d+)?)([a-z]+)$/.exec(w);
    if (glued && UNITS[glued[2]!]) out.push(glued[1]!, glued[2]!);
    else if (
      /^(?:km|mi|miles)$/.test(w) &&
      input[i + 1] === "/" &&
      /^(?:h|hr|hour)$/.test(input[i + 2] ?? "")
    ) {
      out.push(w === "km" ? "kph" : "mph");
      i += 2;
    } else out.push(w);
  }
  const said = out.join(" ");
  const tail = / as (?:a )?(?:decimal|number|fraction)$/.exec(said);
  if (tail) return out.slice(0, -tail[0].trim().split(" ").length);
  const percent = / as (?:a )?(?:percentage|percent)$/.exec(said);
  if (percent) return [...out.slice(0, -percent[0].trim().split(" ").length), "*", "100"];
  return out;
}

/** Returns a mathjs expression, or undefined when the words are not (only) math. */
export function parseMath(input: readonly string[]): string | undefined {
  if (!input.some((w) => /\d/.test(w) || NUMBER_WORDS.test(w))) return undefined;
  const words = unglue(input).filter((w) => w !== "degrees" && w !== "degree" && w !== "the");
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
    const power = w === "to" && numbers > 0 ? POWERS[words[i + 1] ?? ""] : undefined;
    if (power) {
      out.push(power);
      i += 2;
      continue;
    }
    // "square metres", "sq ft": areas
    if ((w === "square" || w === "sq") && UNITS[words[i + 1] ?? ""] && (numbers > 0 || converts)) {
      out.push(`${UNITS[words[i + 1]!]}^2`);
      if (numbers > 0 && !converts) units += 1;
      i += 2;
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
    if (
      (w === "to" || w === "in" || w === "into") &&
      units > 0 &&
      (isUnitWord(words[i + 1] ?? "") ||
        ((words[i + 1] === "square" || words[i + 1] === "sq") && isUnitWord(words[i + 2] ?? "")))
    ) {
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
