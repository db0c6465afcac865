/** Text helpers shared by chunking, query building, summaries and memory. */

/**
 * English function words dropped from keyword queries. Kept small on purpose: BM25's IDF already
 * discounts common words, this only stops them from pulling in every chunk of an OR query.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all am an and any are aren't as at be because been before being below " +
    "between both but by can cannot could couldn't did didn't do does doesn't doing don't down during each few " +
    "for from further had hadn't has hasn't have haven't having he her here hers herself him himself his how i " +
    "if in into is isn't it it's its itself just let's me more most mustn't my myself no nor not of off on once " +
    "only or other ought our ours ourselves out over own same shan't she should shouldn't so some such than that " +
    "that's the their theirs them themselves then there there's these they this those through to too under until " +
    "up very was wasn't we were weren't what what's when where which while who who's whom why will with won't " +
    "would wouldn't you your yours yourself yourselves s t d ll m re ve also may might must shall via vs etc"
  ).split(" "),
);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/** Lower-cased word tokens (letters and digits, apostrophes inside words kept). */
export function words(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).map((w) => w.replace("’", "'"));
}

/** Content words: tokens that are not stopwords. */
export function contentWords(text: string): string[] {
  return words(text).filter((w) => !STOPWORDS.has(w));
}

export function countWords(text: string): number {
  let n = 0;
  for (const _ of text.matchAll(/\S+/g)) n += 1;
  return n;
}

const ABBREVIATIONS = new Set([
  "e.g",
  "i.e",
  "etc",
  "vs",
  "dr",
  "mr",
  "mrs",
  "ms",
  "prof",
  "fig",
  "al",
  "no",
  "approx",
  "inc",
  "ltd",
  "st",
  "jr",
  "sr",
  "cf",
]);

/**
 * Splits prose into sentences at `.`, `!`, `?` followed by whitespace and a capital, digit or
 * quote; common abbreviations ("e.g.", "Dr.", "et al.") do not end a sentence.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  const normalized = text.replace(/\s+/g, " ").trim();
  if (!normalized) return out;
  let start = 0;
  const boundary = /[.!?]+["'”’)\]]*\s+(?=["'“‘([]?[\p{Lu}\p{N}])/gu;
  for (const match of normalized.matchAll(boundary)) {
    const end = (match.index ?? 0) + match[0].length;
    const before = normalized.slice(start, match.index ?? 0);
    const lastWord =
      before
        .split(" ")
        .at(-1)
        ?.toLowerCase()
        .replace(/^[("'[]+/, "") ?? "";
    if (ABBREVIATIONS.has(lastWord) || /^[\p{L}]$/u.test(lastWord)) continue;
    out.push(normalized.slice(start, end).trim());
    start = end;
  }
  const rest = normalized.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** Shortens text to at most `max` characters at a word boundary, marking the cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
