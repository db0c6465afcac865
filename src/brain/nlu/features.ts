import { stem } from "./text/normalize.js";
import { wordClass } from "./text/word-class.js";

/** A sentence the classifier trains on, with its label. */
export interface TrainingExample {
  words: readonly string[];
  label: string;
  /** Where it was generated from (one template, or one written sentence): calibration holds out whole sources. */
  source?: number;
}

/** Function words that are no feature of their own (they still make pairs). */
export const STOP = new Set([
  "the",
  "a",
  "an",
  "please",
  "my",
  "me",
  "to",
  "for",
  "of",
  "is",
  "i",
  "you",
  "it",
  "and",
  "can",
]);

/**
 * Features: stems (minus a few function words), the first five letters of long stems (a
 * coarser stem that also joins forms the stemmer keeps apart and some misspellings), the class
 * of words that stand for a slot value (a number, a weekday, a month, a time unit: "in <num>
 * <unit>"), adjacent pairs with slot words replaced by their class, and the first word.
 */
export function features(
  words: readonly string[],
  stems = words.map((w) => maskWord(w)),
  classOf: (word: string) => string | undefined = wordClass,
): string[] {
  const out: string[] = [];
  const abstract: string[] = [];
  for (let i = 0; i < stems.length; i++) {
    const s = stems[i]!;
    const cls = s.startsWith("<") ? s : classOf(words[i] ?? "");
    abstract.push(cls ?? s);
    if (STOP.has(s)) continue;
    out.push(s);
    if (cls && cls !== s) out.push(cls);
    if (s.length >= 6 && !s.startsWith("<")) out.push(`~${s.slice(0, 5)}`);
  }
  for (let i = 0; i + 1 < stems.length; i++) {
    out.push(`${stems[i]}_${stems[i + 1]}`);
    const pair = `${abstract[i]}_${abstract[i + 1]}`;
    if (pair !== `${stems[i]}_${stems[i + 1]}`) out.push(pair);
  }
  if (stems[0]) out.push(`^${stems[0]}`);
  if (stems.length > 1) out.push(`^${stems[0]}_${stems[1]}`);
  return out;
}

export function maskWord(word: string): string {
  if (/^\d/.test(word)) return "<num>";
  if (/^https?:|^www\.|\.[a-z]{2,}$/.test(word)) return "<url>";
  if (word.includes("@")) return "<email>";
  if (/^[~/]/.test(word)) return "<path>";
  return stem(word);
}

/** Training sentences as feature ids over one vocabulary (ids in first-seen order). */
export interface FeatureRows {
  vocabulary: ReadonlyMap<string, number>;
  /** Per example, its distinct features' ids in the order `features` lists them. */
  rows: readonly Int32Array[];
}

/**
 * The features of every training sentence, extracted once: the full training and the
 * calibration fold read the same rows, and the fold's held-out sentences are read from them
 * instead of being tokenised again. The same ids in the same order as `features` followed by
 * first-seen numbering would give (the weights and every reading depend on that order), built
 * without a string per feature: training sentences repeat a few thousand words and a few tens
 * of thousands of pairs, so each word's stem, class and prefix and each pair's id are found
 * once and then looked up by the words themselves (this was a fifth of first-start training).
 */
export function featureRows(examples: readonly TrainingExample[]): FeatureRows {
  const masked = new Map<string, string>();
  const classes = new Map<string, string | undefined>();
  const prefixes = new Map<string, number>();
  const vocabulary = new Map<string, number>();
  const idOf = (feature: string): number => {
    let f = vocabulary.get(feature);
    if (f === undefined) {
      f = vocabulary.size;
      vocabulary.set(feature, f);
    }
    return f;
  };
  // Pairs by their two halves: two lookups of strings already hashed instead of a new string
  const pairs = new Map<string, Map<string, number>>();
  const pairId = (a: string, b: string): number => {
    let next = pairs.get(a);
    if (!next) {
      next = new Map();
      pairs.set(a, next);
    }
    let f = next.get(b);
    if (f === undefined) {
      f = idOf(`${a}_${b}`);
      next.set(b, f);
    }
    return f;
  };
  const firsts = new Map<string, number>();
  // Which features this sentence already has: the sentence's number, stamped per id
  let stamp = new Int32Array(1 << 16);
  const rows: Int32Array[] = [];
  const ids: number[] = [];
  const stems: string[] = [];
  const abstract: string[] = [];
  for (let e = 0; e < examples.length; e++) {
    const words = examples[e]!.words;
    const mark = e + 1;
    ids.length = 0;
    const add = (f: number) => {
      if (f >= stamp.length) {
        const grown = new Int32Array(Math.max(stamp.length * 2, f + 1));
        grown.set(stamp);
        stamp = grown;
      }
      if (stamp[f] === mark) return;
      stamp[f] = mark;
      ids.push(f);
    };
    stems.length = 0;
    abstract.length = 0;
    for (const w of words) {
      let s = masked.get(w);
      if (s === undefined) {
        s = maskWord(w);
        masked.set(w, s);
      }
      stems.push(s);
    }
    for (let i = 0; i < stems.length; i++) {
      const s = stems[i]!;
      let cls: string | undefined;
      if (s.startsWith("<")) cls = s;
      else {
        const w = words[i] ?? "";
        if (classes.has(w)) cls = classes.get(w);
        else {
          cls = wordClass(w);
          classes.set(w, cls);
        }
      }
      abstract.push(cls ?? s);
      if (STOP.has(s)) continue;
      add(idOf(s));
      if (cls && cls !== s) add(idOf(cls));
      if (s.length >= 6 && !s.startsWith("<")) {
        let p = prefixes.get(s);
        if (p === undefined) {
          p = idOf(`~${s.slice(0, 5)}`);
          prefixes.set(s, p);
        }
        add(p);
      }
    }
    for (let i = 0; i + 1 < stems.length; i++) {
      add(pairId(stems[i]!, stems[i + 1]!));
      // The pair of classes, when it differs (the same id is already in the row otherwise)
      if (abstract[i] !== stems[i] || abstract[i + 1] !== stems[i + 1])
        add(pairId(abstract[i]!, abstract[i + 1]!));
    }
    if (stems[0]) {
      let f = firsts.get(stems[0]);
      if (f === undefined) {
        f = idOf(`^${stems[0]}`);
        firsts.set(stems[0], f);
      }
      add(f);
    }
    if (stems.length > 1) add(idOf(`^${stems[0]}_${stems[1]}`));
    rows.push(Int32Array.from(ids));
  }
  return { vocabulary, rows };
}
