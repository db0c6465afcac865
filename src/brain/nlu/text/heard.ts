import type { Token } from "./normalize.js";
import { isNumberWord } from "./numbers.js";

/**
 * Words a dictation engine writes as their sound-alikes, put back where only the number can be
 * meant: "at for o'clock", "a timer for tree minutes", "remind me 2 do the form". Each is read
 * by its neighbours, never alone ("for" is mostly "for", "2" mostly a number), so a sentence
 * typed with care is never changed.
 */
const SOUNDS_LIKE: Record<string, string> = {
  for: "four",
  fore: "four",
  to: "two",
  too: "two",
  tree: "three",
  free: "three",
  ate: "eight",
  won: "one",
};

/** What a number of the clock or a count of time is followed by. */
const CLOCK = new Set(["o'clock", "oclock", "am", "pm", "a.m", "p.m"]);
const TIME_UNITS = new Set(
  "minutes minute mins min hours hour hrs hr seconds second secs sec days weeks".split(" "),
);
/** The words that multiply the number said before them. */
const SCALE = new Set(["hundred", "thousand", "million"]);
/** Words before a count of time that take a number there ("for __ minutes", "in __ hours"). */
const TAKES_A_COUNT = new Set(["for", "in", "at", "another", "about", "around", "every"]);

/** Where "2" is "to" in text-speak: after a verb that wants one, before a verb. */
const WANTS_TO = new Set(["remind", "need", "want", "going", "how", "got", "have"]);

/** Words of a sum between two numbers ("four plus four"); a bare "x" is as often a coordinate. */
const OPERATORS = new Set(["plus", "minus", "times", "+", "-", "*", "/", "×", "÷"]);

/** A number, or a word that sounds like one: what may stand across an operator from one. */
function numberish(word: string | undefined): boolean {
  return word !== undefined && (/^\d/.test(word) || isNumberWord(word) || word in SOUNDS_LIKE);
}

/** The operator at `i`: "by" counts after "divided" or "multiplied". */
function operatorAt(tokens: readonly Token[], i: number): boolean {
  const word = tokens[i]?.w ?? "";
  return OPERATORS.has(word) || (word === "by" && /^(?:divided|multiplied)$/.test(tokens[i - 1]?.w ?? ""));
}

/**
 * In a sum, a sound-alike beside an operator is a number when a number (or another sound-alike)
 * stands across the operator: "for plus for times to" is 4 + 4 * 2; "divided by to" halves.
 */
function inSum(tokens: readonly Token[], i: number): boolean {
  if (operatorAt(tokens, i + 1)) {
    const across = tokens[i + 1]?.w === "divided" || tokens[i + 1]?.w === "multiplied" ? i + 3 : i + 2;
    if (numberish(tokens[across]?.w)) return true;
  }
  if (operatorAt(tokens, i - 1)) {
    const across = tokens[i - 1]?.w === "by" ? i - 3 : i - 2;
    if (numberish(tokens[across]?.w)) return true;
  }
  return false;
}

export function heardAs(tokens: readonly Token[]): Token[] {
  return literally(rememberMe(soundsAs(tokens)));
}

/** What may end a question for the hour ("how late is it", "… now", "… in Lima"). */
const HOUR_ENDS = new Set(["now", "in", "there", "here", "right", "at"]);
/** Words that may come before "tell me" and a question ("could you please tell me how long …"). */
const POLITE = new Set(["can", "could", "would", "will", "you", "please", "kindly", "jarvis"]);
// Only "how" ("how long", "how much"): "tell me when mail from Ana arrives" is a routine, and
// "tell me what is written on the page" a request to read it, not a question about the world
const QUESTION_WORDS = new Set(["how"]);

/** What rings and can be put off: a ringing thing, not a meeting or a reminder not yet due. */
const RINGS = new Set(["alarm", "ringing", "alert", "beeping", "buzzing", "buzzer", "chime"]);

/**
 * Another language's phrasing said word for word in English, read as English says it: the hour
 * asked as a price or a lateness ("how much is the clock", "what is the clock", "how late is
 * it": "what time is it"); time counted ("how many time until …": "how much time"); a repeat
 * said twice ("this song again and again": "on repeat"); a ringing thing delayed ("delay the
 * alarm ten minutes": "snooze"). Each only whole, where the English reading is no request.
 */
