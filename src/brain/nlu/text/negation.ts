import type { Token } from "./normalize.js";

/**
 * What a request says it does NOT mean, in one place. Two shapes name the thing refused, and
 * its words are the strongest evidence in the sentence for the wrong reading (the medium named
 * is the one refused), so both are left out before anything reads the request:
 * - a contrast lead at the start: "not a timer, an actual alarm …", "not an event just a
 *   reminder: …" (with or without the comma: the contrast word says where the request starts);
 * - a "not …" aside set apart by punctuation, anywhere: "look inside my files, not the
 *   knowledge base, for …", "not file names, search my documents for …".
 * A "not" that is part of the request ("do not disturb", "remind me not to …") stays.
 */
export function dropContrasted(tokens: readonly Token[], text: string): Token[] {
  return dropAsides(tokens.slice(contrastLead(tokens)), text);
}

const ARTICLE = new Set(["a", "an"]);
/** Words that turn from the thing refused to the one meant ("not a timer, just an alarm"). */
const CONTRAST = new Set(["just", "but", "only", "rather"]);
/** "not a timer, a proper alarm": the thing meant, said as the genuine article. */
const GENUINE = new Set(["actual", "real", "proper"]);

/**
 * How many tokens a contrast lead takes at the start: "not a|an <one to three words>" then a
 * contrast word (and its article) or "a|an actual|real|proper". 0 when there is none, and
 * never so many that fewer than two words of the request are left.
 */
function contrastLead(tokens: readonly Token[]): number {
  if (tokens[0]?.w !== "not" || !ARTICLE.has(tokens[1]?.w ?? "")) return 0;
  for (let j = 3; j <= 5 && j < tokens.length - 2; j++) {
    const w = tokens[j]!.w;
    if (CONTRAST.has(w)) return j + (ARTICLE.has(tokens[j + 1]?.w ?? "") ? 2 : 1);
    if (ARTICLE.has(w) && GENUINE.has(tokens[j + 1]?.w ?? "")) return j + 2;
  }
  return 0;
}

/** What may end a set-apart phrase in the text between two words. */
const BREAK = /[,;:()–—]|\s-\s/;
/** The longest "not …" aside read as one (a thing named, not a clause). */
const MAX_ASIDE = 5;
/** A dash said on its own is a word of the token list, and a break all the same. */
const DASH = new Set(["-", "–", "—", "--"]);

/**
 * A phrase set apart by punctuation that opens on "not": it opens the sentence or follows a
 * break, and ends at a break or the sentence's end, in at most five words.
 */
function dropAsides(tokens: readonly Token[], text: string): Token[] {
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
