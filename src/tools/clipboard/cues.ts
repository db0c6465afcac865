import type { GroupCues } from "../../core/language.js";

/** Something copied, or to paste. */
export const CLIPBOARD_CUES: GroupCues = {
  shapes: [
    { pattern: /\b(?:i )?(?:copied|clipboard|paste|pasted)\b|\bcopy (?:it|that|this|the)\b/i, weight: 1.5 },
    // Copied and then read back ("select all and copy, then tell me what it says"): what was
    // copied is read off the clipboard
    {
      pattern:
        /\bcopy\b[^.?!]{0,40}\b(?:tell me what (?:it|that) says|read (?:it|that) (?:back|out)|read (?:me|out) what)\b/i,
      weight: 2,
    },
  ],
  // What is copied is read first (a file, a note, a page, the screen, something remembered):
  // the best-ranked of them comes with the copy
  lookups: {
    clipboard_write: ["files_read", "notes_read", "browser_get_text", "screen_ocr", "memory_recall"],
  },
  words: {
    copy: ["clipboard"],
    paste: ["clipboard"],
    // Something made ready to paste somewhere is put on the clipboard
    "ready to paste": ["clipboard", "put"],
    "paste-ready": ["clipboard", "put"],
    "can paste": ["clipboard", "put"],
    // What the person has already copied is read off the clipboard
    "i copied": ["clipboard", "text", "paste"],
    "i've copied": ["clipboard", "text", "paste"],
    "i have copied": ["clipboard", "text", "paste"],
    "just copied": ["clipboard", "text", "paste"],
  },
};