function literally(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const w = (k: number) => tokens[i + k]?.w ?? "";
    const ends = (k: number) => i + k >= tokens.length || HOUR_ENDS.has(w(k));
    const hour = (span: number) => {
      const last = tokens[i + span - 1]!;
      out.push(
        { ...t, w: "what" },
        { ...tokens[i + 1]!, w: "time" },
        { ...tokens[i + 2]!, w: "is" },
        { ...last, w: "it" },
      );
      i += span - 1;
    };
    // "tell me please how long until …": the question asked inside a request to be told
    const asking = out.every((o) => POLITE.has(o.w));
    const please = w(2) === "please" ? 1 : 0;
    if (asking && t.w === "tell" && w(1) === "me" && QUESTION_WORDS.has(w(2 + please))) i += 1 + please;
    else if (
      t.w === "how" &&
      w(1) === "much" &&
      w(2) === "is" &&
      w(3) === "the" &&
      w(4) === "clock" &&
      ends(5)
    )
      hour(5);
    else if (t.w === "what" && w(1) === "is" && w(2) === "the" && w(3) === "clock" && ends(4)) hour(4);
    else if (t.w === "how" && w(1) === "late" && w(2) === "is" && w(3) === "it" && ends(4)) hour(4);
    else if (t.w === "many" && tokens[i - 1]?.w === "how" && w(1) === "time") out.push({ ...t, w: "much" });
    else if (t.w === "again" && w(1) === "and" && w(2) === "again") {
      out.push({ ...t, w: "on" }, { ...tokens[i + 2]!, w: "repeat" });
      i += 2;
    } else if (t.w === "delay" && [1, 2, 3].some((k) => RINGS.has(w(k)))) out.push({ ...t, w: "snooze" });
    else out.push(t);
  }
  return out;
}

function soundsAs(tokens: readonly Token[]): Token[] {
  return tokens.map((t, i) => {
    const prev = tokens[i - 1]?.w ?? "";
    const next = tokens[i + 1]?.w ?? "";
    const number = SOUNDS_LIKE[t.w];
    if (number) {
      if (inSum(tokens, i)) return { ...t, w: number };
      // "at for o'clock", "for for minutes", "in too hours"; never the bare word ("tree house")
      const clock = CLOCK.has(next) && (number !== "two" || prev === "at");
      const count = TIME_UNITS.has(next) && TAKES_A_COUNT.has(prev);
      const hour = prev === "at" && t.w !== "to" && t.w !== "too" && t.w !== "free";
      // "for hundred and fifty", "tree thousand": a scale after it ("to" keeps its word: "count
      // to hundred")
      const scale = SCALE.has(next) && t.w !== "to" && t.w !== "too";
      if ((clock && t.w !== "free") || count || hour || scale) return { ...t, w: number };
      return t;
    }
    const unit =
      hourHeard(tokens, i) ??
      writeHeard(tokens, i) ??
      sideHeard(tokens, i) ??
      timerHeard(tokens, i) ??
      weatherHeard(tokens, i);
    if (unit) return { ...t, w: unit };
    // "remind me 2 do …", "need 2 call …": a verb after it, not a plural or a unit
    if (t.w === "2" && /^[a-z]+$/.test(next) && !next.endsWith("s") && !TIME_UNITS.has(next)) {
      const before = prev === "me" ? (tokens[i - 2]?.w ?? "") : prev;
      if (WANTS_TO.has(before)) return { ...t, w: "to" };
    }
    return t;
  });
}

/**
 * "our" typed for "hour" where only a count of time fits: after "an" ("in an our", "half an
 * our"), or after a number that a count of time follows ("in 2 ours", "for three ours"). "at 3
 * our time" keeps its "our": "at" takes a clock time, not a count.
 */
function hourHeard(tokens: readonly Token[], i: number): string | undefined {
  const word = tokens[i]!.w;
  if (word !== "our" && word !== "ours") return undefined;
  const prev = tokens[i - 1]?.w ?? "";
  const counted = (/^\d+$/.test(prev) || isNumberWord(prev)) && TAKES_A_COUNT.has(tokens[i - 2]?.w ?? "");
  if (prev !== "an" && !counted) return undefined;
  return word === "our" ? "hour" : "hours";
}

/** What is written: the words that "write" takes and no other sound-alike does before them. */
const WRITTEN = new Set(
  "note notes email e-mail mail letter message memo reminder draft reply list card poem essay".split(" "),
);

/**
 * "right" typed for "write" before a thing that is written ("right a note saying …", "right me
 * an email"): "right" never takes "a" and a written thing after it ("turn right a bit", "right, the list is done").
 */
function writeHeard(tokens: readonly Token[], i: number): string | undefined {
  if (tokens[i]!.w !== "right") return undefined;
  let j = i + 1;
  if (tokens[j]?.w === "me" || tokens[j]?.w === "down" || tokens[j]?.w === "up") j++;
  if (!/^(?:a|an)$/.test(tokens[j]?.w ?? "")) return undefined;
  return WRITTEN.has(tokens[j + 1]?.w ?? "") ? "write" : undefined;
}

/** Where a thing is put on a screen or a page: what "right" names and "write" never does. */
const SIDES = new Set(["half", "side", "hand", "corner", "edge", "column", "panel", "monitor"]);

/**
 * "write" typed for "right" where a side is named ("the write half", "on the write side") or
 * where only a side can end the sentence ("snap it to the write"): a thing is written, never
 * put "on the write".
 */
