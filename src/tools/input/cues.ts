import type { GroupCues } from "../../core/language.js";

/** Everyday words for what this group's tools say in their own terms. */
export const INPUT_CUES: GroupCues = {
  // Keys and clicks go to the focused window: it is brought forward first
  lookups: { input_hotkey: ["windows_focus", "apps_focus"], input_click: ["windows_focus", "apps_focus"] },
  words: {
    key: ["hotkey", "press"],
    shortcut: ["hotkey"],
    keyboard: ["type", "hotkey"],
    scroll: ["hotkey", "press"],
  },
};
