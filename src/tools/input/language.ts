import {
  type Args,
  argsWithoutTail,
  type BuildInput,
  KNOWN_APPS,
  slotsAsArgs,
  spreadPairs,
} from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable } from "../language.js";

/** The end of a text that named a field by what it is for ("… into the postcode box"). */
/**
 * Words put into a field named by what it is for ("… into the postcode box"), maybe on a named
 * page and then sent ("… in the search box on the site and press enter"): the field must be
 * found first, which typing where the cursor is cannot do.
 */
const NAMED_FIELD =
  /\s(?:in|into) the \w+(?: \w+)? (?:box|field|input|dropdown)(?: (?:on|of|in) (?:the|this|that) (?:\w+ )?(?:page|site|website|form))?(?: and (?:then )?(?:press|hit|tap) (?:enter|return|search|go)| and (?:submit|search)(?: it)?)?$/i;

const MODIFIERS = new Set([
  "ctrl",
  "control",
  "alt",
  "shift",
  "super",
  "cmd",
  "command",
  "meta",
  "win",
  "option",
]);

/** How people ask to type, press keys and click (the team's own sentences). */
function clickArgs(input: BuildInput): Args {
  const args = spreadPairs(slotsAsArgs(input));
  if (/\bright\b/.test(input.env.text.toLowerCase().split(/\bat\b/)[0] ?? "")) args.button = "right";
  return args;
}

