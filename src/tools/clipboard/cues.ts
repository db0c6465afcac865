import type { GroupCue } from "../../core/language.js";

/** Something copied, or to paste. */
export const CLIPBOARD_CUES: readonly GroupCue[] = [
  { pattern: /\b(?:i )?(?:copied|clipboard|paste|pasted)\b|\bcopy (?:it|that|this|the)\b/i, weight: 1.5 },
];