function sideHeard(tokens: readonly Token[], i: number): string | undefined {
  if (tokens[i]!.w !== "write") return undefined;
  const next = tokens[i + 1]?.w;
  if (next !== undefined && SIDES.has(next)) return "right";
  const onThe = tokens[i - 1]?.w === "the" && /^(?:on|to|at|the)$/.test(tokens[i - 2]?.w ?? "");
  return onThe && next === undefined ? "right" : undefined;
}

/**
 * "time" for "timer" (a letter lost, still a word) where only a timer fits: set or started for a
 * count of time ("set a time for ten minutes"). A time is set for a clock time ("set a time for
 * 5 pm" keeps its word), a timer for a length.
 */
function timerHeard(tokens: readonly Token[], i: number): string | undefined {
  if (tokens[i]!.w !== "time" || tokens[i + 1]?.w !== "for") return undefined;
  if (!/^(?:a|the)$/.test(tokens[i - 1]?.w ?? "") || !/^(?:set|start)$/.test(tokens[i - 2]?.w ?? ""))
    return undefined;
  const count = tokens[i + 2]?.w ?? "";
  const unit = tokens[i + 3]?.w ?? "";
  return (/^\d+$/.test(count) || isNumberWord(count) || count === "a" || count === "an") &&
    // The unit as typed: a slip in it ("minites") is corrected only later
    (TIME_UNITS.has(unit) || /^(?:min|hou|sec|hr)/.test(unit))
    ? "timer"
    : undefined;
}

/**
 * "remember me to …" and "make me remember to …": "remind me" said as another language says it
 * (a literal translation), read as "remind me to …". Only with a person after it and "to" or
 * "about" after that: "remember me" alone is a request to be remembered.
 */
function rememberMe(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const w = (k: number) => tokens[i + k]?.w ?? "";
    if (t.w === "remember" && w(1) === "me" && /^(?:to|about)$/.test(w(2))) {
      out.push({ ...t, w: "remind" });
      continue;
    }
    if (t.w === "make" && w(1) === "me" && w(2) === "remember" && /^(?:to|about)$/.test(w(3))) {
      out.push({ ...t, w: "remind" }, tokens[i + 1]!);
      i += 2;
      continue;
    }
    out.push(t);
  }
  return out;
}

/** What follows "weather" when a request starts with it ("weather for friday", "weather like"). */
const AFTER_WEATHER = new Set(
  "for in today tomorrow tonight this next on like forecast report outside at later now".split(" "),
);

/**
 * "whether" typed for "weather" where the conjunction cannot stand: after an article or a
 * question's "what's the" ("the whether like"), or opening a request with what a forecast is
 * for after it ("whether for friday"). "whether to go" and "ask whether it's open" keep theirs.
 */
function weatherHeard(tokens: readonly Token[], i: number): string | undefined {
  if (tokens[i]!.w !== "whether") return undefined;
  const prev = tokens[i - 1]?.w;
  const next = tokens[i + 1]?.w ?? "";
  if (prev === "the" || prev === "any") return "weather";
  return i === 0 && AFTER_WEATHER.has(next) ? "weather" : undefined;
}

/**
 * Real words typed for their sound-alikes ("check the whether", "the hole screen", "ad milk"):
 * English homophones. No spelling corrector touches them (they are words), so they are tried
 * only when the sentence as typed read as no request, and only the way round the catalog's own
 * sentences say far more often (`soundAlikes`): "our" is no slip for "hour", "whether" may be one
 * for "weather".
 */
const HOMOPHONES: ReadonlyArray<readonly [string, string]> = [
  ["whether", "weather"],
  ["write", "right"],
  ["hole", "whole"],
  ["our", "hour"],
  ["ad", "add"],
  ["weak", "week"],
  ["male", "mail"],
  ["wear", "where"],
  ["hear", "here"],
  ["knew", "new"],
  ["weight", "wait"],
  ["sum", "some"],
  ["mourning", "morning"],
  ["peace", "piece"],
  ["site", "sight"],
  ["rode", "road"],
  ["paws", "pause"],
];
const SOUND_ALIKE = new Map<string, string>(
  HOMOPHONES.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]),
);

/** How many times more often the catalog must say the sound-alike than the word typed. */
const FAR_MORE = 10;

/**
 * The tokens with every homophone the catalog says far less often than its sound-alike swapped
 * for it (spans stay the user's), or undefined when there is none: a second reading of what the
 * typist may have meant. `seen`: how often the catalog says a word.
 */
export function soundAlikes(tokens: readonly Token[], seen: (word: string) => number): Token[] | undefined {
  const swap = (word: string) => {
    const other = SOUND_ALIKE.get(word);
    return other && seen(other) > FAR_MORE * Math.max(1, seen(word)) ? other : undefined;
  };
  if (!tokens.some((t) => swap(t.w))) return undefined;
  return tokens.map((t) => {
    const other = swap(t.w);
    return other ? { ...t, w: other } : t;
  });
}
