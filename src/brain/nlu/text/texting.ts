import type { Token } from "./normalize.js";

/**
 * Texting shortenings put back as the words they stand for, so the templates and the classifier
 * read what was meant: "u" is "you", "w/" is "with", "abt" is "about". The shortenings here are
 * ones no command uses as a word of its own; one a group's shapes name as it is stays as typed
 * (`named`: "a msg" is a text message to the contacts group; put back as "message", it was mail). A single letter that is also a key or a name ("r",
 * "n") is read by its neighbours instead: "we r out of milk", "coffee n bread", but "press r" and
 * "the n key" stay as typed. Spans stay the user's, so free text keeps what was typed.
 */
const SHORT: Record<string, string> = {
  u: "you",
  ur: "your",
  abt: "about",
  // "wat" and "wats" as texted: "wats" would otherwise be read as the nearer "wants"
  wat: "what",
  wats: "what is",
  b4: "before",
  coz: "because",
  cuz: "because",
  bday: "birthday",
  ppl: "people",
  thru: "through",
  nite: "night",
  "2nite": "tonight",
  til: "until",
  till: "until",
  tmrrw: "tomorrow",
  tdy: "today",
  wk: "week",
  wks: "weeks",
  appt: "appointment",
  mtg: "meeting",
  msg: "message",
  msgs: "messages",
  pwd: "password",
  rn: "right now",
  thnx: "thanks",
  kk: "ok",
};

/** Words after which a lone letter is the key or the letter itself ("press r", "the n key"). */
const KEYED = new Set(
  "press hit type tap key keys letter letters button the a an shift ctrl alt control cmd command plus".split(
    " ",
  ),
);
/** Words a following "r" joins as "are": a subject or a question word before it. */
const ARE_AFTER = new Set(
  "we you they u there these those what where how who which when why things they're".split(" "),
);
/**
 * Words after which "its" can only be "it's": a number or clock time ("its 9 pm here"), a verb
 * going on ("its going off", "its raining"), an article or a state ("its a mess", "its not
 * working", "its too loud"). A possessive "its" is followed by a noun ("its volume"), none of
 * these.
 */
const IT_IS_BEFORE = new Set(
  "a an the not too so still already just nearly almost past half quarter noon midnight late early over done gone broken stuck frozen on off".split(
    " ",
  ),
);
const itIsBefore = (word: string) =>
  /^\d/.test(word) || /^[a-z]{3,}ing$/.test(word) || IT_IS_BEFORE.has(word);
/** Verbs of telling or showing a learner puts "to" after ("tell to me", "show to me"). */
const TELL_TO = new Set("tell show give read say explain".split(" "));
/** Words a preceding "r" asks about ("r u free", "r there any"). */
const ARE_BEFORE = new Set("we you u they there these those".split(" "));

export function textSpeak(tokens: readonly Token[], named: (word: string) => boolean = () => false): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    const prev = out.at(-1)?.w ?? "";
    // "w/ Ana", "w/o sugar": the slash is typed against the letter
    if (t.w === "w" && next?.w === "/" && next.start === t.end) {
      const after = tokens[i + 2];
      if (after?.w === "o" && after.start === next.end) {
        out.push({ w: "without", start: t.start, end: after.end });
        i += 2;
      } else {
        out.push({ w: "with", start: t.start, end: next.end });
        i += 1;
      }
      continue;
    }
    const short = SHORT[t.w];
    // A lone letter after "press" or "the" is a key: "press u", "the k key"
    if (short && !(t.w.length === 1 && KEYED.has(prev)) && !named(t.w)) {
      for (const w of short.split(" ")) out.push({ ...t, w });
      continue;
    }
    const nextWord = next?.w ?? "";
    // "tell to me now: …", "show to me the files": a learner's "to" before the one told, read
    // as "tell me"; "send it to me" keeps its "to" (the thing sent stands between)
    if (t.w === "to" && TELL_TO.has(prev) && nextWord === "me" && tokens[i + 2]) continue;
    // "its 9 pm here", "its going off": the apostrophe left out of "it's"
    if (t.w === "its" && next && itIsBefore(nextWord)) {
      out.push({ ...t, w: "it" }, { ...t, w: "is" });
      continue;
    }
    if (t.w === "r" && !KEYED.has(prev) && (ARE_AFTER.has(prev) || (i === 0 && ARE_BEFORE.has(nextWord)))) {
      out.push({ ...t, w: "are" });
      continue;
    }
    // "coffee n bread": a letter between two words that are no keys
    if (
      t.w === "n" &&
      prev &&
      next &&
      /^[a-z]{2,}$/.test(prev) &&
      /^[a-z]{2,}$/.test(nextWord) &&
      !KEYED.has(prev)
    ) {
      out.push({ ...t, w: "and" });
      continue;
    }
    out.push(t);
  }
  return out;
}
