/**
 * Whether a request is said as a command at all. Some sentences carry every word of a command
 * and are not one: asking how it is done ("how do I mute the sound"), wondering what would
 * happen ("what if I cleared the list"), asking for advice ("should I set an alarm"), saying not
 * to ("do not mute it") or asking what a thing is ("what is a calendar"). Acting on them is a
 * false action; putting the reading as a question ("Mute the sound?") is not. Read on the words
 * as normalised ("don't" → "do not", "what's" → "what is").
 */
export type Mood = "how-to" | "hypothetical" | "advice" | "negated" | "definition";

/** "how do I …", "how to …", "tell me how to …", "is there a way to …". */
const HOW_TO =
  /^(?:(?:can|could|would|will) you )?(?:(?:please )?(?:tell|show|explain to|teach) (?:me|us) |explain )?(?:how (?:do|can|should|would|could|does) (?:i|you|we|one|someone|people)\b|how to\b|is there (?:a|any) way (?:to|i can|of)\b|what is the (?:best |easiest |quickest )?way to\b)/;

/** "what if …", "what would happen if …", "what happens when …". */
const HYPOTHETICAL =
  /^(?:what if|what (?:would|will|could|might) happen (?:if|when)|what happens (?:if|when))\b/;

/**
 * "should I …", "do you think I should …", "is it worth …": advice about doing it. What to take
 * or wear ("should I bring a coat") asks about the weather, and is no advice about a command.
 */
const ADVICE =
  /^(?:should (?:i|we)|do you think (?:i|we) should|would it be (?:better|wise|a good idea|ok|okay)|is it worth|is it (?:wise|a good idea|ok|okay|safe) (?:to|if))\b(?! (?:take|bring|wear|pack|carry|put on|need)\b)/;

/**
 * "do not mute it", "never set …", "no need to …". Some commands open on a negation and are
 * commands all the same: not forgetting is a reminder, not disturbing or not waking someone a
 * setting, not talking or making a sound silence.
 */
const NEGATED =
  /^(?:do not|never|no need to|there is no need to|you do not (?:need|have) to|please do not)\b(?! (?:forget|let (?:me|us) (?:forget|miss)|disturb|miss|wake|talk|speak|say|respond|answer|make (?:a|any) (?:sound|noise)s?)\b)/;
/** "do not read it out, just summarise it": the negation sets aside a way of doing the request. */
const CONTRAST = /\b(?:just|instead|only|but|rather)\b/;

/** "what is a calendar", "what is an alarm clock": the meaning of a kind of thing, briefly. */
const DEFINITION = /^(?:what is|what are|whats) (?:a|an) [a-z]+(?: [a-z]+)?$/;

/** The mood of a request that is not a command, or undefined for a command (or a plain question). */
export function moodOf(said: string): Mood | undefined {
  if (HOW_TO.test(said)) return "how-to";
  if (HYPOTHETICAL.test(said)) return "hypothetical";
  if (NEGATED.test(said) && !CONTRAST.test(said)) return "negated";
  if (DEFINITION.test(said)) return "definition";
  if (ADVICE.test(said)) return "advice";
  return undefined;
}

/**
 * Whether a reading in this mood may not act at once; `looksUp` says the reading only shows the
 * person's own things (their calendar, alarms, mail). Asking how to see something or whether to
 * take an umbrella is answered by showing it, so how-to and advice hold back only a reading that
 * does something else; wondering what would happen, saying not to and asking what a thing is
 * hold back every reading.
 */
export function holdsBack(mood: Mood | undefined, looksUp: boolean): boolean {
  if (mood === undefined) return false;
  return (mood !== "advice" && mood !== "how-to") || !looksUp;
}
