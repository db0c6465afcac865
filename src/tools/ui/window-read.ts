import type { Args, BuildInput } from "../../brain/nlu/language/index.js";
import { GLASS_WINDOW } from "../language.js";

/**
 * A window's contents asked in any order (ui_state): a verb of reading ("read", "describe",
 * "go through", "list"), the window ("this window", "the settings window", "the print dialog"),
 * what of it ("the buttons and menus", "everything", "all of it") and whether its hidden parts
 * too ("including the hidden stuff", "hidden ones too", "incl hidden"). Fresh writers put these
 * in every order; the fixed shapes caught only the orders seen. One shape per verb hands the
 * rest to `readWindow`, which takes the known parts out and accepts only a window's name as
 * what is left, so a request about anything else in a window (a mail, a page) is not this one.
 */

/** What of a window is asked: its controls, or all of it. */
const WHAT =
  /\b(?:all (?:of )?(?:it|the|its)|all|everything|every ?thing|the lot|what(?:'s| is) (?:in|on) (?:it|there)|(?:the |its )?(?:buttons?|controls?|menus?|menu items?|items?|fields?|options?|links?|elements?|things?|stuff|checkboxes|check boxes|toggles?|tabs?|bits)(?: and (?:the )?(?:buttons?|controls?|menus?|menu items?|items?|fields?|options?|links?|elements?|things?|stuff|checkboxes|check boxes|toggles?|tabs?))?)\b/gi;
/** Its hidden parts asked too. */
const HIDDEN =
  /\b(?:(?:and |with |including |incl\.? |plus |even )?(?:the )?hidden(?: (?:stuff|things|ones|items|elements|bits|controls|menus|parts))?(?: (?:too|as well|included))?)\b/gi;
/** Words around the request that are not part of it. */
const AROUND =
  /\b(?:for me|to me|please|too|as well|also|out|aloud|out loud|now|right now|in|on|of|inside|from|that|there|is|are|which|what|the|this|my|me|and|with|its|it|,)\b|[,.!?]/gi;
/** The window as named: "window", a dialog, a pop-up. */
const WINDOW = /\b(?:window|dialog|dialogue|dialog box|dialogue box|pop ?up|popup)\b/i;

/** The reading: the window's name (none for this one) and whether its hidden parts too. */
export function readWindow(rest: string): Args | undefined {
  const said = ` ${rest.toLowerCase().replace(/\bwhat'?s\b/g, "what is")} `;
  const at = WINDOW.exec(said);
  if (!at) return undefined;
  const hidden = HIDDEN.test(said);
  HIDDEN.lastIndex = 0;
  // The name is the few words right after the last "the/this/my" before "window" ("the settings
  // window"); everything else may only say what is asked of it
  const before = said.slice(0, at.index);
  const det =
    /\b(?:the|this|that|my|a|an)\s+((?:(?!(?:the|this|that|my|a|an|in|on|of)\b)[\w'-]+\s+){0,3})$/.exec(
      before,
    );
  const name = (det?.[1] ?? "").trim();
  const leftover = (s: string) => s.replace(HIDDEN, " ").replace(WHAT, " ").replace(AROUND, " ").trim();
  const head = det ? before.slice(0, det.index) : before;
  const tail = said.slice(at.index + at[0].length).replace(/^\s*box\b/, " ");
  if (leftover(head) || leftover(tail)) return undefined;
  if (name && GLASS_WINDOW.test(name)) return undefined;
  const own = !name || /^(?:current|active|focused|focussed|front|open|top)$/.test(name);
  return { ...(own ? {} : { window: name }), ...(hidden ? { all: true } : {}) };
}

/** The verbs of reading a window (never "show" alone: "show the window" brings it forward). */
export const WINDOW_READ_SHAPES = [
  {
    t: "[please|can you|could you] (read|read out|read me|describe|list|go through|dump|print|tell me|show me|give me) {rest:text}",
    args: { readWindow: true },
  },
];

/** The reading of a window-read shape, or "none" for the other shapes. */
export function windowReadOf(input: BuildInput): Args | undefined | "none" {
  if (input.fixed.readWindow !== true) return "none";
  const rest = input.matches.rest?.raw;
  return typeof rest === "string" ? readWindow(rest) : undefined;
}
