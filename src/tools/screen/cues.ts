import type { GroupCues } from "../../core/language.js";

/** What is on the screen. */
export const SCREEN_CUES: GroupCues = {
  shapes: [{ pattern: /\bon (?:the |my )?screen\b|\bscreen\b/i, weight: 1 }],
  words: {
    screenshot: ["screen", "capture"],
    // A picture being looked at: its words are read off the screen
    poster: ["screen", "ocr"],
    whiteboard: ["screen", "ocr"],
  },
};
