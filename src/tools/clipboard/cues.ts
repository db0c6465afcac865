import type { GroupCues } from "../../core/language.js";

/** Something copied, or to paste. */
export const CLIPBOARD_CUES: GroupCues = {
  shapes: [
    { pattern: /\b(?:i )?(?:copied|clipboard|paste|pasted)\b|\bcopy (?:it|that|this|the)\b/i, weight: 1.5 },
  ],
  words: {
    copy: ["clipboard"],
    paste: ["clipboard"],
  },
};
