import { type Args, type BuildInput, slotsAsArgs, spreadPairs } from "../../brain/nlu/language/index.js";
import { byTool, GLASS_WINDOW, type IntentTable, withEvery } from "../language.js";

/** How people ask to arrange their windows (the team's own sentences). */
const WINDOW = "(window|windows)";
const WHICH = "[the|this|that|my|current|active|front]";
/** A window named by its title or id: "the window called Budget", "window 0x03200004". */
const TITLED = "[the] window (called|named|titled|with the title)";
/** What people add after naming the window, kept out of the arguments ("but leave it running"). */
const TAIL = "[(but|and|so) {tail:text}]";
/**
 * A window named by what it shows, not by its app: a document, a site, a call ("the budget
 * sheet window", "the window of Writer"). Matched as shapes, never taught: the free title
 * would teach every "the … window" to the classifier. A known app still reads as the app
 * (a typed slot outscores free text).
 */
const SHOWN = "[the|my] {window:text} window";
/** A window named by its app after it, in any order of words ("close me the window of zoom"). */
const OF_APP = "[me] [the|my] window (of|for|from) [the] {app} [app]";
/**
 * A document's kind named alone ("maximise the spreadsheet"): its window, named by what it
 * shows. Only kinds a window shows, so a thing in a room never reads as a window.
 */
const DOCUMENT_KINDS = ["spreadsheet", "presentation", "pdf", "slides", "document"];
/** The whole screen, said loosely ("fill the whole screen", "as big as it goes"). */
const WHOLE_SCREEN = "(fill|cover|take up|use) the (whole|entire|full) screen";

