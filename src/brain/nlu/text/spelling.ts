import { wordClass } from "./word-class.js";

/**
 * A spelling corrector against the catalog's own vocabulary (every word of the training
 * sentences): "shoping" → "shopping", "tiemr" → "timer". Only words the vocabulary does not know
 * are touched, and only when one known word is a single edit away (a deletion, insertion,
 * substitution or swap of neighbours, found through shared deletions). Words said as names stay
 * as said in slot values: the corrected words only help the NLU decide what was asked.
 */
export class SpellingCorrector {
  private readonly known = new Map<string, number>();
  /** A word with one letter deleted → the known words it came from (built on the first unknown word). */
  private index: Map<string, string[]> | undefined;

  constructor(words: Iterable<string>) {
    for (const word of words) this.known.set(word, (this.known.get(word) ?? 0) + 1);
  }

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
    return this.known.has(word);
  }

  /**
   * The word, or the known word one edit away. A dropped letter is the likeliest slip
   * ("timr" is "timer" before it is "time"), then a changed or swapped one, then an extra one;
   * among equals the more frequent word wins.
   */
  correct(word: string): string {
    if (word.length < 4 || this.known.has(word) || !/^[a-z]+$/.test(word)) return word;
    // Numbers, days, months and units are read by the slots as they are ("eighty" is no "eight")
    if (wordClass(word)) return word;
    const dropped = this.deletions.get(word) ?? [];
    // An inflection of a known word is a real word, not a slip ("shares", "lets"); but a known
    // word with a letter more is the likelier reading of "shoping" than "shop" + "ing"
    const bases = inflections(word, dropped.length === 0);
    if (bases.some((base) => this.known.has(base))) return word;
    // Four letters are one slip away from too many words: only a dropped letter is trusted
    if (word.length === 4) return this.mostFrequent(word, dropped) ?? word;
    const changed: string[] = [];
    const extra: string[] = [];
    for (const variant of deletionsOf(word)) {
      if (this.known.has(variant) && variant.length >= 4) extra.push(variant);
      for (const found of this.deletions.get(variant) ?? [])
        if (found.length === word.length) changed.push(found);
    }
    for (const candidates of [dropped, changed, extra]) {
      const best = this.mostFrequent(word, candidates);
      if (best) return best;
    }
    return word;
  }

  private mostFrequent(word: string, candidates: readonly string[]): string | undefined {
    let best: string | undefined;
    let count = 0;
    for (const candidate of candidates) {
      // Short words differ from many others by one letter: keep their first letter
      if (word.length <= 5 && candidate[0] !== word[0]) continue;
      const seen = this.known.get(candidate) ?? 0;
      if (seen > count) [best, count] = [candidate, seen];
    }
    return best;
  }

  correctAll(words: readonly string[]): string[] {
    return words.map((word) => this.correct(word));
  }
}

function deletionsOf(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/** The word without a common ending: "shares" → share, shar; "booked" → book, booke. */
function inflections(word: string, withVerbEndings: boolean): string[] {
  const out: string[] = [];
  const endings = ["s", "es", "er", "ers", "ly", "est"];
  if (withVerbEndings) endings.push("ed", "d", "ing");
  for (const ending of endings) {
    if (word.length - ending.length >= 3 && word.endsWith(ending)) out.push(word.slice(0, -ending.length));
  }
  return out;
}
