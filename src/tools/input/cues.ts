import type { GroupCues } from "../../core/language.js";

/** Everyday words for what this group's tools say in their own terms. */
export const INPUT_CUES: GroupCues = {
  // Keys, clicks and typing go to the focused window: it is brought forward first
  lookups: {
    input_hotkey: ["windows_focus", "apps_focus"],
    input_click: ["windows_focus", "apps_focus"],
    input_type: ["windows_focus", "apps_focus", "apps_launch"],
  },
  words: {
    key: ["hotkey", "press"],
    shortcut: ["hotkey"],
    keyboard: ["type", "hotkey"],
    scroll: ["hotkey", "press"],
  },
};
