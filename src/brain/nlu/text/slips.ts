/**
 * The slips a typist makes, letter by letter, for the spelling corrector (spelling.ts): a
 * dropped letter, two neighbours swapped, a doubled key, a key beside the meant one, a common
 * ending.
 */
export function deletionsOf(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

export function swapsOf(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < word.length; i++)
    if (word[i] !== word[i + 1]) out.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  return out;
}

/**
 * "pull" for "pul": the consonant put back doubles its neighbour. A doubled vowel changes the
 * word too often ("god", "met") to be a slip.
 */
export function restoresDouble(word: string, found: string): boolean {
  for (let i = 1; i < found.length; i++)
    if (
      found[i] === found[i - 1] &&
      !VOWELS.test(found[i]!) &&
      found.slice(0, i) + found.slice(i + 1) === word
    )
      return true;
  return false;
}

export function sameLetters(a: string, b: string): boolean {
  return [...a].sort().join("") === [...b].sort().join("");
}

const ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];
const KEY_AT = new Map<string, [number, number]>();
for (const [row, keys] of ROWS.entries())
  for (const [col, key] of [...keys].entries()) KEY_AT.set(key, [row, col]);

/** Keys that touch on a QWERTY keyboard (a row's keys sit about half a key right of the row above). */
function neighbours(a: string, b: string): boolean {
  const [ra, ca] = KEY_AT.get(a) ?? [-9, -9];
  const [rb, cb] = KEY_AT.get(b) ?? [-9, -9];
  if (ra === rb) return Math.abs(ca - cb) === 1;
  if (Math.abs(ra - rb) !== 1) return false;
  const [upper, lower] = ra < rb ? [ca, cb] : [cb, ca];
  return upper === lower || upper === lower + 1;
}

const VOWELS = /^[aeiouy]$/;

/**
 * A letter typed for another by a slipped finger, or in a long word a vowel by ear ("calender");
 * in a short word another vowel is usually another word ("better", "butter").
 */
export function typed(meant: string, got: string, length: number): boolean {
  return neighbours(meant, got) || (length >= 7 && VOWELS.test(meant) && VOWELS.test(got));
}

/**
 * The letter at `at` was hit with a key beside the one before or after it, or is a vowel beside
 * a vowel (British "colour" for the catalog's "color").
 */
export function besideKey(word: string, at: number): boolean {
  const letter = word[at]!;
  return [word[at - 1], word[at + 1]].some(
    (other) =>
      other !== undefined && (neighbours(letter, other) || (VOWELS.test(letter) && VOWELS.test(other))),
  );
}

/**
 * The word without a common ending: "shares" → share, shar; "booked" → book, booke; "taking" →
 * take; "setting" → set. A bare stem before a verb ending is only tried when no known word is a
 * letter longer: "shoping" is "shopping" before it is "shop" + "ing".
 */
export function inflections(word: string, withVerbEndings: boolean): string[] {
  const out: string[] = [];
  for (const ending of ["s", "es", "er", "ers", "ly", "est", "ed", "d", "ing"]) {
    if (word.length - ending.length < 3 || !word.endsWith(ending)) continue;
    const stem = word.slice(0, -ending.length);
    const verbal = ending === "ed" || ending === "d" || ending === "ing";
    if (!verbal || withVerbEndings) out.push(stem);
    if (ending === "ing" || ending === "ed" || ending === "er") {
      out.push(`${stem}e`);
      if (/(.)\1$/.test(stem)) out.push(stem.slice(0, -1));
    }
  }
  return out;
}
