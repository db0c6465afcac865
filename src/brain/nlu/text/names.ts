import type { LanguageEnv } from "../../../core/language.js";
import type { Token } from "./normalize.js";
import { editDistance } from "./sounds.js";

/**
 * The place of a name: the words just before a noun that says what kind of thing is named ("the
 * seed list", "my mornin routine", "the wrok calendar"). A word there is a name the person chose,
 * so the spelling corrector reads it toward the person's own names of that kind, and otherwise
 * leaves it as typed unless the catalog's reading is a word it says often (the names people keep
 * for that kind: "shoping" is "shopping", but "seed" is no slip of "speed").
 */

/** The user's names, by the noun that says their kind (the nouns are English, not any tool's). */
export interface NamesByKind {
  /** The words of the user's names of the kind this noun says, or undefined: no such noun. */
  ofKind(noun: string): ReadonlySet<string> | undefined;
}

export function namesByKind(env: LanguageEnv): NamesByKind {
  const cache = new Map<string, ReadonlySet<string>>();
  const sources: Record<string, () => Iterable<string>> = {
    list: () => env.user?.lists ?? [],
    routine: () => env.user?.routines ?? [],
    calendar: () => env.user?.calendars ?? [],
    app: () => env.apps,
  };
  return {
    ofKind(noun) {
      const kind = KIND_NOUNS.get(noun);
      if (!kind) return undefined;
      let words = cache.get(kind);
      if (!words) {
        words = new Set([...sources[kind]!()].flatMap((name) => name.toLowerCase().split(/[^a-z]+/)));
        cache.set(kind, words);
      }
      return words;
    },
  };
}

/** The nouns that say a name's kind, singular and plural. */
const KIND_NOUNS = new Map([
  ["list", "list"],
  ["lists", "list"],
  ["routine", "routine"],
  ["routines", "routine"],
  ["automation", "routine"],
  ["automations", "routine"],
  ["calendar", "calendar"],
  ["calendars", "calendar"],
  ["app", "app"],
  ["apps", "app"],
  ["application", "app"],
]);

/** Words that end a name read backwards from its noun: what stands before a name, never in it. */
const BEFORE_A_NAME =
  /^(?:my|the|our|your|his|her|their|a|an|to|on|onto|from|off|of|in|into|for|with|and|or|this|that|new|called|named)$/;

/**
 * For each token, the user's names of the kind it stands in the place of (undefined: no name's
 * place). A name is read backwards from its noun, at most three words, up to a word that stands
 * before names or the sentence's first word ("shoping list: eggs" names; "make fresh list" asks).
 */
export function namePlaces(
  tokens: readonly Token[],
  names: NamesByKind,
): Array<ReadonlySet<string> | undefined> {
  const places: Array<ReadonlySet<string> | undefined> = tokens.map(() => undefined);
  for (let i = 1; i < tokens.length; i++) {
    const kind = names.ofKind(tokens[i]!.w);
    if (!kind) continue;
    for (let at = i - 1; at >= Math.max(0, i - 3); at--) {
      const token = tokens[at]!;
      if (BEFORE_A_NAME.test(token.w) || !/^[a-z]+$/.test(token.w) || names.ofKind(token.w)) break;
      // A sentence's first word is its command ("generate fresh list"), unless the noun follows it
      if (at === 0 && at < i - 1) break;
      places[at] = kind;
    }
  }
  return places;
}

/**
 * The word of the user's names one slip from `word` (two for a long word), when exactly one is:
 * "mornin" → "morning" for a routine named "Morning run". Names are compared from the first
 * letter, which a typist rarely gets wrong.
 */
export function towardTheirs(word: string, theirs: ReadonlySet<string>): string | undefined {
  if (word.length < 3 || theirs.has(word)) return undefined;
  const most = word.length >= 7 ? 2 : 1;
  const near = [...theirs].filter(
    (name) => name.length >= 3 && name[0] === word[0] && editDistance(word, name, most) <= most,
  );
  return near.length === 1 ? near[0] : undefined;
}
