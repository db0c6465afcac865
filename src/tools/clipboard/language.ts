import { type Args, type BuildInput, slotsAsArgs } from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../language.js";

/** How people ask about the clipboard (the team's own sentences). */
const CLIPBOARD = "(clipboard|clip board|paste buffer|copy buffer)";
/** The clipboard as a learner names it by what it does ("the copy memory"): matched, never taught. */
const CLIPBOARD_SAID = "(clipboard|clip board|paste buffer|copy buffer|copy memory|copy store|copy place)";
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
  delete args.about;
  // "copy this so I can paste it: …": the thing is what the colon leads to, and only that
  if (args.after === true) {
    delete args.after;
    delete args.colon;
    if (!/\bpaste it\b[^:]{0,20}:\s*\S/i.test(input.env.text)) return undefined;
  }
  // "copy it: …": only a colon makes the words after "it" the thing to copy
  if (args.colon === true) {
    delete args.colon;
    // …after the copy's own "it" ("copy it: …"), not a later one ("copy this so I can paste it: …")
    if (!/\b(?:copy|clip)\s+(?:it|this|that)\s*(?:for me\s*)?:\s*\S/i.test(input.env.text)) return undefined;
    // "type it out, don't copy it: …" refuses the copy
    if (/\b(?:don'?t|do not|never|not|no need to)\s+(?:just\s+)?(?:copy|clip)\b/i.test(input.env.text))
      return undefined;
  }
  // "the code is 4471, pop it on …": the value is one run of words, never a clause
  if (args.said === true) {
    delete args.said;
    if (typeof args.text !== "string" || args.text.split(/\s+/).length > 8) return undefined;
  }
  // "copy the party address so I can paste it into maps: 22 Orchard Way": what follows the
  // colon is the thing itself, the words before it only name it
  if (args.purpose === true) {
    delete args.purpose;
    const after = /:\s*(.+?)\s*[.!]?$/.exec(input.env.text)?.[1];
    if (after) args.text = after;
  }
  if (typeof args.text === "string") args.text = args.text.replace(/^["'‘“]|["'’”.]$/g, "");
  return args;
}

const CLIPBOARD_WORD = /\b(?:clipboard|clip board|paste buffer|copy buffer)\b/i;

/**
 * What to copy when no template read the sentence: the quoted words, the words after
 * "clipboard:", or the words between the verb and "to the clipboard" ("put 845 2201 on the
 * clipboard, it's the meeting id"). Said as typed, never lower-cased.
 */
function copiedText(text: string): string | undefined {
  const quoted = /(?:^|\s)['‘"“](.+?)['’"”](?=\s|[,.!?]|$)/.exec(text)?.[1];
  if (quoted) return quoted.trim();
  const after = /\b(?:clipboard|clip board)\s*:\s*(.+?)\s*[.!]?$/i.exec(text)?.[1];
  if (after) return after;
  const between =
    /\b(?:copy|put|place|stick|pop|drop|save)\s+(.+?)\s+(?:to|on|onto|in|into)\s+(?:the |my )?(?:clipboard|clip board)\b/i.exec(
      text,
    )?.[1];
  if (!between || /^(?:it|this|that|them|something|the text|this text|that text)$/i.test(between))
    return undefined;
  return between;
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
    // The clipboard asked about as the user's own state, around the question: a reason or a
    // doubt before or after it ("I copied a code earlier, what does the clipboard say"), a time
    // word after it ("right now"), the word alone ("clipboard?"), or what was copied named by
    // its kind ("the link I copied", "what did I copy a minute ago"). Matched, never taught:
    // the words around are any words, and taught they would lean any sentence to a read
    shapes: [
      `[{about:text}] (what is|what's|whats|what) (on|in) [the|my] ${CLIPBOARD} [{tail:text}]`,
      `[{about:text}] what does [the|my] ${CLIPBOARD} (say|have|hold|contain) [{tail:text}]`,
      `[{about:text}] (tell me|read me|show me|read out|check|read) (what is|what's|whats) (on|in) [the|my] ${CLIPBOARD} [{tail:text}]`,
      `${CLIPBOARD} [contents|please|now]`,
      `[{about:text}] what [text|words|link|number|thing] (is|was) (on|in|inside) [the|my] ${CLIPBOARD_SAID} [{tail:text}]`,
      `[{about:text}] (is|was) the {thing:text} (i|that i) (copied|just copied) still (there|on it|in there|on the ${CLIPBOARD}|in the ${CLIPBOARD})`,
      `[{about:text}] (is|was) the {thing:text} (i|that i) (copied|just copied) (on|in) [the|my] ${CLIPBOARD} [{tail:text}]`,
      "[{about:text}] what (did i|have i) (copy|copied) [just now|a (minute|moment|second|while) ago|{ago:duration} ago|earlier|before|last|just|today]",
      "[{about:text}] what (is|was) the {thing:text} (i|that i) (copied|just copied) [just now|a (minute|moment|second|while) ago|{ago:duration} ago|earlier|before|today]",
      "(read|say|tell me) [back|out] (what|the {thing:text}) i (copied|just copied) [just now|a (minute|moment|second|while) ago|{ago:duration} ago|earlier|before|today]",
    ],
    build: (input) => {
      // "what's on the clipboard: …" dictates text to put there; "whats on my clipboard and
      // paste it" asks more than a read. Words after the question that copy or paste are no read
      const tail = String(input.values.tail ?? "");
      if (/\b(?:copy|paste|put|replace|set|clear|wipe|empty)\b/i.test(tail)) return undefined;
      return {};
    },
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
    // Copying said by its purpose, with no word for the clipboard: "copy X so I can paste it
    // later". Matched, never taught: taught, "paste" would lean to a copy
    shapes: [
      { t: "(copy|grab) {text} so [that] i (can|could) paste it [{tail:text}]", args: { purpose: true } },
      // The thing pointed at, then why, then the thing after a colon ("copy this so I can paste
      // it later: …"); without the colon the words after "paste it" say where, not what
      {
        t: "(copy|grab) (this|that|it) so [that] i (can|could) paste it [later|in a bit|somewhere] {text}",
        args: { purpose: true, colon: true, after: true },
      },
      // The clipboard by a learner's name ("put X in the copy memory"), with a reason around it
      "[{about:text}] (put|pop|stick|save|place) {text} (in|into|on) the (copy memory|copy buffer|paste memory|paste buffer) [{tail:text}]",
      // The value said first, then where it goes ("the door code is 4471, pop it on the
      // clipboard"); "copy it: …" with the value after the colon
      {
        t: `{about:text} (is|'s|are) {text} [,] [so|please|can you|could you] (pop|put|stick|copy|save|drop) (it|that|them) (on|to|onto|in|into) [the|my] ${CLIPBOARD} [please|for me]`,
        args: { said: true },
      },
      { t: "[{about:text}] [just|please] (copy|clip) (it|this|that) [for me] {text}", args: { colon: true } },
    ],
    build: copyArgs,
    samples: ["put this phrase on my clipboard", "copy that address to the clipboard", "clipboard this text"],
    anchors: CLIPBOARD_WORD,
    // Reading what is there, or typing instead of copying, is no copy
    vetoes: /\b(?:what(?:'s| is)|read|show|paste it|type it out)\b/,
    fallback: (input) => {
      const text = copiedText(input.env.text);
      return text ? { text } : undefined;
    },
  },
};

export const CLIPBOARD_LANGUAGE = byTool(CLIPBOARD_INTENTS);
