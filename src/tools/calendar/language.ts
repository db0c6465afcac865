import {
  type Args,
  type BuildInput,
  DATED,
  dayRange,
  findDay,
  isWhen,
  officeHours,
  PERSONAL,
  SOMEWHERE,
  spokenWhen,
  titleFrom,
} from "../../brain/nlu/language/index.js";
import { byTool, type IntentTable, withPhrasings } from "../language.js";
import { CALENDAR_RANGE_INTENTS } from "./ranges.js";
import { bestWhen, EVENT_SAID, lengthSaid, namedIn, timeAfter, withoutNamed } from "./said.js";
import { SAMPLES } from "./samples.js";

/** What an event is called by its kind, for the requests that name one without its handle. */
const EVENT_KIND = "(meeting|appointment|call|event|lunch|dinner|session|visit|viewing|class|lesson|booking)";

/** How people ask about and add to their calendar (the team's own sentences). */
const CALENDAR = "(calendar|schedule|agenda|diary|planner)";
const EVENTS = "(events|meetings|appointments|plans|calendar|schedule|agenda)";

function eventsIn(input: BuildInput): Args {
  const day = input.values.day;
  if (!isWhen(day)) return {};
  const words = (input.matches.day?.raw ?? "").toLowerCase().split(/\s+/);
  return dayRange(day, words, input.env);
}

const NOT_AN_EVENT =
  /\b(?:alarms?|timers?|timr|reminders?|countdown|taxi|cab|uber|lyft|ride|pizza|takeout|takeaway|delivery|food|tickets?|flights?|train|bus|lights?|reservation|table|tables|restaurant|seats?|room|hotel|e ?mails?|texts?|posts?|tweets?|to ?do list|list of|(?:shopping|grocery|errands?|packing|my) list|out.of.office|auto.?repl\w*|away message)\b/i;

/**
 * "book a haircut at the barber's", "make a dentist appointment": an appointment made with a
 * business is booked in its diary, not this one, unless the person says to put it in theirs.
 */
