import { STOPWORDS, words } from "./text.js";

/**
 * The distinct words of a query the way the FTS5 unicode61 tokenizer splits them (apostrophes
 * separate: "boss's" → boss), stopwords dropped unless nothing else is left ("to be or not").
 */
export function queryTerms(text: string, maxTerms = 32): string[] {
  const all = words(text)
    .flatMap((w) => w.split("'"))
    .filter(Boolean);
  const content = all.filter((w) => !STOPWORDS.has(w));
  return [...new Set(content.length > 0 ? content : all)].slice(0, maxTerms);
}

/**
 * Builds an FTS5 MATCH expression from free text: every distinct content word, quoted (so
 * nothing the user types is read as FTS syntax), joined with OR so BM25 ranks partial matches
 * instead of requiring every word. Returns undefined when there is nothing to search for.
 */
export function buildMatchQuery(text: string, maxTerms = 32): string | undefined {
  return matchExpression(queryTerms(text, maxTerms));
}

export function matchExpression(terms: readonly string[]): string | undefined {
  if (terms.length === 0) return undefined;
  return terms.map((w) => `"${w.replaceAll('"', '""')}"`).join(" OR ");
}
