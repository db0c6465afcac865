/*
 * One more of the last call with one value said anew ("and another one for 8 minutes" after a
 * timer, "the same on Sunday but at 6" after an alarm, "another ten" after a snooze). The lead
 * ("another", "one more", "the same") only says the call is repeated; what follows is read as the
 * joining follow-up "and ⟨value⟩" is, by the last call's own tool and the schema's edits, so the
 * value lands where the tool's own reading of "and …" puts it and the call is one more, never a
 * take-back of the first. Two writers of dev-everyday 17–19 each said it both ways.
 */

/** The repeating lead, with an optional verb before "the same" ("send the same to Leo"). */
const REPEAT =
  /^(?:(?:and|ok|okay|also|oh and|now|then) )?(?:another(?: one)?|one more|a second one|(?:[a-z]+ )?the same(?: again| thing)?|same again|same)(?: (?:please|too|as well))? (.+)$/;

/** Words that join a second value to the first ("on Sunday but at 6"): the value reads without them. */
const JOINER = new Set(["but", "only", "just", "please"]);

/**
 * The turns a repeat said with a value stands for, tried in order: "and ⟨value⟩", the value
 * alone (the joining words dropped), then both without a leading "for" before one word
 * ("another for 8": the number is the call's value). Each is typed text, read again as a turn of
 * its own; the caller keeps only the repeated call, never a take-back of the first.
 */
export function repeatedWithValue(words: readonly string[]): string[] {
  const m = REPEAT.exec(words.join(" "));
  if (!m) return [];
  const rest = m[1]!.split(" ").filter((w) => !JOINER.has(w));
  // "another one please" says no value: "one" is the thing repeated, not a count
  if (rest.length === 0 || rest.length > 6 || rest[0] === "one") return [];
  const readings = [`and ${rest.join(" ")}`, rest.join(" ")];
  if (rest[0] === "for" && rest.length === 2) readings.push(`and ${rest[1]}`, rest[1]!);
  return readings;
}
