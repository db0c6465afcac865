import type { GroupCue } from "../../core/language.js";
import { MAIL_ADDRESS } from "../cue-shapes.js";

/** A mail address; someone writing to the user. */
export const MAIL_CUES: readonly GroupCue[] = [
  { pattern: MAIL_ADDRESS, weight: 2 },
  {
    pattern: /\b(?:write|wrote|written|writing) (?:back )?(?:to )?(?:me|us)\b|\bheard? (?:back )?from\b/i,
    weight: 2,
  },
];
