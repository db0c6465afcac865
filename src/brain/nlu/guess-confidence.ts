/** How sure a classifier reading is (guess.ts): the bars that decide acting, asking or neither. */
import { cap } from "./parse-rules.js";
import type { Evidence } from "./types.js";

/**
 * The classifier's group probability from which a reading is sure enough to act on. Chosen
 * from the development sets' precision by band, not by feel: readings at 0.75-0.8 were right
 * about two times in three (a fast-path action must be right nine times in ten), readings
 * at 0.8-0.85 fifteen times in sixteen; below the bar they are asked as a question instead.
 */
export const SURE_P = 0.8;

/** Where a sure reading's confidence starts (`guessConfidence`); below it a reading is asked. */
export const SURE_FLOOR = 0.9;

/**
 * How sure a classifier reading is, from what the reading rests on. Only a reading with the
 * domain's own words, its arguments found, a clear winner and most words known reaches the
 * fast path; everything else is at most the middle band (asked as a question) or lower.
 */
export function guessConfidence(evidence: Evidence): number {
  const { p, margin, coverage, anchored, via } = evidence;
  const sure =
    anchored === true &&
    evidence.confusable !== true &&
    coverage >= 0.6 &&
    (via === "lookup" ? p >= 0.5 && margin >= 0.3 : p >= SURE_P && margin >= 0.5);
  // A sure reading starts on the fast path and rises with p from its own path's bar: a look-up
  // sure from 0.5 is not held to the classifier's 0.75 (read-only look-ups at 0.5-0.75 asked
  // as a question or a request to see were all right on the development sets)
  const rise = via === "lookup" ? (p - 0.5) * 0.14 : (p - 0.75) * 0.2;
  if (sure) return Math.round(Math.min(0.97, SURE_FLOOR + rise) * 1000) / 1000;
  return cap(p);
}
