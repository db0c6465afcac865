import type { LanguageEnv } from "../../../core/language.js";
import { formOf } from "./forms.js";
import { type NamesByKind, namePlaces, namesByKind, towardTheirs } from "./names.js";
import type { Token } from "./normalize.js";
import type { SpellingCorrector } from "./spelling.js";
import { wordClass } from "./word-class.js";

/** Whether a word is one of the user's names, and their names by kind (`userWords`). */
export type TheirWords = ((word: string) => boolean) & { names?: NamesByKind };

/**
 * The tokens with misspelt words corrected, except where the user's spelling is the point: a
 * word inside quotes, a capitalised word that does not start the sentence (a name: "Porto",
 * "Marco"), and a word the user's own data knows (a contact, an app, a list, a file). A word in
 * the place of a name ("the seed list", names.ts) is read toward the user's names of that kind,
 * and otherwise kept as typed unless the catalog's reading is one of its common words.
 */
export function correctTokens(
  speller: SpellingCorrector,
  said: readonly Token[],
  text: string,
  theirs: TheirWords,
): Token[] {
  const quoted = quotedSpans(text);
  const asSaid = (token: Token) =>
    theirs(token.w) ||
    quoted.some(([from, to]) => token.start >= from && token.end <= to) ||
    isName(text, token.start);
  const places = theirs.names ? namePlaces(said, theirs.names) : [];
  const out: Token[] = [];
  for (let i = 0; i < said.length; i++) {
    const token = said[i]!;
    const place = places[i];
    if (place && !speller.knows(token.w) && !asSaid(token)) {
      const read = towardTheirs(token.w, place) ?? speller.correct(token.w);
      const kept = place.has(read) || speller.saysOften(read) ? read : token.w;
      out.push(kept === token.w ? token : { ...token, w: kept });
      continue;
    }
    const next = said[i + 1];
    // A word broken in two ("wi fi", "note book"): rejoined when a half is no word of the catalog's
    const joined = next && next.start === token.end + 1 ? token.w + next.w : "";
    const half = (w: string) => !speller.knows(w) && /^[a-z]{2,}$/.test(w) && !wordClass(w);
    const whole = (w: string) => /^[a-z]{2,}$/.test(w);
    if (
      next &&
      joined &&
      whole(token.w) &&
      whole(next.w) &&
      // The halves first: a turn of known words never asks about their joins (which would read
      // every shape's words into the speller for a one-shot ask of known words)
      (half(token.w) || half(next.w)) &&
      speller.knows(joined) &&
      !asSaid(token) &&
      !asSaid(next)
    ) {
      out.push({ w: joined, start: token.start, end: next.end });
      i++;
      continue;
    }
    // Whether the word is theirs is asked only of a word the speller would change: most words
    // are the catalog's, and the user's names are gathered only when one is not
    const word = formOf(token.w, (w) => speller.seen(w)) ?? speller.correct(token.w);
    out.push(word !== token.w && !asSaid(token) ? { ...token, w: word } : token);
  }
  return out;
}

/** The words of names the user's data knows (apps, contacts, lists, calendars, files): never slips. */
export function userWords(env: LanguageEnv): TheirWords {
  let words: Set<string> | undefined;
  const theirs = (word: string) => {
    words ??= new Set(
      [
        ...env.apps,
        ...(env.user?.contacts ?? []),
        ...(env.user?.lists ?? []),
        ...(env.user?.calendars ?? []),
        ...(env.user?.files?.keys() ?? []),
      ].flatMap((name) => name.toLowerCase().split(/[^a-z]+/)),
    );
    return words.has(word);
  };
  return Object.assign(theirs, { names: namesByKind(env) });
}

/** Character spans between matching quotes; an apostrophe inside a word ("don't") opens none. */
function quotedSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const quote = /(?<![\p{L}\p{N}])(['"‘“])(.+?)(['"’”])(?![\p{L}\p{N}])/gu;
  for (let m = quote.exec(text); m !== null; m = quote.exec(text))
    spans.push([m.index, m.index + m[0].length]);
  return spans;
}

/** A capital letter where no sentence starts; a sentence typed in capitals names nothing by them. */
function isName(text: string, start: number): boolean {
  const first = text[start] ?? "";
  if (first === first.toLowerCase() || !/\p{Ll}/u.test(text)) return false;
  const before = text.slice(0, start).trimEnd();
  return before.length > 0 && !/[.!?:]$/.test(before);
}
