import type { GroupCues } from "../../core/language.js";

/** Everyday words for what this group's tools say in their own terms. */
export const TIMERS_CUES: GroupCues = {
  // A timer or an alarm is cancelled by the name or time its list shows
  lookups: { timer_cancel: ["timer_list"], alarm_cancel: ["alarm_list"] },
  words: {
    countdown: ["timer"],
    wake: ["alarm"],
    pomodoro: ["timer"],
    "go off": ["alarm", "ring"],
    "goes off": ["alarm", "ring"],
    beep: ["alarm", "timer"],
    "time left": ["timer"],
    "how long left": ["timer"],
  },
};
