import type { GroupCues } from "../../core/language.js";

/**
 * A clock time said on its own ("the 5:30 one", "6am"): what an alarm is named by. Weak, as
 * meetings and reminders have times too.
 */
const CLOCK_TIME = /\b(?:[01]?\d|2[0-3]):[0-5]\d\b|\b(?:1[0-2]|0?\d)\s*(?:am|pm|a\.m\.|p\.m\.)(?!\w)/i;

/** Everyday words for what this group's tools say in their own terms. */
export const TIMERS_CUES: GroupCues = {
  shapes: [{ pattern: CLOCK_TIME, weight: 1 }],
  // A timer or an alarm is cancelled by the name or time its list shows
  lookups: { timer_cancel: ["timer_list"], alarm_cancel: ["alarm_list"] },
  words: {
    countdown: ["timer"],
    wake: ["alarm"],
    pomodoro: ["timer"],
    // A stretch of work or rest kept to a length
    "focus block": ["timer"],
    "focus session": ["timer"],
    "work block": ["timer"],
    "go off": ["alarm", "ring"],
    "goes off": ["alarm", "ring"],
    beep: ["alarm", "timer"],
    "time left": ["timer"],
    "how long left": ["timer"],
  },
};
