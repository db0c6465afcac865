import type { GroupCues } from "../../core/language.js";

/** Everyday words for what this group's tools say in their own terms. */
export const INPUT_CUES: GroupCues = {
  words: {
    key: ["hotkey", "press"],
    shortcut: ["hotkey"],
    keyboard: ["type", "hotkey"],
    scroll: ["hotkey", "press"],
  },
};
