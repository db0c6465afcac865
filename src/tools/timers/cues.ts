import type { GroupCues } from "../../core/language.js";

/** Everyday words for what this group's tools say in their own terms. */
export const TIMERS_CUES: GroupCues = {
  words: {
    countdown: ["timer"],
    wake: ["alarm"],
    pomodoro: ["timer"],
    "go off": ["alarm"],
    "goes off": ["alarm"],
    beep: ["alarm", "timer"],
    "time left": ["timer"],
    "how long left": ["timer"],
  },
};
