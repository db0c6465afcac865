import type { GroupCues } from "../../core/language.js";

/** A clock time with a zone's letters after it ("8pm ET", "09:00 CET"): a time to convert. */
const ZONED_TIME =
  /\b\d{1,2}(?::[0-5]\d)?\s*(?:[ap]\.?m\.?)?\s*(?:ET|EST|EDT|CT|CST|CDT|MT|MST|MDT|PT|PST|PDT|GMT|BST|UTC|CET|CEST|EET|WET|IST|JST|KST|AEST|AEDT|NZST|NZDT)\b/;
/** A clock time asked about elsewhere ("3pm here, what's that in …", "their time", "for him"). */
const TIME_ELSEWHERE =
  /^(?=.*\b\d{1,2}(?::[0-5]\d)?\s*[ap]\.?m\b|.*\b\d{1,2}:[0-5]\d\b)(?=.*\bwhat(?:'?s| is) (?:that|it) (?:in|for)\b)|\b(?:their|his|her) time\b/i;
/** A place's own clock named ("in New York time", "to Boston time", "UK time"). */
const PLACE_TIME = /\b(?:in|to|into|at) (?:[A-Z][\w'-]+ ){1,2}time\b|\b[A-Z]{2,4} time\b/;
/** Whether it is day or night somewhere else: that place's time now. */
const TIME_THERE =
  /\b(?:day ?time|night ?time|daylight|morning|evening|night|awake|asleep|too late|too early)\s+(?:there|over there|for (?:him|her|them))\b|\bwhat time (?:is it|it is) (?:there|for (?:him|her|them))\b|\btoo (?:late|early)\b[,\s]+(?:to\s+)?(?:ring|call|phone|text|message|wake|facetime)\b|\b(?:he|she|they)(?:'s|'re| is| are) (?:still )?(?:awake|asleep|up)\b/i;

/**
 * A time someone else gave, wanted in the person's own clock ("what's that for me", "in my
 * time", "my time zone"), whether or not the time is written out (it may be in a mail).
 */
const FOR_ME =
  /\bwhat(?:'?s|’s| is| would be| will (?:that|it) be)\s+(?:that|it|this)?\s*(?:for me|in my time|my time|for us|here)\b|\bin my (?:own )?time(?:\s*zone)?\b|\bmy time\s*zone\b/i;

/** How long is left before something of the person's ("how long till my 2pm"): from now. */
const HOW_LONG_TILL =
  /\bhow long\s+(?:is it\s+)?(?:till|until|til|'til|before)\s+(?:my|our|the)\s+(?:\d|next\b|meeting|call|flight|train|appointment|class|lesson|interview|shift)/i;

/** Everyday words for what this group's tools say in their own terms. */
export const TIME_CUES: GroupCues = {
  shapes: [
    { pattern: ZONED_TIME, weight: 2 },
    { pattern: TIME_ELSEWHERE, weight: 2 },
    { pattern: TIME_THERE, weight: 2 },
    { pattern: PLACE_TIME, weight: 2 },
    { pattern: FOR_ME, weight: 2 },
    { pattern: HOW_LONG_TILL, weight: 2 },
  ],
  words: {
    timezone: ["time", "zone"],
  },
};
