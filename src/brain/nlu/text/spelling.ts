import { LANGUAGE_NAMES } from "./languages.js";
import { besideKey, deletionsOf, inflections, restoresDouble, sameLetters, swapsOf, typed } from "./slips.js";
import { editDistance, soundKey, spelling, vowelsOf } from "./sounds.js";
import { classWords, wordClass } from "./word-class.js";

/**
 * A spelling corrector against the catalog's own vocabulary (every word of the training
 * sentences, and the words the slots read: days, months, units): "shoping" → "shopping",
 * "opne" → "open", "pul" → "pull". Only words the vocabulary does not know are touched, and only
 * when a known word is one slip away; the slips a typist makes are tried in the order they
 * happen, and a short word, which is one edit from many words, gets only the likeliest slips.
 * Words said as names stay as said in slot values: the corrected words only help the NLU decide
 * what was asked.
 */
export class SpellingCorrector {
  private readonly known = new Map<string, number>();
  /** A word with one letter deleted → the known words it came from (built on the first unknown word). */
  private index: Map<string, string[]> | undefined;
  /** The catalog's most common words by how many (built on the first short unknown word). */
  private common: Map<number, Set<string>> | undefined;
  /** How each known word sounds (sounds.ts) → the words (built on the first word no slip explains). */
  private sounds: Map<string, string[]> | undefined;
  /** A known word with its repeated syllable said once → the word (built on the first word nothing else explains). */
  private repeats: Map<string, string> | undefined;
  /** Words known though never trained on, merged on the first unknown word (see the constructor). */
  private readonly alsoKnown: () => ReadonlySet<string>;
  private merged = false;

  /**
   * `words`: every occurrence, or each word with how often it occurs (the training corpus's
   * counts as kept: yielding each of its words as often as it occurred cost a one-shot `ask`
   * ~15-50 ms for the same map). `alsoKnown`: words to know that were never trained on.
   */
  constructor(
    words: Iterable<string> | ReadonlyMap<string, number>,
    alsoKnown: () => ReadonlySet<string> = () => new Set(),
  ) {
    if (words instanceof Map)
      for (const [word, count] of words as ReadonlyMap<string, number>)
        this.known.set(word, (this.known.get(word) ?? 0) + count);
    else for (const word of words as Iterable<string>) this.known.set(word, (this.known.get(word) ?? 0) + 1);
    // The slots read these words though the classifier sees only their class
    for (const word of classWords()) if (!this.known.has(word)) this.known.set(word, 1);
    // So do languages by name ("captions in german" is no "germany")
    for (const word of LANGUAGE_NAMES) if (!this.known.has(word)) this.known.set(word, 1);
    // Words a group's shapes name are real words to that group, though never trained on ("msg"
    // is a text message; corrected to "message", it was read as mail). Known once: never a
    // target the corrector reaches by sound (HEARD_AT_LEAST), only left as typed. Read on the
    // first unknown word: walking every shape cost a one-shot `ask` of known words ~6-9 ms.
    this.alsoKnown = alsoKnown;
  }

  /** Merges the words known though never trained on, once, before any unknown word is judged. */
  private withAlsoKnown(): void {
    if (this.merged) return;
    this.merged = true;
    for (const word of this.alsoKnown()) if (!this.known.has(word)) this.known.set(word, 1);
  }

  /** A word a group's shapes name as it is: kept as typed, never read as another (texting.ts). */
  readonly shaped = (word: string): boolean => this.alsoKnown().has(word);

  /** Built when first needed: ~50 ms at start-up that a request of known words never uses. */
  private get deletions(): Map<string, string[]> {
    if (this.index) return this.index;
    this.index = new Map();
    for (const word of this.known.keys()) {
      if (word.length < 4 || !/^[a-z]+$/.test(word)) continue;
      for (const variant of deletionsOf(word)) {
        const list = this.index.get(variant);
        if (!list) this.index.set(variant, [word]);
        else if (!list.includes(word)) list.push(word);
      }
    }
    return this.index;
  }

  knows(word: string): boolean {
    if (this.known.has(word)) return true;
    this.withAlsoKnown();
    return this.known.has(word);
  }

