import type { GroupCue } from "../../core/language.js";

/** "My packing list", "a list of …", "on the list", a checklist, the shopping. */
export const LISTS_CUES: readonly GroupCue[] = [
  {
    pattern:
      /\b(?:my|the|a|our|this|that|new)\s+(?:[\w'-]+\s+){0,3}list\b|\blists?\s+(?:of|for|called|named)\b|\bon (?:my|the) list\b|\b(?:checklist|to-?do list|shopping|groceries|grocery|packing)\b|\b(?!play)[a-z]{3,}list\b/i,
    weight: 2.5,
  },
];
