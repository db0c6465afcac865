import type { GroupCues } from "../../core/language.js";
import { WHEN } from "../cue-shapes.js";

/** A calendar file, and (weakly) a day or a time. */
export const CALENDAR_CUES: GroupCues = {
  shapes: [
    { pattern: /\b\w[\w-]*\.ics\b/i, weight: 2.5 },
    { pattern: WHEN, weight: 0.4 },
    // An appointment named by its time ("my 2pm", "my 10:30", "my 3 o'clock")
    {
      pattern:
        /\bmy\s+(?:\d{1,2}(?::[0-5]\d)?\s*[ap]\.?m\b|\d{1,2}:[0-5]\d\b|(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s*o['\u2019]?\s?clock\b)/i,
      weight: 2,
    },
    // A journey the person has booked is in the diary ("when's my Boston flight")
    {
      pattern:
        /\bmy\s+(?:[\w-]+\s+)?(?:flight|train|ferry|coach)\b(?!\s+(?:confirmation|booking|ticket|receipt))/i,
      weight: 1,
    },
    // A meeting named by its kind and moved ("push our sync to Friday", "move the catch-up"):
    // the diary's, whatever the kind is called
    {
      pattern:
        /\b(?:move|push|shift|bump|pull|bring)\s+(?:our|my|the|this|that|today'?s|tomorrow'?s)\s+(?:[\w-]+\s+)?(?:call|catch-?up|sync|1:1|one-to-one|check-?in|meeting|session|lesson|appointment|chat|review)\b/i,
      weight: 2,
    },
    // When a meeting of the person's is, asked or passed on ("when's our next catch-up",
    // "tell Sam when our next sync is"): the diary is read
    {
      pattern:
        /\bwhen(?:'s|’s|\s+is|\s+was)?\s+(?:my|our)\s+(?:next\s+|last\s+|first\s+)?(?:[\w-]+\s+)?(?:call|catch-?up|sync|1:1|one-to-one|check-?in|meeting|session|lesson|class|appointment|interview|review|standup|stand-up|flight|train)\b/i,
      weight: 2,
    },
    // Something put in for a day and a time ("put 'Dentist' in for Sat 2pm", "pencil the
    // viewing in for Tuesday"): a diary entry made
    {
      pattern:
        /\b(?:put|pencil|stick|pop|block)\s+(?:[\w'"‘“’”-]+\s+){1,5}in\s+for\s+(?:mon|tue|wed|thu|fri|sat|sun|today|tonight|tomorrow|next|this|the\s+\d|\d)/i,
      weight: 2,
    },
  ],
  words: {
    meeting: ["calendar", "event"],
    appointment: ["calendar", "event"],
    schedule: ["calendar", "event"],
    reschedule: ["calendar", "event", "update"],
    invite: ["calendar", "mail"],
    busy: ["calendar", "free"],
    agenda: ["calendar"],
    diary: ["calendar", "event"],
    standup: ["calendar", "event"],
    booked: ["calendar"],
    book: ["calendar", "event"],
    birthday: ["memory", "contact", "calendar"],
  },
};