  /**
   * The word, or the known word one slip away. The slips, likeliest first: a dropped letter
   * ("timr"), two neighbours swapped ("opne"), a doubled key ("opeen"), a neighbouring key or a
   * vowel for a vowel ("calender"), an extra letter; among equals the more frequent word wins.
   * Three-letter words are only given back a doubled letter ("pul" → "pull"), four-letter words
   * a dropped letter or a swap: other slips of short words land on too many real words. Words of
   * eight letters or more may be two slips away (a letter lost and another added).
   */
  correct(word: string): string {
    if (word.length < 2 || this.knows(word) || !/^[a-z]+$/.test(word)) return word;
    // Numbers, days, months and units are read by the slots as they are ("eighty" is no "eight")
    if (wordClass(word)) return word;
    if (word.length === 2) return this.commonWithVowel(word) ?? word;
    const dropped = (this.deletions.get(word) ?? []).filter((found) => found.length === word.length + 1);
    if (word.length === 3)
      return (
        this.mostFrequent(
          word,
          // "pul" is "pull"; "hav" and "giv" are said without their silent e
          dropped.filter((found) => restoresDouble(word, found) || found === `${word}e`),
        ) ??
        // "opn", "tme": a vowel lost from one of the catalog's commonest words (a command's verb
        // or its object), never from a rarer word three letters reach too easily
        this.mostFrequent(
          word,
          dropped.filter((found) => this.commonWords(LOST_VOWEL_WORDS).has(found) && lostVowel(word, found)),
        ) ??
        this.byEar(word) ??
        word
      );
    // The catalog's plural of the word is the same word ("setting" reads as "settings")
    const plural = dropped.find((found) => found === `${word}s`);
    if (plural) return plural;
    // An inflection of a known word is a real word, not a slip ("shares", "lets"); but a known
    // word with a letter more is the likelier reading of "shoping" than "shop" + "ing"
    const bases = inflections(word, dropped.length === 0);
    if (bases.some((base) => this.known.has(base))) return word;

    const swapped = swapsOf(word).filter((variant) => this.known.has(variant));
    if (word.length === 4)
      return (
        this.mostFrequent(word, dropped) ??
        this.likelier(this.mostFrequent(word, swapped), this.byEar(word)) ??
        word
      );
    const doubled: string[] = [];
    const extra: string[] = [];
    const changed: string[] = [];
    for (const [at, variant] of deletionsOf(word).entries()) {
      if (this.known.has(variant) && variant.length >= 4) {
        if (word[at] === word[at - 1] || word[at] === word[at + 1]) doubled.push(variant);
        else if (at > 0 && besideKey(word, at)) extra.push(variant);
      }
      for (const found of this.deletions.get(variant) ?? [])
        if (
          found.length === word.length &&
          found[at] !== undefined &&
          typed(found[at], word[at]!, word.length)
        )
          if (found.slice(0, at) + found.slice(at + 1) === variant) changed.push(found);
    }
    // A long word has few neighbours: a letter lost and another added elsewhere ("clipbored")
    const far =
      word.length >= 8
        ? deletionsOf(word).flatMap((variant) =>
            (this.deletions.get(variant) ?? []).filter((found) => found.length === word.length),
          )
        : [];
    for (const candidates of [dropped, swapped, doubled]) {
      const best = this.mostFrequent(word, candidates);
      if (best) return best;
    }
    // A word spelt by ear competes with the weaker slips: "wheather" is "weather" more often
    // than "whether", though the extra "a" is as much a slip as the extra "h"
    const heard = this.byEar(word);
    for (const candidates of [changed, extra, far]) {
      const best = this.mostFrequent(word, candidates);
      if (best) return this.likelier(best, heard) ?? best;
    }
    return heard ?? this.onceRepeated(word) ?? word;
  }

  /**
   * "rember": a word whose syllable repeats ("re-mem-ber") typed with it once. Two letters lost
   * together are beyond a slip, but only where the known word says them twice in a row.
   */
  private onceRepeated(word: string): string | undefined {
    if (!this.repeats) {
      this.repeats = new Map();
      for (const [known, count] of this.known) {
        if (known.length < 6 || count < HEARD_AT_LEAST || !/^[a-z]+$/.test(known)) continue;
        for (let i = 0; i + 4 <= known.length; i++)
          if (known.slice(i, i + 2) === known.slice(i + 2, i + 4)) {
            const once = known.slice(0, i + 2) + known.slice(i + 4);
            if (!this.known.has(once) && this.seen(this.repeats.get(once) ?? "") < count)
              this.repeats.set(once, known);
          }
      }
    }
    return this.repeats.get(word);
  }

  /** Of a slip's reading and a reading by ear, the word the catalog says more often. */
  private likelier(slip: string | undefined, heard: string | undefined): string | undefined {
    if (!slip || !heard) return slip ?? heard;
    return this.seen(heard) > this.seen(slip) ? heard : slip;
  }

  /** How often the catalog says the word (0: never). */
  seen(word: string): number {
    return this.known.get(word) ?? 0;
  }

