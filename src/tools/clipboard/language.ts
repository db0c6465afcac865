import { type Args, type BuildInput, slotsAsArgs } from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../language.js";

/** How people ask about the clipboard (the team's own sentences). */
const CLIPBOARD = "(clipboard|clip board|paste buffer|copy buffer)";
/** Things people copy by what they are: "copy the tracking number 1Z99…". */
const THING =
  "[the|my|this|that] [wifi|wi fi|phone|tracking|order|reference|account|booking] (number|code|link|url|address|password|iban|text|word|words|name|email address)";

/** Why it is copied ("so I can paste it") is not part of what is copied. */
function copyArgs(input: BuildInput): Args | undefined {
  // "copy the text from the email" names where it is, not what it says
  if (
    typeof input.values.text === "string" &&
    /^(?:from|of|in|on|at|for|to|that|which|you|i)\b/i.test(input.values.text)
  )
    return undefined;
  const args = slotsAsArgs(input);
  delete args.tail;
  if (typeof args.text === "string") args.text = args.text.replace(/^["'‘“]|["'’”.]$/g, "");
  return args;
}

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
      "(read|show|tell|give) [me] [back] what i (just|last) copied",
      "what (is|was) the (last|latest|most recent) thing (i copied|i just copied|on my clipboard|on the clipboard)",
      `(check|get) [the|my] ${CLIPBOARD} [contents]`,
      `(what|which) (text|link|words|number) is (sitting|stored|saved) (in|on) [the|my] ${CLIPBOARD} [right now|now|at the moment]`,
      `(is there|have i got) (a|any) (link|url|text|number|address) (on|in) [the|my] ${CLIPBOARD} [right now|now|at the moment]`,
      "how (long|big) is the (text|thing) i (just|last) copied",
      "how (long|big) is the (text|thing) i copied",
      `show [me] the ${CLIPBOARD}`,
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
      `(replace|swap) (whatever's|whatever is|what's|what is) (on|in) [the|my] ${CLIPBOARD} with [the] [meeting|zoom] [link|url|text] {text}`,
      `(stick|pop|put|save|drop) ${THING} {text} (on|in|onto|into|to) [the|my] ${CLIPBOARD}`,
      `[could you|can you|please] copy ${THING} {text} [(so|and|because) {tail:text}]`,
      `${CLIPBOARD} {text}`,
      { t: `(wipe|clear|empty|blank) [out] [the|my] ${CLIPBOARD}`, args: { text: "" } },
    ],
    asks: [
      `[can you|could you|please] (copy|put) something (to|on|onto|in|into) [the|my] ${CLIPBOARD} [for me]`,
    ],
    build: copyArgs,
    samples: ["put this phrase on my clipboard", "copy that address to the clipboard", "clipboard this text"],
  },
};

export const CLIPBOARD_LANGUAGE = byTool(CLIPBOARD_INTENTS);
