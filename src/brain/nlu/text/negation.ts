import type { Token } from "./normalize.js";

/**
 * What a request says it does NOT mean, in one place. Two shapes name the thing refused, and
 * its words are the strongest evidence in the sentence for the wrong reading (the medium named
 * is the one refused), so both are left out before anything reads the request:
 * - a contrast lead at the start: "not a timer, an actual alarm …", "not an event just a
 *   reminder: …" (with or without the comma: the contrast word says where the request starts);
 * - a refused action at the start, set apart and turned from by a contrast: "don't save a
 *   screenshot, just read me the screen", "I don't want a timer, I just want the time";
 * - a "not …" aside set apart by punctuation, anywhere: "look inside my files, not the
 *   knowledge base, for …", "not file names, search my documents for …".
 * A "not" that is part of the request ("do not disturb", "remind me not to …", "draft it but
 * don't send it") stays.
 */
export function dropContrasted(tokens: readonly Token[], text: string): Token[] {
  const lead = contrastLead(tokens) || refusedLead(tokens, text);
  return dropAsides(tokens.slice(lead), text);
}

const ARTICLE = new Set(["a", "an"]);
/** Words that turn from the thing refused to the one meant ("not a timer, just an alarm"). */
const CONTRAST = new Set(["just", "but", "only", "rather"]);
/** "not a timer, a proper alarm": the thing meant, said as the genuine article. */
const GENUINE = new Set(["actual", "real", "proper"]);

/**
 * Verbs that open a request to a personal assistant, whatever the tool. Said right after a
 * refused thing with no punctuation (dictation: "not a reminder put it in the calendar …",
 * "don't email him text Marco …"), such a verb is where the request starts.
 */
const OPENS_REQUEST = new Set(
  "put add set make book create schedule stick pop pencil use save write send text email message call ring start give show tell remind play open read".split(
    " ",
  ),
);

/**
 * How many tokens a contrast lead takes at the start: "not a|an <one to three words>" then a
 * contrast word (and its article), "a|an actual|real|proper", or a verb that opens a request.
 * 0 when there is none, and never so many that fewer than two words of the request are left.
 */
function contrastLead(tokens: readonly Token[]): number {
  if (tokens[0]?.w !== "not" || !ARTICLE.has(tokens[1]?.w ?? "")) return 0;
  for (let j = 3; j <= 5 && j < tokens.length - 2; j++) {
    const w = tokens[j]!.w;
    if (CONTRAST.has(w)) return j + (ARTICLE.has(tokens[j + 1]?.w ?? "") ? 2 : 1);
    if (ARTICLE.has(w) && GENUINE.has(tokens[j + 1]?.w ?? "")) return j + 2;
    if (OPENS_REQUEST.has(w)) return j;
  }
  return 0;
}

/** Words that want instead ("I just want", "I need"). */
const WANTS = new Set(["want", "need", "would", "'d"]);
/** The longest refused action read as one ("do not read the whole thing out"). */
const MAX_REFUSED = 6;

/**
 * How many tokens a refused lead takes: "do not …", "I do not want|need …" or "no need to|for
 * …", one to six words, then a break and a contrast ("just", "only", "rather", "instead",
 * "but", or "I (just) want|need"). The contrast word is dropped with the lead, "I want" stays
 * (it is the request's own start). 0 without a break and a contrast right after it: "don't
 * forget, her name is Ana" says what to do, not what not to.
 */
function refusedLead(tokens: readonly Token[], text: string): number {
  const w = (i: number) => tokens[i]?.w ?? "";
  let start: number;
  if (w(0) === "do" && w(1) === "not") start = 2;
  else if (w(0) === "i" && w(1) === "do" && w(2) === "not" && WANTS.has(w(3))) start = 4;
  else if (w(0) === "no" && w(1) === "need" && (w(2) === "to" || w(2) === "for")) start = 3;
  else return 0;
  const gap = (i: number) => text.slice(tokens[i - 1]!.end, tokens[i]!.start);
  // The refused thing is an action ("don't set an alarm …"): its own verb opens it
  const action = OPENS_REQUEST.has(w(start));
  for (let j = start + 1; j <= start + MAX_REFUSED && j < tokens.length - 1; j++) {
    // Dictated with no break: "don't set an alarm just a timer for …", the contrast and the
    // thing meant (an article or a number after it) say where the request starts
    if (action && CONTRAST.has(w(j)) && /^(?:a|an|the|\d+|one|two|three|four|five)$/.test(w(j + 1)))
      return tokens.length - (j + 1) >= 2 ? j + 1 : 0;
    if (!BREAK.test(gap(j)) && !DASH.has(w(j))) continue;
    let k = j;
    while (DASH.has(w(k))) k++;
    const rest = (n: number) => (tokens.length - n >= 2 ? n : 0);
    if (CONTRAST.has(w(k)) || w(k) === "instead") return rest(k + 1);
    // "don't email him, text Marco …": one action refused, another one asked for
    if (action && OPENS_REQUEST.has(w(k))) return rest(k);
    const wants =
      WANTS.has(w(k + 1)) || ((w(k + 1) === "just" || w(k + 1) === "only") && WANTS.has(w(k + 2)));
    return w(k) === "i" && wants ? rest(k) : 0;
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
    const setApart = i === 0 || dashed || BREAK.test(gap(i));
    // "…, no reminder needed": the thing named is refused, however the sentence ends
    const unneeded = setApart && tokens[i]!.w === "no" ? unneededAside(tokens, i) : 0;
    if (unneeded > 0 && tokens.length - unneeded >= 2) {
      if (dashed) out.pop();
      i += unneeded - 1;
      continue;
    }
    // "screenshot just the browser page not my whole screen": dictated with no break, a "not …"
    // that closes the sentence after "just/only …" is the refused half of the contrast
    if (tokens[i]!.w === "not" && !setApart && closesContrast(tokens, i)) break;
    if (tokens[i]!.w === "not" && setApart) {
      let end = i + 1;
      const breaks = (j: number) => BREAK.test(gap(j)) || DASH.has(tokens[j]!.w);
      while (end < tokens.length && end - i <= MAX_ASIDE && !breaks(end)) end++;
      const closed = end === tokens.length || breaks(end);
      // At least one word of the request must stay, and the aside must name something
      if (closed && end - i >= 2 && end - i <= MAX_ASIDE && tokens.length - (end - i) >= 2) {
        if (dashed) out.pop();
        // "not in the calendar, only on my todo list: …": the contrast that turns to the thing
        // meant goes with the refused thing
        if (i === 0 && CONTRAST.has(tokens[end]?.w ?? "") && tokens.length - end >= 3) end++;
        i = end - 1;
        continue;
      }
    }
    out.push(tokens[i]!);
  }
  return out;
}

/** How many tokens "no <one to three words> needed|necessary|required" takes, or 0. */
function unneededAside(tokens: readonly Token[], i: number): number {
  for (let j = i + 2; j <= i + 4 && j < tokens.length; j++)
    if (/^(?:needed|necessary|required)$/.test(tokens[j]!.w)) return j - i + 1;
  return 0;
}

/** A "not" naming a thing in the last five words, after "just|only" two to five words before it. */
function closesContrast(tokens: readonly Token[], i: number): boolean {
  if (tokens.length - i > MAX_ASIDE || tokens.length - i < 2) return false;
  if (!/^(?:my|the|a|an|your|this|that|any|all)$/.test(tokens[i + 1]!.w)) return false;
  for (let j = Math.max(0, i - 5); j <= i - 2; j++)
    if (tokens[j]!.w === "just" || tokens[j]!.w === "only") return true;
  return false;
}
