import type { GroupCues } from "../../core/language.js";
import { APP_WORD, INSIDE_APP } from "../cue-shapes.js";

/** A program, or a control inside one. */
export const UI_CUES: GroupCues = {
  shapes: [
    { pattern: APP_WORD, weight: 1.2 },
    // Something done inside an app named (its call, its window): one of its controls
    { pattern: INSIDE_APP, weight: 1.5 },
    {
      pattern: /\b(?:button|checkbox|dialog|toggle|switch on|turn on|dropdown|menu|dark mode|settings?)\b/i,
      weight: 1,
    },
    // A path through an app's menus written with arrows ("prefs → font size"): its controls
    { pattern: /\w\s*(?:\u2192|->|\u203a|\u00bb)\s*\w/, weight: 1.5 },
    // A menu's item named after the menu, as apps print them ("choose File, Export as PDF",
    // "Edit > Preferences"): the app's controls
    {
      pattern:
        /\b(?:File|Edit|View|Insert|Format|Tools|Window|Help|Preferences|Settings)\s*(?:,|>|\u2192|->|\u203a)\s*[A-Z]/,
      weight: 2,
    },
    // A field or a box of a program's window ("the subject field of the mail window", "the
    // box in the little program"): filled through the window's controls, not a page's
    {
      pattern:
        /\b(?:field|box|text ?box|input)\b[^.?!]{0,30}?\b(?:window|app|application|program|dialog)\b|\b(?:window|app|application|program|dialog)\b[^.?!]{0,30}?\b(?:field|box|text ?box)\b/i,
      weight: 1.5,
    },
    // What an app's window shows is read from its controls
    {
      pattern:
        /\b(?:shown|showing|displayed|says|open) (?:in|on) (?:the|my|that|this) (?:[\w-]+ ){0,2}(?:window|editor|word processor)\b/i,
      weight: 1.5,
    },
  ],
  words: {
    button: ["click", "ui"],
    checkbox: ["ui"],
    menu: ["ui"],
    dialog: ["ui", "window"],
    // A prompt an app puts up is answered by pressing one of its buttons
    "don't save": ["ui", "click", "button"],
    "without saving": ["ui", "click", "button"],
    discard: ["ui", "click", "button"],
  },
};
