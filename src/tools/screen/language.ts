import {
  type Args,
  type BuildInput,
  findFiles,
  findQuoted,
  type GuessInput,
  slotsAsArgs,
} from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../language.js";

/** How people ask for screenshots and what the screen says (the team's own sentences). */
const SCREEN = "[the|my|this] (screen|display|desktop|monitor)";
const SCREEN_WORDS = /\b(?:screen|display|monitor|screenshot|screen shot|screengrab)\b/;

/**
 * A part of the screen in pixels: "1024x768 from the top left", "from 40,80, 300 wide
 * and 480 high", "0,540, 1920 by 540".
 */
function regionIn(text: string): Record<string, number> | undefined {
  const lower = text.toLowerCase();
  const size =
    /(\d{2,5})\s*(?:x|by|×)\s*(\d{2,5})/.exec(lower) ??
    /(\d{2,5})\s*(?:px |pixels )?wide\D{1,12}(\d{2,5})\s*(?:px |pixels )?(?:high|tall)/.exec(lower);
  if (!size) return undefined;
  const at = /(\d{1,5})\s*,\s*(\d{1,5})/.exec(lower.replace(size[0], " "));
  const origin = at
    ? { x: Number(at[1]), y: Number(at[2]) }
    : /\btop[- ]left\b/.test(lower)
      ? { x: 0, y: 0 }
      : undefined;
  if (!origin) return undefined;
  return { ...origin, width: Number(size[1]), height: Number(size[2]) };
}

/** A template that names a part of the screen: the part is read from the whole sentence. */
function regionArgs(input: BuildInput): Args | undefined {
  const region = regionIn(input.env.text);
  if (!region) return undefined;
  const path = input.values.path;
  return { ...(typeof path === "string" ? { path } : {}), region };
}

const pngIn = (input: GuessInput) => findFiles(input).find((p) => /\.png$/i.test(p));

