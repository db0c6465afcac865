import {
  type Args,
  argsWithoutTail,
  type BuildInput,
  KNOWN_APPS,
  slotsAsArgs,
} from "../../brain/nlu/language/index.js";
import { byTool, GLASS_WINDOW, type IntentTable } from "../language.js";
import { WINDOW_READ_SHAPES, windowReadOf } from "./window-read.js";

const APP_NAMES = KNOWN_APPS.map((name) =>
  name.replace(/^the /, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
).join("|");

/**
 * Working an app's controls (for tool retrieval): a control named ("the Save button", "the
 * wifi checkbox"), or a control's verb ("switch on", "untick", "punch in") said of something in
 * an app or a window. ui_find finds the element, ui_action works it.
 */
const CONTROLS = new RegExp(
  String.raw`\b(?:open|launch|start|fire up|switch to|go to|in) (?:the |my )?(?:${APP_NAMES}|\w+ (?:app|application|program))\b.*\b(?:and|then)\b|` +
    /\b(?:button|checkbox|check box|toggle|slider|radio|dropdown|menu item|switch (?:on|off)|turn (?:on|off)|tick|untick|uncheck|punch in|key in)\b|\b(?:app|application|program)\b.*\b(?:with|in|on) it\b|\b(?:in|on) the \w+ (?:app|window|dialog|panel|settings|installer|wizard)\b.*\b(?:click|press|choose|pick|select|set|enable|disable|open)\b|\b(?:click|press|choose|pick|select|set|enable|disable)\b.*\b(?:in|on) the \w+ (?:app|window|dialog|panel|settings|installer|wizard)\b/
      .source,
  "i",
);

/** The kinds of control a window holds, as people name them. */
const CONTROL_KIND =
  "button|check ?box|tick ?box|toggle|switch|menu item|menu|text field|field|text box|search box|box|drop ?down|dropdown|tab|slider|radio button|option|link";
const ROLE_OF: Record<string, string> = {
  tickbox: "check box",
  checkbox: "check box",
  "tick box": "check box",
  dropdown: "combo box",
  "drop down": "combo box",
};

/** "the Save button", "a Dark mode switch", "a menu item called Export": the label and its kind. */
function namedControl(text: string): { name: string; role: string } | undefined {
  const called = new RegExp(
    String.raw`\b(${CONTROL_KIND})\s+(?:that says|labell?ed|called|named|marked|saying)\s+['"‘“]?(.+?)['"’”]?\s*(?:[?.!]|$|\s+(?:in|on)\s+(?:this|the)\b)`,
    "i",
  ).exec(text);
  if (called)
    return { name: called[2]!, role: ROLE_OF[called[1]!.toLowerCase()] ?? called[1]!.toLowerCase() };
  const before = new RegExp(
    String.raw`\b(?:the|a|an|any)\s+['"‘“]?([\p{L}\d][\p{L}\d' -]{0,30}?)['"’”]?\s+(${CONTROL_KIND})\b`,
    "iu",
  ).exec(text);
  if (!before || /^(?:this|that|same|other|next|first|last|new)$/i.test(before[1]!)) return undefined;
  return { name: before[1]!, role: ROLE_OF[before[2]!.toLowerCase()] ?? before[2]!.toLowerCase() };
}

/** A control of a window named as such (never a web page's: the browser's tools work those). */
const NAMES_CONTROL = new RegExp(String.raw`\b(?:${CONTROL_KIND})\b`, "i");
const ON_A_PAGE = /\b(?:page|site|website|web|browser|tab|url|link)\b/;

/** A dialog said the ways people say it. */
const DIALOG = "(dialog|dialogue|dialog box|dialogue box|pop up|popup|pop up box|window)";
/** Where a ref is said after the control it names: "…, it is @e7". */
const REF_ASIDE = "[(it is|that is|thats|its|ref|number|which is)]";

/** Said before asking where a control is: "in this window, where is …". */
const IN_WINDOW = "[(in|on) (this|the) (window|dialog|screen|form)]";
const WHERE_IS = "(where is|find|locate|look for|find me)";

/** A control's kind as said, in the form its tool reads ("checkbox" is a check box). */
const ROLE =
  "(checkbox|check box|tick box|toggle|switch|button|option|field|text field|menu item|link|tab|slider)";
const ROLE_SAID =
  /\b(menu item|check ?box|tick box|text field|toggle|switch|slider|button|field|link|tab|option)\b/i;

/**
 * A found control's arguments with its kind when said ("the Save button" is a button named
 * Save): the kind narrows the search, the label is its words.
 */
function findArgs(input: BuildInput): Args | undefined {
  const args = slotsAsArgs(input);
  if (typeof args.value === "string") {
    const value = args.value.replace(/^["'“‘]|["'”’]$/g, "").trim();
    // "bob@": the sign the words lost is part of what is written
    args.value = input.env.text.includes(`${value}@`) ? `${value}@` : value;
  }
  if (args.role === undefined) {
    // The label's own words are no kind ("the Tab key setting" is not a tab)
    const name = typeof args.name === "string" ? args.name.toLowerCase() : "";
    const rest = name ? input.env.text.toLowerCase().split(name).join(" ") : input.env.text;
    const said = ROLE_SAID.exec(rest)?.[1];
    if (said) {
      const role = said.toLowerCase();
      args.role = role === "checkbox" || role === "tick box" ? "check box" : role;
    }
  }
  return args;
}

/** How people ask about and act on what a window shows (the team's own sentences). */
const UI_INTENTS: IntentTable = {
  ui_state: {
    // Looking at a window beside a reason is done, not asked
    besideReason: "act",
    describe: () => "Read what the window shows",
    templates: [
      "(read|describe|show me|what is in) [the|this|current|active] window",
      "what (buttons|controls|fields|menus|options) (are there|can i press|does it have|are on screen)",
      "what can i (click|press) [here|in this window]",
      "(show|read) [me] the (ui|interface|controls|accessibility tree)",
      "what (buttons|controls|fields|menus|options) and (buttons|controls|fields|menus|options) are (in|on) [the|this] (window|dialog|screen)",
      "what (buttons|controls|fields|menus|options) are (in|on) [the|this] (window|dialog)",
      "what is the (focused|focussed|current|active|front) window showing [just|only] [the first {max_lines:number} lines]",
      "(dump|show|print|read) [me] the accessibility tree [of the {window:text} window]",
      {
        t: "(dump|show|print|read) [me] the accessibility tree [of the {window:text} window] [with the] hidden (stuff|things|elements|items) (included|too|as well)",
        args: { all: true },
      },
      "(dump|show|print|read) [me] the (focused|focussed|current|active|front) (window's|window s|windows) (accessibility tree|controls) [(max|at most|only|just) [the first] {max_lines:number} lines]",
      "look at the {window:text} window and (tell me|say|list) what (buttons|controls|fields|menus|options) it (has|shows|offers)",
      "what (buttons|controls|fields|menus|options) (does|has) the {window:text} window [got|have]",
      "(list|show me|tell me) everything (in|on) the {window:text} (window|dialog)",
      {
        t: "(list|show me|tell me) everything (in|on) the {window:text} (window|dialog) [with the] hidden (stuff|things|elements|items|ones) (included|too|as well)",
        args: { all: true },
      },
    ],
    // A window named by its app or by what it is for, and "what is in it" of a dialog (never
    // taught: a free window name would teach any "what is in the …" to the classifier)
    shapes: [
      "what is (in|on) the {window:text} (window|dialog|dialogue box|dialog box) [right now|now|at the moment] [{tail:text}]",
      "(show|list|tell|give) [me] [all] the (elements|controls|buttons|fields|options|menus|things) (of|in|on) the {window:text} (window|dialog|dialogue box|dialog box)",
      `what is (in|on) this ${DIALOG} [right now|now] [{tail:text}]`,
      "what is (in|on) this {tail:label} (window|dialog|dialogue box|dialog box) [(list|tell me|show me) everything [on it|in it]]",
      `(read|read out|read me|tell me|describe) [me] [out] what is (in|on) (this|the) ${DIALOG} [{tail:text}]`,
      `(read|read out|describe) [me] [out] (this|the) ${DIALOG} [to me] [{tail:text}]`,
      `what (buttons|controls|fields|menus|options) are there (in|on) (this|the) ${DIALOG} [{tail:text}]`,
      `(which|what) (buttons|controls|fields|menus|options) (can i press|can i click|can i use|are there|does it have) (in|on) (this|the) ${DIALOG}`,
      `what does (this|the) ${DIALOG} (show|say|contain|have in it)`,
      "(list|show|give|tell) [me] the (buttons|controls|fields|menus|options) and (buttons|controls|fields|menus|options) (in|on) the (focused|focussed|current|active|front) window [{tail:text}]",
      "(read|show|dump|print) [me] the {window:text} (window's|window s|windows) (ui tree|ui|accessibility tree|controls|elements|interface)",
      "look at the {window:text} window and (tell me|say|list|show me) what is (in|on) it",
      // The window one is in, named by being in it ("the window I'm in", "the one I'm using")
      "(describe|list|read|show|tell me) [me] [all] the (buttons|controls|fields|menus|options) (and|or) (buttons|controls|fields|menus|options) (in|on|of) the (window|dialog|app|screen) (i am|i'm|im) (in|on|using|looking at)",
      "(describe|list|read|show|tell me) [me] [all] the (buttons|controls|fields|menus|options) (in|on|of) the (window|dialog|app) (i am|i'm|im) (in|on|using|looking at)",
      {
        t: "(show|list|read) [me] (this|the) (window's|window s|windows) hidden (menu items|menus|items|controls|elements|stuff) [too|as well]",
        args: { all: true },
      },
      ...WINDOW_READ_SHAPES,
    ],
    build: (input) => {
      const read = windowReadOf(input);
      if (read !== "none") return read;
      const args = argsWithoutTail(input);
      return typeof args.window === "string" && GLASS_WINDOW.test(args.window) ? undefined : args;
    },
    samples: [
      "describe what's in this app window",
      "list the buttons in this window",
      "what options does this window have",
    ],
  },
  ui_find: {
    // Looking at a window beside a reason is done, not asked
    besideReason: "act",
    refersTo: ({ name, role }) =>
      typeof name === "string"
        ? { it: `the ${name} ${typeof role === "string" ? role : "button"}` }
        : undefined,
    cues: CONTROLS,
    describe: ({ name }) => (typeof name === "string" ? `Find "${name}" in the window` : undefined),
    templates: [
      "(find|locate|look for|where is) the {name:label} (button|menu|field|checkbox|check box|link|tab|option|box)",
      "(find|locate) the {name:label} (menu item|text field|search box)",
      "is there [a|an] {name:label} (button|menu|option|field) [here|in this window]",
      "is there [a|an] {name:label} (button|menu|option|field|checkbox|check box|link|tab) (here|in this window|in this dialog|in the dialog|in the window)",
      "(find|locate|look for|where is) the (button|menu item|menu|field|checkbox|check box|link|tab|option) (that says|labelled|labeled|called|named|marked) {name:label}",
      "is there [a|an] (button|menu item|menu|field|checkbox|check box|link|tab|option) (that says|labelled|labeled|called|named|marked) {name:label} [here|in this window]",
      {
        t: "(find|list|show me) (every|each|all the|all) text (field|fields|box|boxes) in [the|this] [focused|current|active] window",
        args: { role: "field" },
      },
      {
        t: "(find|list|show me) (every|each|all the|all) (button|buttons) in [the|this] [focused|current|active] window",
        args: { role: "button" },
      },
    ],
    // "the field for the date of birth": the control named by what it is for
    shapes: [
      {
        t: `${IN_WINDOW} ${WHERE_IS} the (field|box|text box|text field) for [the|my|your] {name:label}`,
        args: { role: "field" },
      },
      { t: `${IN_WINDOW} ${WHERE_IS} the button for [the|my|your] {name:label}`, args: { role: "button" } },
      `${IN_WINDOW} ${WHERE_IS} the (checkbox|check box|menu|option|link|tab) for [the|my|your] {name:label}`,
      // The role said before the label ("the menu item Export as PDF"): the label is the rest.
      { t: "(find|locate|look for|where is) the menu item {name:label}", args: { role: "menu item" } },
      // A control asked after by what it switches ("is there a check box for dark mode")
      `(is there|have you got|do you see|can you see|find) [a|an|the] ${ROLE} (for|to turn on|to turn off|to switch on|to switch off|to enable|to disable|to change) [the] {name:label} ${IN_WINDOW}`,
      // A field found by what is written in it ("any field that has bob@ in it")
      {
        t: "[is there] (any|a) (field|box|text field|text box) (that has|that contains|with|containing) {value:text} [in it|written in it] [here|in this window]",
        args: { role: "field" },
      },
      {
        t: "(find|locate|look for|where is) the (button|checkbox|check box) {name:label}",
        args: { role: "button" },
      },
    ],
    build: findArgs,
    samples: ["where's the save button", "find the settings menu", "locate the search box"],
    anchors: NAMES_CONTROL,
    vetoes: ON_A_PAGE,
    fallback: (input) => {
      const said = input.words.join(" ");
      if (!/\b(?:find|locate|look for|where|is there|are there|any|got|have)\b/.test(said)) return undefined;
      return namedControl(input.env.text);
    },
  },
  ui_action: {
    ask: { ref: "Which element? Ask me what the window shows first." },
    cues: CONTROLS,
    describe: ({ ref, action, value }) =>
      typeof ref === "string"
        ? action === "set_value"
          ? `Set ${ref} to ${value}`
          : action === "focus"
            ? `Focus ${ref}`
            : `Press ${ref}`
        : undefined,
    templates: [
      {
        t: "(press|click|tap|activate|select|tick|check) [on] [element] {ref:uiref}",
        args: { action: "press" },
      },
      { t: "(set|change|fill) [element] {ref:uiref} (to|with) {value:text}", args: { action: "set_value" } },
      { t: "(focus|go to) [element] {ref:uiref}", args: { action: "focus" } },
    ],
    // The control named by its label and its ref said beside it ("tick the 'I agree' box, it's @e21")
    shapes: [
      {
        t: `(press|click|tap|hit|tick|untick|check|uncheck|select|activate) [on] [the] {tail:text} [(button|box|checkbox|check box|option|toggle|switch|item)] ${REF_ASIDE} {ref:uiref}`,
        args: { action: "press" },
      },
      { t: "(type|enter|put|write) {value:text} (in|into) {ref:uiref}", args: { action: "set_value" } },
      {
        t: "(in|into) the {tail:text} {ref:uiref} (type|enter|put|write) {value:text}",
        args: { action: "set_value" },
      },
      {
        t: `(type|enter|put|write) {value:text} (in|into) the {tail:text} ${REF_ASIDE} {ref:uiref}`,
        args: { action: "set_value" },
      },
    ],
    // A window's control named by its label with no ref ("tick the Remember me box"): which one
    // is asked (a ref comes from a listing); a dialog's own buttons are a window's, not a page's
    askShapes: [
      {
        t: "(press|click|hit|tap) [on] the (ok|okay|cancel|apply|yes|no|save|dont save|do not save|next|back|finish|install|browse|close|retry|skip|done|allow|deny|open) button",
        args: { action: "press" },
      },
      {
        t: "(tick|untick|check|uncheck|toggle) [the] {tail:text} (checkbox|check box|tick box|box|toggle|switch)",
        args: { action: "press" },
      },
      {
        t: "(put|place|move|set) the cursor (in|into|on) the {tail:text} (field|box|text box|text field)",
        args: { action: "focus" },
      },
      {
        t: "(set|change) the {tail:label} (field|box|setting) to {value:text}",
        args: { action: "set_value" },
      },
    ],
    samples: ["press that element", "click the element you found"],
    // Which control is a handle from a listing: the request says what to do, Jarvis asks which
    anchors: NAMES_CONTROL,
    vetoes: ON_A_PAGE,
    partial: (input) => {
      const said = input.words.join(" ");
      if (/\b(?:set|fill|change|type|enter)\b.*\bto\b/.test(said)) {
        const value = /\bto\s+['"‘“]?(.+?)['"’”]?\s*[.!]?$/i.exec(input.env.text)?.[1];
        return { action: "set_value", ...(value ? { value } : {}) };
      }
      if (/\b(?:focus|put the cursor|go to|jump to)\b/.test(said)) return { action: "focus" };
      if (/\b(?:press|click|tap|hit|tick|untick|check|uncheck|toggle|push|select)\b/.test(said))
        return { action: "press" };
      return undefined;
    },
  },
};

export const UI_LANGUAGE = byTool(UI_INTENTS);
