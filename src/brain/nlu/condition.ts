import { CLASSIFIER_CAP } from "./parse-rules.js";
import type { Token } from "./text/normalize.js";
import type { NluResult } from "./types.js";

/**
 * A request that opens on something happening to a thing ("when a pdf lands in scans, …",
 * "whenever the battery gets low, …", "every time an invoice comes in, …") asks for what follows
 * to be done then, each time: a rule to set up, not the action now. The thing is said with an
 * article or an owner; a moment ("when it's nine", "when I wake up at 3") or a question ("when
 * is the meeting", "when am I free") is not such an opening.
 */
const ON_EVENT =
  /^(?:when|whenever|every time|each time|as soon as|any time|anytime) (?:a|an|the|any|some|new|my|our|someone|somebody|anyone|anything|something)\b(?: [\w'./~-]+){1,6}? (?:lands?|arrives?|comes? in|appears?|shows? up|gets?|drops?|hits?|goes?|is (?:added|saved|created|downloaded|uploaded)|turns?|finishes|starts)\b/;

/**
 * A classifier's guess at a request said as a rule ("when … happens, do …") is asked, never
 * acted on: what it read is the second clause, done now. A template that reads the whole rule
 * (the routines' own) carries no guess and is kept.
 */
export function onEvent(result: NluResult, said: readonly Token[]): NluResult {
  if (result.kind !== "action" || !result.evidence || result.confidence <= CLASSIFIER_CAP) return result;
  if (!ON_EVENT.test(said.map((t) => t.w).join(" "))) return result;
  return { ...result, confidence: CLASSIFIER_CAP };
}
