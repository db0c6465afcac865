import type { GroupCues } from "../../core/language.js";
import { APP_NAME } from "../cue-shapes.js";

/** An app by name: its window. */
export const WINDOWS_CUES: GroupCues = {
  shapes: [
    { pattern: APP_NAME, weight: 1.5 },
    // A window asked for by what it shows ("which window is the PDF in", "the window with the
    // invoice"): found in the list of windows before it is acted on
    {
      pattern: /\b(?:which|what) window\b|\bthe window (?:with|showing|that has)\b/i,
      weight: 2,
    },
  ],
  words: {
    window: ["windows"],
    snap: ["tile"],
    maximize: ["tile", "window"],
    // A window's size said plainly, or spelled the British way: the whole screen for it
    maximise: ["tile", "window", "maximize"],
    fullscreen: ["tile", "window", "maximize"],
    "full screen": ["tile", "window", "maximize"],
    "fill the screen": ["tile", "window", "maximize"],
    "make it big": ["tile", "window", "maximize"],
    "make it bigger": ["tile", "window", "maximize"],
    arrange: ["tile", "window"],
    side: ["tile"],
    half: ["tile"],
    hide: ["minimize"],
    "out of my way": ["minimize", "window"],
    "out of the way": ["minimize", "window"],
    "tuck away": ["minimize"],
    "out of sight": ["minimize", "window"],
    "out of view": ["minimize", "window"],
    "put away": ["minimize"],
    "bring up": ["focus", "window"],
    "switch to": ["focus", "window"],
  },
};