const APP_NAMES = KNOWN_APPS.map((name) =>
  name.replace(/^the /, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
).join("|");

/** A key chord or a named key ("ctrl+s", "alt tab", "page down", "f5"). */
const KEYS =
  /\b(?:ctrl|control|cmd|command|alt|option|shift|super|win(?:dows)? key|meta)\s*(?:\+|-|and)?\s*(?:[a-z0-9]\b|tab|enter|return|delete|backtick|plus|minus|f\d{1,2}\b)|\b(?:enter|return|escape|esc|tab|backspace|delete|space ?bar|page ?(?:up|down)|arrow|home|end|f\d{1,2}) (?:key|keys|button)\b|\b(?:hit|press|tap|push) (?:the )?(?:enter|return|escape|esc|tab|backspace|delete|space|page ?(?:up|down)|up|down|left|right|home|end|f\d{1,2})\b/i;

/** What is done with the keys rather than said to a tool: scrolling, shortcuts, select all, undo. */
const KEYBOARD_ACTIONS =
  /\b(?:scroll(?:ing)?|select (?:all|everything)|undo|redo|keyboard|shortcut|hotkey|keystroke|key combo|zoom (?:in|out)|alt[ -]tab|tab (?:over|to|through|back))\b/i;

/** What every app does on a shortcut, said of an app or a window ("save the document in the editor"). */
const SHORTCUT_VERBS = String.raw`\b(?:save|print|undo|redo|refresh|reload|zoom|cut|paste|find|bold|italic|new tab|close (?:the )?tab)\b`;
const IN_AN_APP = String.raw`\b(?:in|of|into|to|focus|open) (?:(?:the|this|my|that) )?(?:${APP_NAMES}|editor|document|doc|app|window|spreadsheet|terminal|browser|page|tab)\b`;
const SHORTCUTS = new RegExp(`${SHORTCUT_VERBS}.*${IN_AN_APP}|${IN_AN_APP}.*${SHORTCUT_VERBS}`, "i");

const INPUT_INTENTS: IntentTable = {
  input_type: {
    capability: { area: "Windows and the desktop", can: "type, press keys and click for you" },
    ask: { text: "What should I type?" },
    // Typing as the act, or words put into a box, field, window or the app just opened
    cues: /\b(?:type|typing|typed|key in|punch in|dictate)\b|\b(?:write|enter|put|fill in|paste)\b.*\b(?:in|into) (?:it|there|(?:the|this|that|a) (?:box|field|window|editor|document|doc|cell|terminal|chat|message))\b/i,
    describe: ({ text }) => (typeof text === "string" ? `Type "${text}"` : undefined),
    templates: [
      "(type|type out|type in|enter|key in) [the text|the words] {text}",
      "(type|write) {text} (in|into) [the|this] (box|field|window|document|editor)",
      "(fill in|put) {text} in the (box|field)",
    ],
    asks: ["(type|write|enter) something [in there|there|here|in it|in the box] [for me]"],
    // "type something for me" names no words to type: asked, not typed; "… into the postcode
    // box" names a field to find first, which typing where the cursor is cannot do
    build: (input) =>
      typeof input.values.text === "string" &&
      (/^something\b/i.test(input.values.text) || NAMED_FIELD.test(input.values.text))
        ? undefined
        : slotsAsArgs(input),
    samples: ["type my address into the form", "enter this text for me", "write hello in the box"],
    negatives: ["what type of dog is that", "what blood type am i"],
  },
  input_hotkey: {
    ask: { keys: "Which keys?" },
    cues: new RegExp(
      `${KEYS.source}|${KEYBOARD_ACTIONS.source}|${SHORTCUTS.source}|\\bunsaved\\b|\\bpaste (?:it |that |this )?(?:in|into|there)\\b`,
      "i",
    ),
    describe: ({ keys, repeat }) =>
      typeof keys === "string"
        ? `Press ${keys}${typeof repeat === "number" ? ` ${repeat} times` : ""}`
        : undefined,
    templates: [
      "(press|hit|push|tap) {keys} [key|keys]",
      "(press|hit|tap) {keys} {repeat:number} times",
      "(press|hit|use) the {keys} (key|shortcut|keys)",
      "(do|send) [the] (shortcut|hotkey|key combination) {keys}",
      "(do|press|hit|use) {keys} (so|to|and) {tail:text}",
      "(select all|select everything|undo|redo|copy|paste|save|cut|find|zoom in|zoom out|refresh|reload|print) [it|that|this|everything|the page] (with|using|by pressing) [the] {keys} [shortcut|key|keys]",
      { t: "tab (to|over to|into) the next (field|box|input|line)", args: { keys: "tab" } },
    ],
    asks: ["(press|use|do|hit) the (keyboard shortcut|shortcut|hotkey|key combination|keyboard combo)"],
    build: argsWithoutTail,
    samples: ["press the escape key", "hit enter for me", "do control s", "press control and c"],
  },
  // "ctrl z", "undo that, ctrl shift t": a chord with a modifier written alone is the key press.
  // Matched, not taught; a single key ("enter") alone is too little to act on
  input_chord: {
    tool: "input_hotkey",
    shapes: ["{keys}"],
    build: ({ values }) =>
      typeof values.keys === "string" && values.keys.includes("+") ? { keys: values.keys } : undefined,
  },
  // A key pressed more than once, said as "twice" or with an arrow's direction ("press the down
  // arrow five times"); a chord said beside what it does ("undo that, ctrl z"); select all.
  // Matched, not taught
  input_presses: {
    tool: "input_hotkey",
    shapes: [
      {
        t: "[now|then|and] (press|hit|tap|push) [the] {keys} [key|button] twice [more|again|please]",
        args: { repeat: 2 },
      },
      {
        t: "[now|then|and] (press|hit|tap|push) [the] {keys} [key|button] (three times|thrice)",
        args: { repeat: 3 },
      },
      "[now|then|and] (press|hit|tap|push) [the] {keys} [key|button] {repeat:number} times",
      ...["up", "down", "left", "right"].flatMap((way) => [
        {
          t: `[now|then|and] (press|hit|tap|push) the ${way} (arrow|arrow key|key) [once]`,
          args: { keys: way },
        },
        {
          t: `[now|then|and] (press|hit|tap|push) the ${way} (arrow|arrow key|key) {repeat:number} times`,
          args: { keys: way },
        },
        {
          t: `[now|then|and] (press|hit|tap|push) the ${way} (arrow|arrow key|key) twice`,
          args: { keys: way, repeat: 2 },
        },
      ]),
      "(undo|redo|copy|paste|save|cut|find|search|select everything|reopen|close|refresh|reload|print|zoom in|zoom out|switch) [{what:text}] [,] [with|using|by pressing|press|hit] {keys}",
      "{keys} (to|so|and) {tail:text}",
      {
        t: "(select all|select everything) [in|on|of] [this|the] [window|page|document|box|field|text|file]",
        args: { keys: "ctrl+a" },
      },
    ],
    build: (input) => {
      const { what, tail: _tail, ...args } = slotsAsArgs(input);
      // A chord starts at its first modifier: a key name before it ("… closed tab, ctrl shift t")
      // ended the words about what it does
      const parts = String(args.keys ?? "").split("+");
      const first = parts.findIndex((p) => MODIFIERS.has(p));
      const keys = first > 0 && parts.length - first >= 2 ? parts.slice(first).join("+") : parts.join("+");
      if (keys) args.keys = keys;
      // Words before a chord say what it does, never a second request or a refusal
      if (
        typeof what === "string" &&
        (what.split(/\s+/).length > 6 || /\b(?:not|don't|dont|and then)\b/i.test(what))
      )
        return undefined;
      if (input.matches.what && !keys.includes("+")) return undefined;
      if (typeof args.repeat === "number" && (args.repeat < 1 || args.repeat > 20)) return undefined;
      return keys ? args : undefined;
    },
  },
  input_click: {
    // A click at a place on the screen: two numbers after "click", or coordinates
    cues: /\bclick\w*\b.*\b\d{1,4}\s*(?:,|x|by|and)?\s*\d{1,4}\b|\b(?:coordinates|pixels?)\b/i,
    describe: ({ x, y, double }) => `${double === true ? "Double-click" : "Click"} at ${x}, ${y}`,
    templates: [
      "[left|right] click (at|on) {x:number} {y:number}",
      "[left|right] click (at|on) {x:number} (by|and|comma) {y:number}",
      { t: "double click (at|on) {x:number} [by|and|comma] {y:number}", args: { double: true } },
      "click (at|on) (position|coordinates|point) {x:number} [by|and|comma] {y:number}",
      "[left|right] click (at|on) [position|coordinates] {point} [please]",
      { t: "double click (at|on) [position|coordinates] {point} [please]", args: { double: true } },
    ],
    // "right-click at 1020,88": the button joined to the verb. Matched, not taught
    shapes: [
      { t: "right-click (at|on) [position|coordinates] {point} [please]", args: { button: "right" } },
      { t: "right-click (at|on) {x:number} [by|and|comma] {y:number}", args: { button: "right" } },
    ],
    asks: ["[can you|could you] (do|make) a [mouse] click [for me]"],
    build: clickArgs,
    samples: ["click at the coordinates i gave you", "click on that point on the screen"],
  },
};

export const INPUT_LANGUAGE = byTool(INPUT_INTENTS);
