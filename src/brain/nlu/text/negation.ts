import type { Token } from "./normalize.js";

/** What may end a set-apart phrase in the text between two words. */
const BREAK = /[,;:()–—]|\s-\s/;
/** The longest "not …" aside read as one (a thing named, not a clause). */
const MAX_ASIDE = 5;
/** A dash said on its own is a word of the token list, and a break all the same. */
const DASH = new Set(["-", "–", "—", "--"]);

/**
 * "look inside my files, not the knowledge base, for …", "not file names, search my documents
 * for …", "send a text, not an email, …": a phrase set apart by punctuation that opens on "not"
 * names what is NOT meant. Its words are the strongest evidence in the sentence for the wrong
 * reading (the medium named is the one refused), so they are left out before anything reads the
 * request. Only an aside counts: it opens the sentence or follows a break, and ends at a break or
 * the sentence's end; "do not disturb" or "remind me not to …" are no asides and stay whole.
 */
export function dropContrasted(tokens: readonly Token[], text: string): Token[] {
  const gap = (i: number) => text.slice(tokens[i - 1]!.end, tokens[i]!.start);
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const dashed = i > 0 && DASH.has(tokens[i - 1]!.w);
    if (tokens[i]!.w === "not" && (i === 0 || dashed || BREAK.test(gap(i)))) {
      let end = i + 1;
      const breaks = (j: number) => BREAK.test(gap(j)) || DASH.has(tokens[j]!.w);
      while (end < tokens.length && end - i <= MAX_ASIDE && !breaks(end)) end++;
      const closed = end === tokens.length || breaks(end);
      // At least one word of the request must stay, and the aside must name something
      if (closed && end - i >= 2 && end - i <= MAX_ASIDE && tokens.length - (end - i) >= 2) {
        if (dashed) out.pop();
        i = end - 1;
        continue;
      }
    }
    out.push(tokens[i]!);
  }
  return out;
}
