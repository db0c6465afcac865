import { CONFIDENCE } from "./parse-rules.js";
import { soundAlikes } from "./text/heard.js";
import type { Token } from "./text/normalize.js";
import type { NluResult } from "./types.js";

/**
 * A sentence as typed that read as no request, read again with its homophones swapped ("check
 * the whether in lisbon", "the hole screen"): a complete reading then is a guess of what was meant,
 * so it is asked (the middle band) and never acted on. Undefined when the sentence read as
 * something sure enough, has no homophone, or reads as no complete request either way.
 */
export function misheard(
  first: NluResult,
  said: readonly Token[],
  reread: (swapped: Token[]) => NluResult,
  seen: (word: string) => number,
): NluResult | undefined {
  const none = first.kind === "unknown" || first.kind === "question";
  // A guess below the clause's band ("paws the music" read as playing it) is read again too, but
  // only for a sound-alike in the verb's place that the catalog never says: a word it says, or
  // one further on ("the cat's paws"), was typed as meant
  const unsure = first.kind === "action" && first.confidence < CONFIDENCE.clause;
  const swapped = none || unsure ? soundAlikes(said, seen) : undefined;
  if (!swapped) return undefined;
  const verb = said[0];
  if (!none && !(verb && verb.w !== swapped[0]!.w && seen(verb.w) === 0)) return undefined;
  const again = reread(swapped);
  // A question for a missing value would take the next turn, whatever it says, as its answer
  if (again.kind !== "action" || again.missing?.length || again.confidence < CONFIDENCE.incomplete)
    return undefined;
  // A guess the sound-alike only confirms ("ad bread to the list") is left to the readings after
  // this one, which may be surer of it
  if (!none && again.tool === first.tool) return undefined;
  return { ...again, confidence: Math.min(again.confidence, CONFIDENCE.clause) };
}
