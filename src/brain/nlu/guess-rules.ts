/** The bars and word shapes of the classifier path (guess.ts), kept apart from its logic. */

/**
 * Asking to see or know, after a greeting or a "please": an imperative ("show me", "tell about"),
 * wanting to know ("i need to know", "may i know"), letting one see or hear ("let me see"), or
 * asking whether any are there ("any new mail"). A remark ("what a long week") is none of these.
 */
export const SEE =
  /^(?:(?:please|hello|hi|hey|ok|okay|so|now)\s+)*(?:name|identify|tell|show|give me|find out|let me (?:know|see|hear)|check|list|read|display|view|get me|pull up|see|look at|review|(?:may|can|could) i (?:see|know|hear|have|get)|i (?:need|want|would like) to (?:know|see|hear)|(?:are|is) there|any)\b/;

/**
 * The probability that a label confused with the reading's on held-out training sentences must
 * still hold for the reading to be doubtful (`Calibration`). Chosen on the development sets:
 * from here down it cost right answers there.
 */
export const DOUBT = 0.05;

/** Classifier probability at which a guess may act without the domain's anchor words. */
export const STRONG = 0.85;

/** The tool's probability from which a domain word without tools is a mention (`onlyMentions`). */
export const MENTION_SURE = 0.95;
/**
 * Words that say what the request is about, not only mention it (posting, films, lights): as
 * `guessArgs` reads them, less the kitchen's words, which name things a tool holds ("my recipes
 * folder", "a cookies banner").
 */
export const ABOUT_BEYOND =
  /\b(?:tweet\w*|twitter|facebook|instagram|social|movies?|films?|cinema|lights?|lamps?|bulbs?)\b/;

/**
 * Which of the labels a reading of `label` was confused with on held-out data may still doubt
 * it: a request no tool serves ("_none"), or another area's tool. Within the area the tools' own
 * words decide; a dialog act or small talk is no rival to a request its tool's words anchor (the
 * "again" of "put that podcast on again" leans to "say that again", yet nothing is refused).
 */
export function rivalsOf(groupOf: ReadonlyMap<string, string>, label: string): (other: string) => boolean {
  const group = groupOf.get(label);
  return (other) => other === "_none" || (groupOf.has(other) && groupOf.get(other) !== group);
}
