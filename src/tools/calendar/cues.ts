import type { GroupCue } from "../../core/language.js";
import { WHEN } from "../cue-shapes.js";

/** A calendar file, and (weakly) a day or a time. */
export const CALENDAR_CUES: readonly GroupCue[] = [
  { pattern: /\b\w[\w-]*\.ics\b/i, weight: 2.5 },
  { pattern: WHEN, weight: 0.4 },
];
