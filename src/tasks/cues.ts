import type { GroupCues } from "../core/language.js";

const DAYS =
  "monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|sun";

/**
 * A standing instruction: something to do again and again on a schedule ("every other
 * Thursday", "each weekday at 7", "nightly"), whenever something happens ("any file that lands
 * in…", "each new one as soon as it arrives", "from now on"), or while watching a page ("keep an
 * eye on it"). Whatever the step is, it is a routine's; a routine also goes by what it does ("my
 * evening digest", "the morning briefing"), and is paused, resumed or run by the name the list
 * shows.
 */
export const ROUTINES_CUES: GroupCues = {
  shapes: [
    {
      pattern: new RegExp(
        `\\b(?:every|each)\\s+(?:other\\s+|single\\s+|second\\s+)?(?:week\\s?day|weekday|weekend|work\\s?day|day|night|morning|evening|afternoon|hour|week|month|year|${DAYS}|(?:\\d+|few|couple of)\\s+(?:minutes?|hours?|days?|weeks?))s?\\b|\\b(?:nightly|weekly|daily|hourly|fortnightly|monthly)\\b|\\bon\\s+(?:${DAYS})s\\b`,
        "i",
      ),
      weight: 2,
    },
    {
      pattern:
        /\b(?:any|each|every|whenever an?|when an?)\s+(?:new\s+)?(?:[\w.-]+\s+){0,2}(?:that|which)?\s*(?:lands?|arrives?|comes? in|appears?|shows? up|turns? up|drops?)\b|\b(?:from now on|going forward|from here on|each time (?:one|it|a new)|every time (?:one|it|a new))\b/i,
      weight: 2.5,
    },
    {
      // Something watched for a change ("when the price page changes", "the second it
      // updates"): checked again and again until it does, so it is a routine's
      pattern:
        /\b(?:when|whenever|as soon as|the (?:second|moment|minute))\s+(?:[\w'.-]+\s+){0,4}(?:changes|updates|goes up|goes down|comes back in stock)\b/i,
      weight: 2,
    },
    {
      // A step tied to every event of a kind rather than to a clock ("before any meeting with…",
      // "after each call"): the diary is read again and again, so it is a routine's
      pattern:
        /\b(?:before|after|ahead of)\s+(?:any|each|every)\s+(?:[\w-]+\s+){0,2}?(?:meetings?|events?|calls?|appointments?|sessions?|lessons?|classes?|viewings?|visits?|shifts?|matches|match|games?|flights?|trips?|shows?|rehearsals?|practices?|interviews?|lectures?|workouts?|deliver(?:y|ies))\b/i,
      weight: 2,
    },
    {
      pattern:
        /\b(?:keep an eye on|keep watching|keep checking|watch (?:it|that|this|the page)|as a routine)\b/i,
      weight: 2.5,
    },
  ],
  words: {
    routine: ["routines"],
    routines: ["routines"],
    briefing: ["routine"],
    digest: ["routine"],
    automation: ["routine"],
    recurring: ["routine", "every"],
    "back on": ["resume"],
    // Got rid of is removed ("get rid of every routine that…", "ditch the watcher")
    "get rid of": ["remove", "delete"],
    "got rid of": ["remove", "delete"],
    ditch: ["remove", "delete"],
    // Put on hold is paused ("hold the price watcher", "put it on hold")
    hold: ["pause"],
    "switch back on": ["resume"],
    "turn back on": ["resume"],
    "try it once": ["run", "routine"],
    // A routine named by what it does while nobody looks: "the price watcher", "every automatic thing"
    watcher: ["routine"],
    watchers: ["routines"],
    automatic: ["routine"],
    automated: ["routine"],
  },
  // Paused, resumed, removed or run by the name the list shows
  lookups: {
    routines_pause: ["routines_list"],
    routines_resume: ["routines_list"],
    routines_remove: ["routines_list"],
    routines_run: ["routines_list"],
  },
};

/**
 * Something told to the person wherever they are: on every screen, to the whole household,
 * out loud and on the screen at once, announced.
 */
export const NOTIFY_CUES: GroupCues = {
  shapes: [
    {
      pattern:
        /\b(?:every|all|each)\s+(?:of\s+)?(?:my\s+|the\s+)?(?:screens?|surfaces?|devices?|rooms?|speakers?)\b|\beverywhere\b|\bwherever\s+i\s+(?:am|happen to be|'?m)\b|\bwherever\s+i'm\b|\b(?:whole|entire)\s+(?:house|household|flat|home|family)\b|\beveryone\s+(?:in|at)\s+(?:the\s+|my\s+)?(?:house|home|flat)\b|\bannounce\b|\bout loud and on\b|\bon (?:the |my )?screens?\s+and out loud\b/i,
      weight: 3,
    },
    {
      // Something to be said aloud when it happens ("say it out loud", "say so aloud"): the
      // announcement's voice, whatever else the request needs first
      pattern: /\bsay\s+(?:it|that|this|so)\s+(?:out\s+loud|aloud)\b/i,
      weight: 2,
    },
  ],
  words: {
    announce: ["tell", "surface"],
    everywhere: ["surface"],
    screens: ["surface"],
    // Said aloud as well as shown: every surface at once
    "out loud": ["voice", "surface"],
    aloud: ["voice", "surface"],
    // Called for when something happens, said as a call across the house ("shout for me",
    // "give me a shout", "holler")
    shout: ["tell", "surface"],
    holler: ["tell", "surface"],
  },
};

/**
 * What rang, went off or was missed, asked about after the fact ("what went off this
 * afternoon", "the thing that rang at 7"): the alerts, each dealt with by the id their list shows.
 */
export const ALERTS_CUES: GroupCues = {
  words: {
    "went off": ["ringing", "missed"],
    "gone off": ["ringing", "missed"],
    "going off": ["ringing"],
    rang: ["ringing"],
    beeped: ["ringing"],
    buzzed: ["ringing"],
  },
  lookups: {
    alerts_dismiss: ["alerts_list"],
    alerts_snooze: ["alerts_list"],
  },
};

/** Cues by tool group: the tasks tools carry their own group's. */
export const TASKS_CUES: Readonly<Record<string, GroupCues>> = {
  routines: ROUTINES_CUES,
  notify: NOTIFY_CUES,
  alerts: ALERTS_CUES,
};
