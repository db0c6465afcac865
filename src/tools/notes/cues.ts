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
    // Something kept in a note ("keep the points in a note", "save them as a note"): a new
    // note is written, whatever the rest of the request reads or finds first
    {
      pattern:
        /\b(?:keep|put|save|store|stick|pop|make)\s+(?:it|them|this|that|those|these|the\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:in|into|as)\s+(?:a|my|the)\s+(?:new\s+|quick\s+|short\s+)?note\b/i,
      weight: 2,
    },
  ],
  words: {
    jot: ["note"],
    "in a note": ["add", "note"],
    "as a note": ["add", "note"],
    jotted: ["note"],
    "write down": ["note"],
    "wrote down": ["note", "search"],
    "written down": ["note", "search"],
  },
};
