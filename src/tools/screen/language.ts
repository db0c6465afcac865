import { byTool, type IntentTable } from "../language.js";

/** How people ask for screenshots and what the screen says (the team's own sentences). */
const SCREEN = "[the|my|this] (screen|display|desktop|monitor)";

const SCREEN_INTENTS: IntentTable = {
  screen_capture: {
    describe: () => "Take a screenshot",
    templates: [
      "(take|grab|capture|make|save) [a|me a] (screenshot|screen shot|screen grab|screen capture|picture of the screen)",
      `(capture|snap|screenshot|photograph) ${SCREEN}`,
      "(take|save) [a] screenshot (to|as|in) {path}",
      "screenshot [please|now]",
      "(take|grab|capture|get|save) [me] a (picture|photo|image|snapshot|shot|capture) of (my|the) (screen|desktop|display)",
    ],
    samples: ["grab what's on my screen as an image", "save an image of the screen", "screen cap please"],
  },
  screen_ocr: {
    describe: () => "Read the text on the screen",
    templates: [
      `(read|ocr|transcribe) [the] (text|words) (on|from) ${SCREEN}`,
      `(read|ocr) ${SCREEN} [to me|out loud|aloud]`,
      `what (text|words) (is|are) (on|showing on) ${SCREEN}`,
      `what does ${SCREEN} say`,
    ],
    samples: [
      "what's written on my screen",
      "read out everything shown on the display",
      "scan the screen for text",
    ],
  },
  screen_find_text: {
    ask: { text: "What should I look for on the screen?" },
    describe: ({ text, click }) =>
      typeof text === "string" ? `${click === true ? "Click" : "Find"} "${text}" on the screen` : undefined,
    templates: [
      `(find|locate|spot) [the word|the words|the text] {text} on ${SCREEN}`,
      `where is [the word|the text] {text} on ${SCREEN}`,
      { t: `click [on] [the] (word|words|text|button|link) {text} on ${SCREEN}`, args: { click: true } },
      { t: "(click|press|tap) [on] [the] (word|text) {text}", args: { click: true } },
    ],
    samples: ["is the word submit anywhere on screen", "find where it says settings on the screen"],
  },
};

export const SCREEN_LANGUAGE = byTool(SCREEN_INTENTS);