  /**
   * The known word the unknown one sounds like (sounds.ts): spelt by ear ("screan", "musik"),
   * as another language spells it ("kalender", "foto"), or shortened to its consonants ("nxt").
   * A short word keeps its vowels ("mike" is no "make"); a shortening keeps its letters in
   * order; a word with its vowels is at most two edits from the meant one; and only a word the
   * catalog says often enough is aimed at (a rare catalog word is no likelier than a name).
   */
  private byEar(word: string): string | undefined {
    if (!this.sounds) {
      this.sounds = new Map();
      for (const [known, count] of this.known) {
        if (known.length < 3 || count < HEARD_AT_LEAST || !/^[a-z]+$/.test(known)) continue;
        const key = soundKey(known);
        const list = this.sounds.get(key);
        if (list) list.push(known);
        else this.sounds.set(key, [known]);
      }
    }
    const key = soundKey(word);
    if (key.length < 2) return undefined;
    const shortened = !/[aeiouy]/.test(word);
    let best: string | undefined;
    for (const found of this.sounds.get(key) ?? []) {
      const fits = shortened
        ? found[0] === word[0] && inOrder(word, found)
        : word.length >= 4 &&
          (word.length > 5 || vowelsOf(word) === vowelsOf(found)) &&
          // Two edits apart once spelt alike, a word of up to seven letters keeps its length
          // ("better" is no "battery")
          apart(spelling(word), spelling(found)) <=
            (word.length >= 8 || word.length === found.length ? 2 : 1);
      if (fits && (!best || this.seen(found) > this.seen(best))) best = found;
    }
    return best;
  }

  /**
   * "hw" → "how": a two-letter word is only given back a vowel between its letters, and only
   * when that makes one of the catalog's most common words (initials like "tv" stay as typed).
   */
  private commonWithVowel(word: string): string | undefined {
    const common = this.commonWords(COMMON_WORDS);
    const found = [..."aeiou"].map((vowel) => word[0] + vowel + word[1]).filter((w) => common.has(w));
    return found.length === 1 ? found[0] : undefined;
  }

  /** The catalog's `count` most common words (built on first use, each size once). */
  private commonWords(count: number): ReadonlySet<string> {
    this.common ??= new Map();
    let found = this.common.get(count);
    if (!found) {
      found = new Set(
        [...this.known]
          .sort((a, b) => b[1] - a[1])
          .slice(0, count)
          .map(([known]) => known),
      );
      this.common.set(count, found);
    }
    return found;
  }

  /** Whether the word is among the catalog's words said often enough to be a name people keep (names.ts). */
  saysOften(word: string): boolean {
    return this.commonWords(NAME_WORDS).has(word);
  }

  private mostFrequent(word: string, candidates: readonly string[]): string | undefined {
    let best: string | undefined;
    let count = 0;
    for (const candidate of candidates) {
      // Short words differ from many others by one letter: keep their first letter (a swap keeps
      // the letters, so "hte" may still be "the")
      if (word.length <= 5 && candidate[0] !== word[0] && !sameLetters(word, candidate)) continue;
      const seen = this.known.get(candidate) ?? 0;
      if (seen > count) [best, count] = [candidate, seen];
    }
    return best;
  }

  correctAll(words: readonly string[]): string[] {
    return words.map((word) => this.correct(word));
  }
}

export { correctTokens, type TheirWords, userWords } from "./correct-tokens.js";

/** How often the catalog must say a word before a word spelt by ear may be read as it. */
const HEARD_AT_LEAST = 3;

function apart(a: string, b: string): number {
  return editDistance(a, b, 2);
}

/**
 * `found` is `word` with one vowel put back between two consonants ("opn" → "open", "tme" →
 * "time"); a vowel beside a vowel makes another real word ("god" is no "good", "ran" no "rain").
 */
function lostVowel(word: string, found: string): boolean {
  const consonant = (c: string | undefined) => c !== undefined && /[b-df-hj-np-tv-z]/.test(c);
  for (let i = 1; i < found.length - 1; i++)
    if (
      /[aeiou]/.test(found[i]!) &&
      consonant(found[i - 1]) &&
      consonant(found[i + 1]) &&
      found.slice(0, i) + found.slice(i + 1) === word
    )
      return true;
  return false;
}

/** Every letter of `short` appears in `long` in the same order ("nxt" in "next"). */
function inOrder(short: string, long: string): boolean {
  let at = 0;
  for (const letter of long) if (letter === short[at]) at++;
  return at === short.length;
}

/** How many of the catalog's words count as common enough to be reached from two letters. */
const COMMON_WORDS = 60;

/**
 * How many of the catalog's words a slip in a name's place may be read as: the names people keep
 * for a kind (a shopping, grocery or packing list) are among them, a rarer word ("speed" for a
 * seed list) is not.
 */
const NAME_WORDS = 500;

/** How many of the catalog's words a three-letter word missing a vowel may be read as. */
const LOST_VOWEL_WORDS = 300;
