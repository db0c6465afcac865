import { isNumberWord, ORDINALS } from "./numbers.js";

/**
 * The class of a word that stands for a slot value, so the classifier learns "for <num> <unit>"
 * once instead of every number and unit: "seven" → <num>, "friday" → <weekday>, "tomorrow" →
 * <relday>, "mins" → <unit>. Undefined for every other word.
 */
const CLASSES = new Map<string, string>();
const add = (cls: string, words: string) => {
  for (const w of words.split(" ")) CLASSES.set(w, cls);
};
add(
  "<weekday>",
  "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun weekday weekdays weekend weekends",
);
add(
  "<month>",
  "january february march april june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec",
);
add("<relday>", "today tomorrow tonight yesterday tmrw");
add("<partofday>", "morning afternoon evening night noon midnight midday");
add("<ampm>", "am pm a.m p.m o'clock oclock");
add(
  "<unit>",
  "second seconds sec secs minute minutes min mins hour hours hr hrs day days week weeks month months year years",
);
add(
  "<measure>",
  "km kilometre kilometres kilometer kilometers mile miles metre metres meter meters cm centimetres centimeters inch inches foot feet yard yards kg kilo kilos kilogram kilograms gram grams pound pounds lb lbs ounce ounces oz litre litres liter liters gallon gallons pint pints cup cups celsius fahrenheit degrees ml",
);

export function wordClass(word: string): string | undefined {
  const cls = CLASSES.get(word);
  if (cls) return cls;
  if (isNumberWord(word) || /^\d/.test(word)) return "<num>";
  if (word in ORDINALS || /^\d+(?:st|nd|rd|th)$/.test(word)) return "<ordinal>";
  return undefined;
}

/** Every word that stands for a slot value: the slots read them, so the corrector may aim at them. */
export function classWords(): Iterable<string> {
  return CLASSES.keys();
}
