import type { GroupCues } from "../../core/language.js";
import { APP_NAME, APP_WORD } from "../cue-shapes.js";

/** Everyday words for what this group's tools say in their own terms. */
export const INPUT_CUES: GroupCues = {
  // Keys, clicks and typing go to the focused window: it is brought forward first
  lookups: {
    input_hotkey: ["windows_focus", "apps_focus"],
    input_click: ["windows_focus", "apps_focus"],
    input_type: ["windows_focus", "apps_focus", "apps_launch"],
  },
  shapes: [
    // An app's own command said as a step ("… and save it"): a keyboard shortcut in its window
    {
      pattern:
        /\b(?:save|undo|redo|refresh|reload|print|select all|zoom (?:in|out))\s+(?:it|that|this|them|the (?:file|doc|document|page|changes?|edits?))\b/i,
      weight: 1,
    },
    // Words quoted for an app to hold ("start the doc with 'Minutes'"): typed into its window
    {
      pattern: new RegExp(
        `^(?=.*(?:${APP_NAME.source}|${APP_WORD.source}|\\b(?:window|editor|doc|document)\\b))(?=.*["'‘“][^"'’”]{3,}["'’”])`,
        "i",
      ),
      weight: 1,
    },
  ],
  words: {
    key: ["hotkey", "press"],
    shortcut: ["hotkey"],
    keyboard: ["type", "hotkey"],
    scroll: ["hotkey", "press"],
  },
};
