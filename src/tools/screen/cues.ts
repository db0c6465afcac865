import type { GroupCues } from "../../core/language.js";

/** What is on the screen. */
export const SCREEN_CUES: GroupCues = {
  shapes: [
    { pattern: /\bon (?:the |my )?screen\b|\bscreen\b/i, weight: 1 },
    // A picture or a box being looked at (a photo or a scan open, an error in a dialog): what it
    // says is read off the screen, no file or page holds it as text
    {
      pattern:
        /\b(?:photo|picture|scan|scanned|image|dialog|dialogue|error (?:box|message|code))\b(?=.*\b(?:open|showing|shows|in front of me|up)\b)|\b(?:in|on) the (?:dialog|dialogue|pop-?up|error box)\b/i,
      weight: 1.5,
    },
    // Figures or words read out of part of a window ("read me the numbers in the totals row",
    // "what does the top cell say"): read off the screen
    {
      pattern:
        /\bread (?:me |out )?(?:the |what(?:'s| is) (?:in|on) the )?(?:[\w-]+\s+){0,2}(?:in|on|from) (?:the|that|this) (?:[\w-]+\s+)?(?:row|column|cell|box|panel|sidebar|status bar|title bar|corner)\b|\bwhat does the (?:[\w-]+\s+)?(?:row|column|cell|box|panel|status bar) say\b/i,
      weight: 2,
    },
  ],
  words: {
    screenshot: ["screen", "capture"],
    // A picture being looked at: its words are read off the screen
    poster: ["screen", "ocr"],
    whiteboard: ["screen", "ocr"],
    // Something visible is found where the screen shows it
    visible: ["screen", "find"],
    // A picture open in a viewer is read off the screen
    viewer: ["screen", "ocr"],
    "read off": ["screen", "ocr"],
  },
};
