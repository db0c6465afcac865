import type { GroupCue } from "../../core/language.js";

/** What is on the screen. */
export const SCREEN_CUES: readonly GroupCue[] = [
  { pattern: /\bon (?:the |my )?screen\b|\bscreen\b/i, weight: 1 },
];
