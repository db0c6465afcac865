import type { GroupCues } from "../../core/language.js";
import { WHEN } from "../cue-shapes.js";

/** A day or a time, weakly: most requests that name one are not reminders. */
export const REMINDERS_CUES: GroupCues = {
  shapes: [{ pattern: WHEN, weight: 0.4 }],
  words: {
    remind: ["reminder"],
    todo: ["reminder", "list"],
    due: ["reminder"],
    // What is still to be done, asked for as a worry
    outstanding: ["reminder", "list"],
    forgotten: ["reminder", "list"],
  },
};
