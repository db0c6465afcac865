import type { GroupCues } from "../../core/language.js";

/**
 * A clock time said on its own ("the 5:30 one", "6am"): what an alarm is named by. Weak, as
 * meetings and reminders have times too.
 */
const CLOCK_TIME = /\b(?:[01]?\d|2[0-3]):[0-5]\d\b|\b(?:1[0-2]|0?\d)\s*(?:am|pm|a\.m\.|p\.m\.)(?!\w)/i;

/** Time added to what is running ("five more minutes on it", "add 10 more mins"): a timer. */
const MORE_MINUTES =
  /\b(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|a few|few|another)\s+(?:more|extra)\s+min(?:ute)?s?\b/i;
/**
 * A stretch of work or rest kept to a length ("a 25-minute focus block", "a 20 min power nap",
 * "45 minutes of study"): timed, not put in the diary.
 */
const TIMED_STRETCH =
  /\b\d+[\s-]*(?:min(?:ute)?s?|hours?|hrs?)\b(?:\s+of)?\s+(?:[\w-]+\s+)?(?:focus|focused|study|studying|revision|work|deep work|writing|break|rest|nap|sprint|pomodoro|workout|stretch(?:ing)?|meditation|practice)\b/i;

/** An alarm named by its clock time ("the 5:30 one", "my 6.45 wake-up", "the 7am alarm"). */
const ALARM_BY_TIME =
  /\b(?:the|my|that)\s+(?:(?:[01]?\d|2[0-3])[:.][0-5]\d\s*(?:am|pm)?|(?:1[0-2]|0?\d)\s*(?:am|pm))\s+(?:one|alarm|wake-?up|wake up)\b/i;

/** Everyday words for what this group's tools say in their own terms. */
export const TIMERS_CUES: GroupCues = {
  shapes: [
    { pattern: CLOCK_TIME, weight: 1 },
    { pattern: MORE_MINUTES, weight: 2 },
    { pattern: ALARM_BY_TIME, weight: 2 },
    { pattern: TIMED_STRETCH, weight: 2 },
  ],
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
