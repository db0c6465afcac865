import type { GroupCue } from "../../core/language.js";
import { APP_NAME, APP_WORD } from "../cue-shapes.js";

/** A program, by that word or by its name. */
export const APPS_CUES: readonly GroupCue[] = [
  { pattern: APP_WORD, weight: 1.2 },
  { pattern: APP_NAME, weight: 1.5 },
];
