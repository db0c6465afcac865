import { byTool, type IntentTable } from "../language.js";

/** How people ask about the clipboard (the team's own sentences). */
const CLIPBOARD = "(clipboard|clip board)";

const CLIPBOARD_INTENTS: IntentTable = {
  clipboard_read: {
    capability: {
      area: "Windows and the desktop",
      can: "read and fill the clipboard, take screenshots and read the screen",
    },
    describe: () => "Read the clipboard",
    templates: [
      `(what is|what's|what have i got|what did i copy) (on|in) [the|my] ${CLIPBOARD}`,
      `(read|show|tell me|give me) [me] [what is on] [the|my] ${CLIPBOARD}`,
      "what did i (just|last) copy",
      `(check|get) [the|my] ${CLIPBOARD} [contents]`,
    ],
    samples: [
      "read back what i copied",
      "paste what's on the clipboard here",
      "what text did i copy",
      "show me the copied text",
      "clipboard contents please",
    ],
  },
  clipboard_write: {
    ask: { text: "What should I copy?" },
    describe: ({ text }) => (typeof text === "string" ? `Copy "${text}" to the clipboard` : undefined),
    templates: [
      `(copy|put|place|save) {text} (to|on|onto|in|into) [the|my] ${CLIPBOARD}`,
      `(copy|put) [this|the text] (to|on) [the|my] ${CLIPBOARD} {text}`,
      `(set|replace) [the|my] ${CLIPBOARD} (to|with) {text}`,
    ],
    samples: ["put this phrase on my clipboard", "copy that address to the clipboard", "clipboard this text"],
  },
};

export const CLIPBOARD_LANGUAGE = byTool(CLIPBOARD_INTENTS);