/** "the firefox window" names the app; "this window" names none (the focused one). */
function windowArgs(input: BuildInput): Args | undefined {
  const args = spreadPairs(slotsAsArgs(input));
  delete args.which;
  delete args.tail;
  if (typeof args.window === "string") {
    const title = args.window.replace(/^["'‘“]|["'’”]$/g, "");
    // "the window of Writer": a title that is only "this" or "that" names the focused window
    if (/^(?:this|that|current|active|front|other|same|wrong|right|one)$/i.test(title)) return undefined;
    // "close me the window of …": words that only point (me, the, my) name no window
    if (/^(?:(?:me|the|my|a|this|that|us|for me)\s*)+$/i.test(title)) return undefined;
    // A window of a room, a house or a car is glass, not a window on the screen
    if (GLASS_WINDOW.test(title)) return undefined;
    args.window = title;
  }
  return args;
}

/**
 * "go to spotify", "show firefox": an app named alone after a verb of going or showing is the
 * app brought forward (its own tool); a window is the window's only when the word is said.
 */
function focusArgs(input: BuildInput): Args | undefined {
  const args = windowArgs(input);
  const text = input.env.text.toLowerCase();
  if (typeof args?.app === "string" && !/\bwindows?\b/.test(text) && /\b(?:go to|show)\b/.test(text))
    return undefined;
  return args;
}

const WINDOW_INTENTS: IntentTable = {
  windows_list: {
    capability: {
      area: "Windows and the desktop",
      can: "list, focus, tile, move, minimize and close windows",
    },
    describe: () => "List the open windows",
    templates: [
      `(list|show|display) [me] [all] [the|my] [open] ${WINDOW}`,
      `(what|which) ${WINDOW} (are|do i have) open`,
      "what (is|do i have) open on (my|the) (screen|desktop)",
      `how many ${WINDOW} (are|do i have) open`,
      `(what|which) ${WINDOW} (have i got|are there|have i|do i have|are) [got] (open|up|running)`,
      "(which|what) window (has|is in|got) [the] focus [right now|now|at the moment|rn]",
      "(which|what) window is (focused|active|in front) [right now|now|rn]",
    ],
    // The moment said the way people say it, and what they add after asking
    shapes: [
      `(what|which) ${WINDOW} (have i got|have i|do i have|are) [got] (open|up|running) (at present|at the moment|currently|just now|right now) [{tail:text}]`,
      `(can i see|let me see|show me) (what|which) ${WINDOW} (are|i have|i have got) [got] open`,
    ],
    samples: [
      "which windows have i got up",
      "give me a list of the open windows",
      "what's open on screen",
      "window list",
      "show all windows",
    ],
  },
  windows_focus: {
    refersTo: ({ window }) => (typeof window === "string" ? { it: `the ${window} window` } : undefined),
    describe: ({ app, window }) => `Bring ${app ?? window ?? "that window"} to the front`,
    templates: [
      "(focus|bring up|bring forward|switch to|go to|show|raise) [the] {app} [window]",
      "bring [the] {app} [window] to the front",
      "(focus|switch to) [the] window (called|named|titled) {window:text}",
      `(focus|bring up|raise|switch to|go to|bring forward) ${TITLED} {window:text} [to the front]`,
      `bring ${TITLED} {window:text} to the front`,
      "(focus|raise) window {window:text}",
      "(focus|bring up|bring forward|switch to|go to|show me|raise|find) the window (with|showing|that has) {window:text} [in (its|the) (title|name)] [open]",
      "(switch|swap|flip|go|jump) [over|back] to [the|my] {app} window",
    ],
    shapes: [
      `(bring|put|pull) ${SHOWN} (to the front|forward|up|on top|back up|back to the front|back) [{tail:text}]`,
      `(focus|bring up|bring forward|raise|switch to|go to|jump to) ${SHOWN} [{tail:text}]`,
      `(focus|bring up|bring forward|raise|switch to|go to|jump to) ${OF_APP} [{tail:text}]`,
      "(bring|put) the window of {app} (to the front|forward|on top)",
    ],
    build: focusArgs,
    samples: [
      "switch windows to the terminal",
      "put the browser window in front",
      "bring that window forward",
    ],
  },
  windows_close: {
    describe: ({ app, window }) => `Close ${app ? `the ${app} window` : (window ?? "this window")}`,
    templates: [
      `close ${WHICH} ${WINDOW}`,
      "close [the] {app} window",
      "close the window (called|named|titled) {window:text}",
      `(close|shut) ${TITLED} {window:text}`,
      "(close|shut) [the] window with {window:text} in (its|the) (title|name)",
      "close window {window:text}",
      `(close|shut) [the|my] {app} window ${TAIL}`,
      `(shut|get rid of) ${WHICH} window`,
    ],
    shapes: [
      `(close|shut) ${SHOWN} [{tail:text}]`,
      `(close|shut) ${OF_APP} [{tail:text}]`,
      "(close|shut) the window (with|showing|that has) {window:text} (in it|open|on it)",
    ],
    build: windowArgs,
    samples: ["close this window please", "shut the window i'm looking at", "close that window"],
    negatives: ["close the door", "close the blinds", "close my bank account"],
  },
  windows_minimize: {
    describe: ({ app }) => `Minimize ${app ? `the ${app} window` : "this window"}`,
    templates: [
      `(minimize|minimise|hide) ${WHICH} ${WINDOW}`,
      "(minimize|minimise|hide) [the] {app} [window]",
      "(send|put) [the] {app} [window] to the (taskbar|dock|background)",
      `(minimize|minimise|hide) ${TITLED} {window:text}`,
      "(minimize|minimise) window {window:text}",
    ],
    shapes: [
      `(minimize|minimise|hide) ${SHOWN} [{tail:text}]`,
      `(minimize|minimise|hide) ${OF_APP} [{tail:text}]`,
      "(minimize|minimise|hide) [the|my] {app} [window] (for now|for a bit|for a moment|for a sec|for a second|for the moment)",
      "(minimize|minimise) (this|that) [one|window|thing]",
    ],
    build: windowArgs,
    samples: ["shrink this window down", "tuck the window away", "minimise everything"],
  },
  windows_tile: {
    ask: { side: "Left, right, top, bottom, or the whole screen?" },
    // "and the terminal on the right" after snapping another window: one more window placed
    followUp: ({ kind, last, rest }) => {
      if (kind !== "and" || typeof rest !== "string") return undefined;
      const m =
        /^(?:the |my )?([\w .-]+?)(?: window)? (?:on|to) the (left|right|top|bottom)(?: half| side)?$/i.exec(
          rest,
        );
      return m ? { tool: last.tool, args: { app: m[1]!, side: m[2]!.toLowerCase() } } : undefined;
    },
    describe: ({ app, side }) =>
      typeof side === "string"
        ? side === "maximize"
          ? `Maximize ${app ? `the ${app} window` : "this window"}`
          : `Put ${app ? `the ${app} window` : "this window"} on the ${side} half`
        : undefined,
    templates: [
      `(snap|tile|move|put|push|dock) ${WHICH} [window] to the {side}`,
      "(snap|tile|move|put|push|dock) [the] {app} [window] (to|on) the {side}",
      "(tile|snap) [the] {app} [window] {side}",
      `{app} [window] (on|to) the {side}`,
      {
        t: `(maximize|maximise|make full screen|fill the screen with) ${WHICH} [window]`,
        args: { side: "maximize" },
      },
      { t: "(maximize|maximise) [the] {app} [window]", args: { side: "maximize" } },
      { t: "make [the] {app} [window] full screen", args: { side: "maximize" } },
      "(make|have|let) [the|my] {app} [window] (fill|take up|cover) the {side} [half] [of the screen]",
      "(put|move|snap|stick) [the|my] {app} [window] (on|to|over to) the {side} (side|half) [of the screen]",
      { t: "[the|my] {app} window (maximized|maximised|full screen|fullscreen)", args: { side: "maximize" } },
    ],
    asks: ["(snap|tile|dock) [the|this|my] {app} window", "(snap|tile) [this|the] window"],
    shapes: [
      { t: `(maximize|maximise) ${SHOWN} [{tail:text}]`, args: { side: "maximize" } },
      { t: `(maximize|maximise) ${OF_APP} [{tail:text}]`, args: { side: "maximize" } },
      ...DOCUMENT_KINDS.map((kind) => ({
        t: `(maximize|maximise) [the|my|this] ${kind} [window] [please|for me]`,
        args: { side: "maximize", window: kind },
      })),
      { t: `make ${WHICH} window ${WHOLE_SCREEN} [{tail:text}]`, args: { side: "maximize" } },
      {
        t: `make ${WHICH} window (full screen|fullscreen|full size|as big as it goes|as big as possible) [{tail:text}]`,
        args: { side: "maximize" },
      },
      {
        t: "(put|make|set|go) [the|my] {app} [window] (full screen|fullscreen|to full screen) [please]",
        args: { side: "maximize" },
      },
      { t: `make [the|my] {app} window ${WHOLE_SCREEN} [{tail:text}]`, args: { side: "maximize" } },
      {
        t: "make the window of {app} (big|bigger|full screen|fullscreen|as big as it goes) [full screen] [{tail:text}]",
        args: { side: "maximize" },
      },
      `(put|move|snap) ${SHOWN} (on|to) the {side} [half|side] [of the screen]`,
      // The window one is in, put on a side with "on" as well as "to" ("put this window on the
      // left half"); and the one just named filling the screen ("make it fill the whole screen")
      `(put|move|snap|stick|push|dock|tile) (this|the|my|that|the current|the active) window (on|onto|over to|to) the {side} [half|side] [of the screen] [please]`,
      { t: `make (it|this|that) ${WHOLE_SCREEN} [please]`, args: { side: "maximize" } },
      // A window named by its document's kind, without the word "window"
      "(put|move|snap) [the|my] {window:text} (viewer|reader|editor|spreadsheet|document|doc|sheet|presentation) (on|to) the {side} (half|side) of the screen",
      {
        t: "(maximize|maximise) [the|my] {window:text} (spreadsheet|document|doc|sheet|presentation|slides|pdf|draft|report)",
        args: { side: "maximize" },
      },
    ],
    askShapes: ["(snap|tile|put|move|push) (it|this|this window|the window) to (one|a|either) side"],
    build: windowArgs,
    samples: [
      "split the screen with this on the left",
      "put the window on the right half",
      "make this window bigger",
    ],
  },
  windows_move: {
    describe: ({ x, y, width, height }) =>
      typeof width === "number"
        ? `Resize the window to ${width} by ${height}`
        : `Move the window to ${x}, ${y}`,
    templates: [
      "(move|drag|put) [the|this] [{app}] window to {x:number} {y:number}",
      "(move|drag|put) {app} to {x:number} {y:number}",
      "(resize|make) [the|this] [{app}] window [to] {width:number} by {height:number}",
      "(resize|make) {app} {width:number} by {height:number}",
      `(move|drag|put|shove|push|send) [the|this|my] [{app}] window [over] to {point} ${TAIL}`,
      `(move|drag|put|shove|push) [the|my] {app} [window] [over] to {point} ${TAIL}`,
      "(resize|make) [the|this|my] [{app}] window [to] {size}",
      "(make|resize) [the|this|my] [{app}] window {size} (with its|and put its|and move its) [top left] [corner] (at|to) {point}",
    ],
    // A window named by its title, or named first and then moved ("the notes window, move it to …")
    shapes: [
      `(move|drag|put|shove|push) ${SHOWN} [over] to [position|point] {point} [{tail:text}]`,
      `(resize|make) ${SHOWN} [to] {size} [{tail:text}]`,
      `${SHOWN} (move|drag|put|shove|push) it [over] to [position|point] {point} [{tail:text}]`,
      "[the|my] {app} window (move|drag|put|shove|push) it [over] to [position|point] {point} [{tail:text}]",
      `${SHOWN} (resize|make) it [to] {size} [{tail:text}]`,
      "[the|my] {app} window (resize|make) it [to] {size} [{tail:text}]",
      // The top left corner is the one point a corner names without the screen's size
      {
        t: "(move|put|drag|push) [the|my|this] [{app}] [window] [over] to the top left [corner] [{point}] and (make|resize) it [to] {size}",
        args: { x: 0, y: 0 },
      },
      // Moved and then given one side's length ("… to 0 0 and make it 800 wide")
      "(move|put|drag|push) [the|my|this] [{app}] [window] [over] to {point} and (make|resize) it [to] {width:number} [pixels|px] wide",
      "(move|put|drag|push) [the|my|this] [{app}] [window] [over] to {point} and (make|resize) it [to] {size}",
      "(move|put|drag|push) [the|my|this] [{app}] [window] [over] to {point} and (make|resize) it [to] {height:number} [pixels|px] (tall|high)",
    ],
    build: windowArgs,
    samples: ["move the window to the corner", "resize this window", "make the window smaller"],
  },
};

/** Arranging windows beside its reason ("minimise Teams, I'm off the call") is done, not asked. */
export const WINDOWS_LANGUAGE = withEvery(byTool(WINDOW_INTENTS), { besideReason: "act" });
