import { CONFIDENCE } from "./parse-rules.js";
import { soundAlikes } from "./text/heard.js";
import type { Token } from "./text/normalize.js";
import type { NluResult } from "./types.js";

/**
 * A sentence as typed that read as no request, read again with its homophones swapped ("check
 * the whether in lisbon", "the hole screen"): a complete reading then is a guess of what was meant,
 * so it is asked (the middle band) and never acted on. Undefined when the sentence read as
 * something, has no homophone, or reads as no complete request either way.
 */
export function misheard(
  first: NluResult,
  said: readonly Token[],
  reread: (swapped: Token[]) => NluResult,
  seen: (word: string) => number,
): NluResult | undefined {
  const swapped = first.kind === "unknown" || first.kind === "question" ? soundAlikes(said, seen) : undefined;
  if (!swapped) return undefined;
  const again = reread(swapped);
  // A question for a missing value would take the next turn, whatever it says, as its answer
  if (again.kind !== "action" || again.missing?.length || again.confidence < CONFIDENCE.incomplete)
    return undefined;
  return { ...again, confidence: Math.min(again.confidence, CONFIDENCE.clause) };
}