const WITH_A_PROVIDER =
  /^(?!.*\b(?:calendar|diary|planner)\b).*\b(?:book|make|arrange|get)\s+(?:me\s+|us\s+)?(?:a|an|my|the)\s+(?:\w+\s+)?(?:dentist|dental|doctor|doctor's|gp|physio|haircut|hair|barber|vet|optician|nails?|massage|mot)\b/i;

/** "it is at the leisure centre", "it'll be in room 4": where the event just named is. */
const WHERE_IT_IS = /^(?:it is|it will be|that is|the place is|the venue is) (?:at|in) \S/;
const WHERE_SAID = /^(?:it is|it's|it will be|it'll be|that is|that's|the place is|the venue is) (?:at|in) /i;

function createEvent(input: BuildInput): Args | undefined {
  const { location, duration, who } = input.values;
  let { title, start } = input.values;
  if (input.fixed.bare === true)
    title = /\b(meeting|event|appointment|call)\b/i.exec(input.env.text)?.[1] ?? "Meeting";
  if (typeof title !== "string" || !isWhen(start)) return undefined;
  // "put something in my calendar on friday" names no event: asked, not added
  if (/^(?:something|anything)\b/i.test(title)) return undefined;
  const when = officeHours(start, input.matches.start?.raw ?? "", input.env);
  // "set up an alarm at 1pm", "schedule a taxi at 8": other tools' business, or no tool's
  if (NOT_AN_EVENT.test(title) || /^\d/.test(title)) return undefined;
  let name = title.replace(/^(?:a|an)\s+/i, "");
  if (typeof who === "string") name = `${name} with ${who}`;
  const args: Args = { title: name, start: when.iso };
  if (typeof location === "string") args.location = location;
  if (typeof duration === "number") args.duration_min = Math.round(duration / 60);
  if (when.endIso && !args.duration_min) args.end = when.endIso;
  return args;
}

const CALENDAR_INTENTS: IntentTable = {
  calendar_list_events: {
    refersTo: () => ({ it: "the event", one: "event" }),
    capability: {
      area: "Calendar",
      can: "check, add, move and delete events",
      example: "what's on my calendar today",
    },
    lookup: {
      nouns: /\b(?:calendar|meetings?|appointments?|agenda|schedule|diary|planner)\b/,
      vetoes: /\b(?:news|wall street)\b/,
      rank: 1,
    },
    describe: ({ from }, env) =>
      `Show your calendar${typeof from === "string" ? ` for ${spokenWhen(from.slice(0, 10), env)}` : ""}`,
    followUp: ({ last, when, words, env }) =>
      when ? { tool: last.tool, args: dayRange(when, words, env) } : undefined,
    // Sure but without calendar words, only a question about one's own time ("am i on vacation"),
    // and not about quantities of things ("how many potatoes are left")
    loose: new RegExp(`^(?!.*\\bhow (?:many|much)\\b)(?=.*${PERSONAL.source})`),
    vetoes: new RegExp(
      `${SOMEWHERE.source}|^(?:schedule|set|arrange|create|book|add|put|make|organize|plan)\\b|\\b(?:to|you|me|i want) (?:schedule|set|arrange|create|book|add|make)\\b|\\b(?:cancel|delete|remove|reschedule|move|change|clear|erase)\\b`,
    ),
    // "events" or "plans" alone are as often the town's as one's own: those need a "my" / "i"
    anchors: new RegExp(
      `\\b(?:calendar|meetings?|appointments?|agenda|schedule[ds]?|diary|planner|booked|(?:dinner |birthday )?part(?:y|ies)|birthday|anniversary|wedding|shift)\\b|^(?=.*(?:${PERSONAL.source}|${DATED.source})).*\\b(?:events?|plans|planned|busy|free|work|working|vacation|holiday|day off|off days?|programs?|programmes?)\\b`,
    ),
    templates: [
      `what is (on|in) my ${CALENDAR} [for] [{day}]`,
      `what (do i have|have i got|is there|have we got) [on|planned|scheduled|going on|coming up] [for|on] {day}`,
      `what do i have (on|planned|scheduled|going on|coming up)`,
      `(show|list|display|check|read|open|view|give|tell|search|look at|look through|go through) [me] [all] [my|the] ${EVENTS} [for|on] [{day}]`,
      `(do i have|are there|have i got|is there) any ${EVENTS} [on|for] [{day}]`,
      `(do i have|have i got) (a|an) (meeting|appointment|event) [on|for] [{day}]`,
      "(what|when) is my next (meeting|appointment|event|call)",
      "(am i|are we) (free|busy|available) [on|at|for] [{day}]",
      `what (meetings|appointments|events) (do i have|have i got|are there) [on|for] [{day}]`,
      `what is (happening|going on|planned|scheduled|coming up) [on|for] [{day}]`,
      "what is on the agenda [for] [{day}]",
      `is there anything (on|in) my ${CALENDAR} [for] [{day}]`,
      `(how|what) does my ${CALENDAR} look [like] [for] [{day}]`,
      `[my] ${CALENDAR} [for] [{day}]`,
      "how (busy|free|full) (am i|is my day|is my week|is my calendar) [{day}]",
    ],
    samples: [
      "what's coming up this week",
      "any meetings today",
      "check my calendar",
      "when is my next appointment",
      "what's happening this weekend",
    ],
    // Who else sees the calendar is the calendar app's setting, not a look at it
    negatives: [
      "let my partner see my calendar",
      "give the team access to my diary",
      "share my schedule with my boss",
      "publish my agenda online",
    ],
    // A day asked after as one's own time with no calendar word ("is there anything on
    // saturday", "what's my week looking like"): the day names one's plans, not the town's.
    // Matched, not taught
    shapes: [
      "(is there|have i got|do i have|got) anything (on|planned|booked|scheduled|in) [for|on] {day}",
      "(what is|how is|what does|how does) my week (looking|look) [like] [so far]",
      // Only the day said ("what's on tomorrow", "anything on friday?"): what is on a day,
      // asked of the user, is their plans; a place or a channel named is not a day
      "(what is|what's|whats) on [for] {day}",
      "anything on [for] {day}",
    ],
    build: eventsIn,
    fallback: (input) => {
      const day = findDay(input);
      return day ? dayRange(day, input.words, input.env) : {};
    },
  },
  calendar_create_event: {
    // One event, one reminder: "each month" is a routine's, not this tool's
    once: true,
    // "book me a dentist appointment": booked with someone else's diary, not put in this one
    beyond: (_args, env) =>
      /^\W*(?:(?:please|can you|could you|would you|will you|pls)\s+)*book\s+(?:me|us)\s+(?:a|an|in|into|on)\b/i.test(
        env.text,
      ) || WITH_A_PROVIDER.test(env.text)
        ? "I can't book appointments with other people or places, only put them in your own calendar: say “put … in my calendar” for that."
        : undefined,
    // "make it 4pm": the event just added moves; "cancel that": it is deleted
    // "make it half an hour": how long it lasts; "oh and it's at the leisure centre": where. With
    // no event to point at (only asked about, never added), which one is asked
    followUp: ({ kind, newest, when, seconds, words, rest }) => {
      const id = newest.e ? { id: newest.e } : {};
      if (kind === "change" && seconds !== undefined && !when && seconds >= 300)
        return { tool: "calendar_update_event", args: { ...id, duration_min: Math.round(seconds / 60) } };
      const place = kind === "and" && rest ? WHERE_IT_IS.exec(words.join(" ")) : null;
      if (place && rest)
        return { tool: "calendar_update_event", args: { ...id, location: rest.replace(WHERE_SAID, "") } };
      if (!newest.e) return undefined;
      if (kind === "undo") return { tool: "calendar_delete_event", args: { id: newest.e } };
      if (kind === "change" && when)
        return { tool: "calendar_update_event", args: { id: newest.e, start: when.iso } };
      return undefined;
    },
    ask: { title: "What should I call it?", start: "When does it start?" },
    describe: ({ title, start }, env) =>
      typeof title === "string" && typeof start === "string"
        ? `Add ${title} to your calendar ${spokenWhen(start, env)}`
        : undefined,
    templates: [
      "(schedule|arrange|plan|set up|organize) [a|an] {title} {start}",
      "(schedule|arrange|plan|set up) [a|an] {title} (at|in) {location:place} {start}",
      "(schedule|book|set up) [a|an] {duration} (meeting|call|appointment|session) with {who:contact} {start}",
      "(book|schedule) [a|an] (meeting|call|appointment|session) with {who:contact} {start}",
      "(schedule|book|set up) [a|an] {duration} {title} {start}",
      `(add|put) {title} (to|on|in|into) my ${CALENDAR} {start}`,
      // Fitting something in: "pencil in a haircut on saturday at ten"
      "(pencil in|book in|slot in|squeeze in|fit in|pop in) [a|an|my] {title} [for|on|at] {start}",
      `(add|put) {title} {start} (to|on|in|into) my ${CALENDAR}`,
      `(put|add) [a|an] {title} on my ${CALENDAR} {start}`,
      // Booking and setting are also said of tables, tickets and timers: those need an event word
      "(add|put|schedule|plan) [a|an|my] {title} (for|on|at) {start}",
      "(book|set|create|mark) [a|an|my] {title:event} (for|on|at) {start}",
      `(add|put) [a|an] {title} (to|on|in) [my|the] ${CALENDAR} (for|on|at) {start}`,
      "(create|add|make|set up|schedule|new) [a|an] [new] [calendar] (event|meeting|appointment|entry) (called|named|titled|for|about) {title} {start}",
      "(create|add|make|set up|schedule|new) [a|an] [new] [calendar] (event|meeting|appointment|entry) {start} (called|named|titled|for|about) {title}",
      {
        t: "(create|set up|schedule|arrange|book|set|plan) [a|an|my] (meeting|event|appointment|call) [with {who:contact}] {start}",
        args: { bare: true },
      },
    ],
    asks: [`(put|add|stick) something (in|on|into|to) my ${CALENDAR} {start:when}`],
    samples: [
      "add an event to my calendar",
      "schedule a meeting",
      "create a calendar event",
      "book an appointment",
    ],
    build: createEvent,
    anchors: EVENT_SAID,
    fallback: (input) => {
      const { zones, now, timezone, memo } = input.env;
      const options = { zones, now, timezone, direction: "future" as const, ...(memo ? { memo } : {}) };
      const found = bestWhen(input.words, options);
      if (!found) return undefined;
      // "for Friday, lunch with Kim at 1": the day comes first and the hour sits after the
      // title; the hour joins the day and leaves the title
      const after = found.when.hasTime ? undefined : timeAfter(input.words, found, options);
      const raw = after ? after.raw : input.words.slice(found.start, found.end).join(" ");
      const when = officeHours(after ? after.when : found.when, raw, input.env);
      const title = titleFrom(input, found.start, found.end, after?.at);
      if (!title || NOT_AN_EVENT.test(title)) return undefined;
      const said = namedIn(input.env.text);
      const args: Args = { title: withoutNamed(title, said), start: when.iso, ...said.args };
      const length = lengthSaid(input.words, found);
      if (length) args.duration_min = length;
      else if (when.endIso) args.end = when.endIso;
      return args;
    },
  },
};

/**
 * Changing what is already there: events are picked by handle, so a spoken "delete my meeting"
 * is an incomplete call and Jarvis asks which one ("the second one" resolves to a handle).
 */
const CALENDAR_EDIT_INTENTS: IntentTable = {
  // Events named by what they are, not by calendar words ("the picnic on saturday")
  calendar_events_lookup: {
    tool: "calendar_list_events",
    lookup: {
      nouns: /\b(?:scheduled|events?|plans|planned|busy|going on|get ?togethers?|conferences?|occasions?)\b/,
      // Whose plans: mine, not the town's ("any events around here" is a recommendation)
      needs: new RegExp(`${PERSONAL.source}|${DATED.source}`),
      vetoes: new RegExp(
        `${SOMEWHERE.source}|\\b(?:concerts?|sport\\w*|news|wall street|happening|go to)\\b`,
      ),
      rank: 2,
    },
  },
  calendar_delete_event: {
    ask: { id: 'Which event? Ask me to show them first, then say which one (for example "the second one").' },
    accepts: { id: ["e"] },
    handles: [{ kind: "e", verbs: ["cancel"], arg: "id" }],
    anchors:
      /\b(?:delete|deleted|remove|cancel|cancels|clear|erase|drop|scrap|call off|wipe|get rid of|destroy|take away)\b.*\b(?:calendar|meetings?|appointments?|events?|schedule|lunch|dinner|breakfast|party|call|date|session|class|reservation|stand ?up|hair ?cut|plans?|day|morning|afternoon|evening|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|booked|booking|gathering|fundraiser|festival|concert|match|lesson|practice|visit|trip|agenda)\b/,
    vetoes: /\b(?:alarms?|timers?|reminders?|lists?|e ?mails?|contacts?|songs?|playlist)\b/,
    templates: [],
    // An event named by its kind, with whom or when ("cancel the meeting with the bank on
    // monday"): which one is asked, whatever the other words (a bank or a shop is a guess's
    // stop word, not a meeting's). Matched, never taught
    askShapes: [
      `(cancel|delete|remove|call off|scrap|drop) (the|my|our|that) [${EVENT_KIND}] ${EVENT_KIND} [(with|on|this|next|for|at|tomorrow|today|tonight) [{tail:text}]]`,
    ],
    samples: [
      "delete my meeting tomorrow",
      "remove the appointment on friday",
      "cancel my dentist appointment",
      "cancel the meeting with the design team",
      "clear my calendar for today",
      "clear everything on my schedule tomorrow",
      "delete all events this weekend",
      "remove the lunch on thursday from my calendar",
      "erase the event at three",
      "drop the standup from my calendar",
      "call off the party on saturday",
      "get rid of my afternoon meetings",
      "delete the next event on my calendar",
      "remove my doctor visit next week",
      "cancel dinner with sarah",
      "take the conference call off my calendar",
      "wipe my schedule for monday",
      "scrap the review meeting",
      "i need to cancel my appointment on the fifth",
      "please delete the event called team sync",
      "remove every meeting this week",
      "cancel all my plans for tonight",
      "delete the birthday party from the calendar",
      "free up my calendar tomorrow morning",
      "my meeting got cancelled please remove it",
    ],
    fallback: () => undefined,
  },
  calendar_update_event: {
    ask: { id: 'Which event? Ask me to show them first, then say which one (for example "the second one").' },
    accepts: { id: ["e"] },
    anchors:
      /\b(?:move|reschedule|push|postpone|shift|change|rename|update|bring forward)\b.*\b(?:meetings?|appointments?|events?|calendar|lunch|dinner|call|party|stand ?up|sync|retro|review|one to one|1:1|\d{1,2}(?:[.:]\d\d)? ?(?:am|pm))\b/,
    vetoes: /\b(?:alarms?|timers?|reminders?|lists?|e ?mails?|contacts?)\b/,
    templates: [],
    samples: [
      "move my meeting to four",
      "reschedule the dentist appointment to next week",
      "push the team sync back an hour",
      "postpone my lunch with tom to friday",
      "change the time of my meeting tomorrow",
      "shift the call to the afternoon",
      "rename the event to project kickoff",
      "update the location of the meeting",
      "bring the review forward to nine",
      "move the party to saturday evening",
      "shift my 2pm to half past three",
      "push the retro on thursday back to 10.30",
      "move my 11am with the bank to noon",
      "slide tomorrow's sync to the afternoon",
    ],
    fallback: () => undefined,
  },
};

/** Free time, and calendars in and out of files. */
const CALENDAR_MORE_INTENTS: IntentTable = {
  calendar_find_free_time: {
    describe: ({ duration_min }) =>
      `Find free time${typeof duration_min === "number" ? ` for ${duration_min} minutes` : ""}`,
    templates: [
      "when am i (free|available|not busy) [{from:day}]",
      "(find|give me|suggest|show me) [me] [some|a few|a] (free|open|available) (time|slots|slot|time slots|windows) [{from:day}]",
      "(find|suggest) {count:number} (free|open) (slots|times) [{from:day}]",
      "(find|make) time for a {duration_min:duration} (meeting|call|chat|session) [{from:day}]",
      "when (can|could) i (fit in|squeeze in|schedule) a {duration_min:duration} (meeting|call|chat|session) [{from:day}]",
      "(do i have|have i got) (any|some) (free|spare) time [{from:day}]",
      "when am i (free|available) for {duration_min:duration} [{from:day}]",
      "when am i (free|available) for (a|an) {duration_min:duration} [{from:day}]",
      "(got|have i got|do i have|any) [any] (gaps|openings|free slots|space|room) {from:day} for a [quick] {duration_min:duration} (chat|call|meeting|catch up)",
      "(find|give|get) [me] {count:number} {duration_min:duration} (slots|gaps|windows) {from:day} [between {tail:text}]",
    ],
    build: (input) => {
      const { from, duration_min, count } = input.values;
      const args: Args = {};
      if (isWhen(from)) args.from = from.iso;
      if (typeof duration_min === "number") args.duration_min = Math.round(duration_min / 60);
      if (typeof count === "number") args.count = count;
      return args;
    },
    samples: ["when's a good gap in my week", "find me a free hour tomorrow", "any open slots on friday"],
  },
  calendar_export_ics: {
    ask: { path: "Where should I save it?" },
    describe: ({ path }) => (typeof path === "string" ? `Export your calendar to ${path}` : undefined),
    templates: [
      "(export|save|back up|download) [my|the] calendar (to|as|into) {path}",
      "(export|save) [my|the] (events|calendar) (to|as) [an|a] (ics|ical) file [called|named] {path}",
      "(export|save|back up) [my|the] {tail:label} calendar (to|as|into) [an|a] [ics|ical] [file] [at|to|in|called|named] {path}",
      "(export|save|back up) [my|the] calendar as [an|a] (ics|ical) file (at|to|in|called|named) {path}",
    ],
    asks: ["(export|save|back up) [my|the] (calendar|events) (to|as|into) [a|an] [ics|ical] file"],
    samples: ["back up my calendar to a file", "export my events"],
  },
  calendar_import_ics: {
    ask: { path: "Which file?" },
    describe: ({ path }) => (typeof path === "string" ? `Import ${path} into your calendar` : undefined),
    templates: [
      "(import|load|add) {path} (to|into|in) [my|the] calendar",
      "(import|load) [the] (events|calendar|invite|invitation) (from|in) {path}",
    ],
    // Into a calendar named by its name ("into the Family calendar"): matched, not taught
    shapes: [
      "(import|load|add|put|copy) [the] [events|dates|term dates|schedule|invites] [from] {path} (to|into|in|on) [my|the] {calendar:label} (calendar|diary)",
      "(can you|could you|please) (import|load|add|put) [the] [events|dates|term dates|schedule|conference schedule] [from] {path} (to|into|in|on) [my|the] [{calendar:label}] (calendar|diary)",
    ],
    samples: ["import the invite file", "add the events from that ics file to my calendar"],
  },
};

export const CALENDAR_LANGUAGE = withPhrasings(
  byTool(CALENDAR_INTENTS, CALENDAR_EDIT_INTENTS, CALENDAR_MORE_INTENTS, CALENDAR_RANGE_INTENTS),
  SAMPLES,
);
