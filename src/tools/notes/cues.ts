import type { GroupCues } from "../../core/language.js";

/**
 * The notes named by where something is kept ("in my notes", "from my notes", "a note called
 * …") and by the act of writing something down ("jot it down", "did I write down …"): what is
 * read back from them or put in them is a note, whatever the rest of the request is about.
 */
export const NOTES_CUES: GroupCues = {
  shapes: [
    {
      pattern:
        /\b(?:in|from|among|through)\s+(?:my|the|your|our)\s+(?:[\w-]+\s+)?notes\b|\b(?:a|the|my)\s+note\s+(?:called|named|titled|about|on)\b|\b(?:jot|jotted|write|wrote|written|noted|put)\s+(?:it\s+|that\s+|this\s+|them\s+)?down\b/i,
      weight: 2.5,
    },
  ],
  words: {
    jot: ["note"],
    jotted: ["note"],
    "write down": ["note"],
    "wrote down": ["note", "search"],
    "written down": ["note", "search"],
  },
};