const SCREEN_INTENTS: IntentTable = {
  screen_capture: {
    refersTo: () => ({ it: "the screenshot" }),
    describe: () => "Take a screenshot",
    templates: [
      "(take|grab|capture|make|save) [a|me a] (screenshot|screen shot|screen grab|screen capture|picture of the screen)",
      `(capture|snap|screenshot|photograph) ${SCREEN}`,
      "(take|save) [a] screenshot (to|as|in) {path}",
      "screenshot [please|now]",
      "(take|grab|capture|get|save) [me] a (picture|photo|image|snapshot|shot|capture) of (my|the) (screen|desktop|display)",
      // The whole desktop, said against a page: the screen's picture, not the browser's
      "(grab|capture|screenshot|snap|save) (my|the) (whole|entire|full) (screen|desktop|display) [as (a|an) (picture|image|screenshot)] [not just the (browser|browser tab|tab|page|window)]",
      {
        t: "(capture|grab|screenshot|shoot) [a|an|the] {size} (region|area|part) [of the screen] (starting at|at|from) {point}",
        args: { region: true },
      },
    ],
    // A picture of the screen in a learner's verb ("make a photo of the screen", "do a picture
    // of my display"). Matched, never taught
    shapes: [`(make|do|shoot) [me] a (photo|picture|pic|snapshot|image|shot) of ${SCREEN} [please|now]`],
    build: (input) => (input.fixed.region === true ? regionArgs(input) : slotsAsArgs(input)),
    samples: [
      "grab what's on my screen as an image",
      "save an image of the screen",
      "screen cap please",
      "capture the display, i need to show it to someone",
      "screenshot and put it at ~/Desktop/error.png",
      "take a picture of the screen and name it ~/Pictures/win.png",
      "grab the top left 1024x768 of the screen",
      "screen capture of the area at 50,60, 300 wide and 200 high",
    ],
    anchors: /\b(?:screenshot|screen shot|screengrab|screen grab|capture|snap|grab|picture of|image of)\b/,
    // A page named as what to capture ("a full-page screenshot", "just the browser page") is the
    // browser's picture of it; "not just the page" is refused and stays the screen's
    vetoes: /\bfull[- ]?page\b|\b(?<!not )(?:just|only) the (?:browser|web ?page|page|tab)\b/,
    fallback: (input) => {
      if (!SCREEN_WORDS.test(input.words.join(" "))) return undefined;
      const path = pngIn(input);
      const region = regionIn(input.env.text);
      return { ...(path ? { path } : {}), ...(region ? { region } : {}) };
    },
  },
  screen_ocr: {
    describe: () => "Read the text on the screen",
    templates: [
      `(read|ocr|transcribe) [the] (text|words) (on|from) ${SCREEN}`,
      `(read|ocr) ${SCREEN} [to me|out loud|aloud]`,
      `what (text|words) (is|are) (on|showing on) ${SCREEN}`,
      `what does ${SCREEN} say`,
      `what does it say on ${SCREEN} [right now|now]`,
      `(read|read out|read me) (whatever|everything|all the|the|any) (text|words|writing) (is|that is) on ${SCREEN}`,
      {
        t: "(ocr|read) [just] the {tail:text} (corner|part|region|area|half) [of the screen] [at] {point} (and|by|with|size) {size}",
        args: { region: true },
      },
    ],
    // A message on the screen named by its kind ("what does that error popup say", "read me
    // the warning"), and the screen's text asked with the reason after it. Matched, never taught
    shapes: [
      "what does (that|this|the) (error|warning|alert) [popup|pop up|pop-up|message|box|dialog|dialogue|window|banner|notification] say",
      "(read|read out|read me) [me] (that|this|the) (error|warning) [popup|pop up|pop-up|message|box|dialog|dialogue|window|banner|notification] [to me|out|out loud|aloud]",
      `what does it say on ${SCREEN} [right now|now] {tail:text}`,
      // The screen's text asked to be read with the user's reason beside it ("can you read me the
      // text on my monitor, my eyes are done", "I can't read the tiny print on screen, can you
      // read it for me"): `build` keeps the screen named and no other request after
      `[{about:text}] [can you|could you|would you|please] read [me|out] (the|all the|any) (text|words|writing|print|small print) (on|from) ${SCREEN} [to me|for me|out loud|aloud] [{tail:text}]`,
      {
        t: "{about:text} (can you|could you|would you|will you|please) read (it|that|this) [out] [to me|for me|aloud|out loud] [please]",
        args: { screenSaid: true },
      },
    ],
    build: (input) => {
      if (input.fixed.region === true) return regionArgs(input);
      if (
        input.fixed.screenSaid === true &&
        !SCREEN_WORDS.test(String(input.values.about ?? "").toLowerCase())
      )
        return undefined;
      const tail = String(input.values.tail ?? "");
      if (/\b(?:and|then)\s+(?:save|send|copy|email|post|print|type|click)\b/i.test(tail)) return undefined;
      return {};
    },
    samples: [
      "what's written on my screen",
      "read out everything shown on the display",
      "scan the screen for text",
      "the print on my screen is too small, read it to me",
      "ocr the top half of the screen, 0,0, 1920 by 540",
      "read the screen but skip words you're unsure of",
      "tell me what the text on the monitor says",
    ],
    anchors: /\b(?:read|ocr|text|words|say|says|written|writing|print)\b/,
    fallback: (input) => {
      if (!SCREEN_WORDS.test(input.words.join(" "))) return undefined;
      const region = regionIn(input.env.text);
      const sure = /\b(?:sure|confiden\w*)\b.*?(\d{1,3})/.exec(input.words.join(" "));
      return {
        ...(region ? { region } : {}),
        ...(sure && Number(sure[1]) <= 100 ? { min_confidence: Number(sure[1]) } : {}),
      };
    },
  },
  screen_find_text: {
    ask: { text: "What should I look for on the screen?" },
    describe: ({ text, click }) =>
      typeof text === "string" ? `${click === true ? "Click" : "Find"} "${text}" on the screen` : undefined,
    templates: [
      `(find|locate|spot) [the word|the words|the text] {text} on ${SCREEN}`,
      `where is [the word|the text] {text} on ${SCREEN}`,
      `where on ${SCREEN} is [the word|the words|the text] {text}`,
      `where (on|in) ${SCREEN} does it (say|show|read) {text}`,
      { t: `click [on] [the] (word|words|text|button|link) {text} on ${SCREEN}`, args: { click: true } },
      { t: "(click|press|tap) [on] [the] (word|text) {text}", args: { click: true } },
    ],
    asks: [`(find|look for|locate) (some|the|a) (text|word|words) on ${SCREEN}`],
    // A click on words the screen shows, the words named by where they are written ("click
    // where it says Join", "double-click the bit that says report.pdf", "find 'Next' on the
    // screen and click it"). Matched, never taught: the words are any words
    shapes: [
      {
        t: "[double|right] (click|tap|press|double-click|right-click) [on] (where it says|where it reads|where the screen says|the bit that says|the part that says|the bit where it says|the thing that says|whatever says|the button that says|the link that says) {text}",
        args: { click: true },
      },
      {
        t: "((double|right) (click|tap)|double-click|right-click) [on] the (word|words|text) {text}",
        args: { click: true },
      },
      // A plain click on words named as words ("click on the words Accept all cookies")
      { t: "(click|tap|press) [on] the (word|words) {text}", args: { click: true } },
      {
        t: `(find|locate|look for|spot) {text} on ${SCREEN} and (click|press|tap|double click|right click) [on] it`,
        args: { click: true },
      },
    ],
    build: (input) => {
      const args = slotsAsArgs(input);
      if (typeof args.text !== "string") return undefined;
      const text = args.text.replace(/^["'‘“]|["'’”.?!]$/g, "").trim();
      if (!text || /^(?:it|this|that|here|there|something)$/i.test(text)) return undefined;
      const said = input.env.text.toLowerCase();
      return {
        ...args,
        text,
        ...(/\bdouble[- ]?click/.test(said) ? { double: true } : {}),
        ...(/\bright[- ]?click/.test(said) ? { button: "right" } : {}),
      };
    },
    samples: [
      "is the word submit anywhere on screen",
      "find where it says settings on the screen",
      "press 'Sign in' wherever it shows on screen",
      "double-click where the screen says 'Total due'",
      "right-click 'Open Recent' on the display",
      "where on the display does it say checkout",
    ],
    anchors: /\b(?:find|where|locate|look for|click|spot)\b/,
    fallback: (input) => {
      const said = input.words.join(" ");
      if (!SCREEN_WORDS.test(said)) return undefined;
      const text =
        findQuoted(input) ??
        /\b(?:the words?|the text|says?|click) ([a-z][\w ]{0,40}?) on (?:the |my )?(?:screen|display)\b/i
          .exec(input.env.text)?.[1]
          ?.trim();
      if (!text) return undefined;
      const click = /\bclick/.test(said);
      return {
        text,
        ...(click ? { click: true } : {}),
        ...(/\bdouble[- ]?click/.test(said) ? { double: true } : {}),
        ...(/\bright[- ]?click/.test(said) ? { button: "right" } : {}),
      };
    },
  },
};

export const SCREEN_LANGUAGE = byTool(SCREEN_INTENTS);
