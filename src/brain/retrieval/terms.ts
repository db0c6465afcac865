import { stem } from "../nlu/text/normalize.js";

/**
 * Words that say nothing about which tool a request needs. Verbs like "open", "find" or
 * "show" are kept: they separate reading from writing.
 */
const STOPWORDS = new Set(
  (
    "a an the and or but if then than so to of in on at by for with from into onto about as is are was were be been " +
    "being am do does did doing have has had having i me my mine myself you your yours we our us he him his she her " +
    "they them their it its this that these those there here what which who whom whose when where why how can could " +
    "would should will shall may might must please just also very really some any all each every no not only own " +
    "same too up down out over again once now still yet hey jarvis ok okay thanks thank tell let want need like " +
    "one two get got gonna wanna im its whats thats s t hello hi hiya " +
    // The same words as texted or dictated short ("can u", "ur", "rn", "pls", "gimme")
    "u ur ya rn pls plz thx ty gimme lemme dunno"
  ).split(" "),
);

/** Lowercase words of a text, with snake_case and file names split into their parts. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[_/\\.]+/g, " ")
    .split(/[^a-z0-9'+%-]+/)
    .map((w) => w.replace(/^['-]+|['-]+$/g, "").replace(/'s$/, ""))
    .filter((w) => w.length > 0);
}

/** The terms a text contributes: stopwords dropped, each word as its `termOf`. */
export function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const word of wordsOf(text)) {
    if (STOPWORDS.has(word) || /^\d+$/.test(word)) continue;
    out.push(termOf(word));
  }
  return out;
}

/**
 * The retrieval term of a word: its spellings folded together, so a request meets a tool
 * whichever spelling either uses ("minimise" / "minimize", "colour" / "color", "metres" /
 * "meters", "copied" / "copy"), then the NLU's light stem. Applied alike to the tools' text and
 * to the request, so a fold only has to be consistent, not a real word.
 */
export function termOf(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return stem(word);
  const spelled = word
    .replace(/(?<=\w{2})is(e|es|ed|ing|ation|ations|er|ers)$/, "iz$1")
    .replace(/(?<=\w{2})our(s|ed|ing|ite|ites|ful)?$/, "or$1")
    .replace(/(?<=\w{2}[^aeiou])re(s)?$/, "er$1")
    .replace(/(?<=\w{3})ogue(s)?$/, "og$1");
  return /ied$/.test(spelled) && spelled.length > 4 ? `${spelled.slice(0, -3)}y` : stem(spelled);
}

/**
 * The first five letters of a long term, as a term of its own: a coarser stem that joins forms
 * the stemmer keeps apart ("notification" / "notify", "deletion" / "delete", "subscription" /
 * "subscribe"); the NLU's classifier reads the same feature. Every tool's text carries them; a
 * request's word is looked for by them only when no tool has the word itself, since they also
 * join words that mean different things ("content" / "context").
 */
export function prefixOf(term: string): string | undefined {
  return term.length >= 6 && /^[a-z]+$/.test(term) ? `~${term.slice(0, 5)}` : undefined;
}

/** Everyday words → the catalog's own terms ("inbox" → mail), as the tool groups declare them. */
export type RelatedWords = ReadonlyMap<string, readonly string[]>;

/** Everyday phrases → the catalog's terms ("go off" → alarm), each matched whole. */
export interface RelatedPhrase {
  pattern: RegExp;
  terms: readonly string[];
}

/**
 * A query's weighted terms: its own words at full weight, their everyday relatives at
 * `relatedWeight` (never more than a word the user actually said).
 */
export function queryTerms(
  text: string,
  related: RelatedWords,
  weight = 1,
  relatedWeight = 0.4,
  phrases: readonly RelatedPhrase[] = [],
): Map<string, number> {
  const terms = new Map<string, number>();
  const add = (term: string, w: number) => terms.set(term, Math.max(terms.get(term) ?? 0, w));
  for (const word of wordsOf(text)) {
    if (STOPWORDS.has(word) || /^\d+$/.test(word)) continue;
    add(termOf(word), weight);
    for (const term of related.get(word) ?? related.get(stem(word)) ?? [])
      add(termOf(term), weight * relatedWeight);
  }
  for (const phrase of phrases)
    if (phrase.pattern.test(text)) for (const term of phrase.terms) add(termOf(term), weight * relatedWeight);
  return terms;
}
