import { DATED, PERSONAL, SOMEWHERE } from "../parse-rules.js";
import type { SlotEnv, When } from "../slots/index.js";
import { findWhen } from "../slots/index.js";
import { capitalize, dayRange, findDay, NO_ARGS, subjectFrom, titleFrom } from "./helpers.js";
import { type Args, type BuildInput, type IntentTable, isWhen } from "./types.js";

/** Reminders, calendar, mail and contacts (tools owned by other helpers; contracts in HELPERS.md). */
const DUE = "[{due}]";

function reminder(input: BuildInput): Args | undefined {
  const title = input.values.title ?? input.fixed.title;
  if (typeof title !== "string") return undefined;
  const args: Args = { title: title.replace(/^to\s+/i, "") };
  if (isWhen(input.values.due))
    args.due = officeHours(input.values.due, input.matches.due?.raw ?? "", input.env).iso;
  // "i have a meeting tomorrow at ten, remind me": the date is inside what to remember
  if (input.fixed.trailing === true) {
    const { zones, now, timezone, memo } = input.env;
    const when = findWhen(title.toLowerCase().split(/\s+/), {
      zones,
      now,
      timezone,
      direction: "future",
      memo,
    });
    if (!when) return undefined;
    args.due = officeHours(when.when, title, input.env).iso;
  }
  return args;
}

export const REMINDER_INTENTS: IntentTable = {
  reminders_create: {
    templates: [
      `remind me to {title} ${DUE}`,
      "remind me {due} to {title}",
      "remind me (about|of|that) {title} {due}",
      "remind me {due} (about|of|that) {title}",
      "remind me (about|of|that) {title}",
      {
        t: "{title} [so] [please|can you|could you|will you] remind me [about it|of it|then]",
        args: { trailing: true },
      },
      `(set|create|add|make|schedule) [me] [a|an] [new] reminder (to|for|about|that) {title} ${DUE}`,
      "(set|create|add|make|schedule) [me] [a|an] [new] reminder [for|at|on] {due} (to|for|about|that) {title}",
      `(do not|don't|never) let me forget (to|about) {title} ${DUE}`,
      // A notification or a notice at a time is a reminder
      "(set|create|add|send me|give me) [a|an|me] (notification|notice|alert) (about|of|for|on) {title} {due}",
      "(set|create|add|send me|give me) [a|an|me] (notification|notice|alert) [for|on|at] {due} (about|of|for|on) {title}",
      "notify me (about|of) {title} {due}",
      `(add|put) {title} (to|on|in) my reminders ${DUE}`,
      `remember to {title} ${DUE}`,
      "new reminder {title}",
      { t: "remind me {due}", args: { title: "Reminder" } },
      { t: "new reminder (at|for|on) {due}", args: { title: "Reminder" } },
      {
        t: "(set|create|add|make) [me] [a|an] reminder [notification|alert] (for|at|on) {due}",
        args: { title: "Reminder" },
      },
    ],
    samples: ["set a reminder", "i need a reminder", "can you remind me later", "create a new reminder"],
    build: reminder,
    anchors: /\b(?:remind|reminder|forget)\b/,
    // A reminder that wakes you or rings at an hour is an alarm ("set a reminder alarm for 3 pm")
    vetoes: /\b(?:alarms?|wake (?:me )?up|waking)\b|^(?:let me know|tell me) when it is\b/,
    fallback: (input) => {
      // Only with a date: the reminder keeps the user's own words as its title
      const when = findDay(input);
      return when ? { title: input.env.text.trim().replace(/[.!?]+$/, ""), due: when.iso } : undefined;
    },
  },
  reminders_list: {
    vetoes: /\b(?:set|create|add|remind me to|make)\b/,
    anchors: /\breminders?\b|\bremind\b/,
    templates: [
      "(show|list|read|display|check|get|tell|give) [me] [all] [of] [my|the] [upcoming|open|pending] reminders [for {day}]",
      "(show|read|tell|give) [me] [my|the] (reminder|reminders) list [to me]",
      "what (are|is) my reminders [for {day}]",
      "what reminders (do i have|have i got|are there|are set) [for {day}]",
      "(do i have|are there|have i got|is there) any reminders [for {day}]",
      "what did i ask you to remind me [about|of]",
      "[my] reminders",
      "(what|which) reminders are (due|pending|open) [{day}]",
    ],
    samples: ["what am i supposed to remember", "pending reminders", "my to remind list"],
    fallback: NO_ARGS,
  },
};

const CALENDAR = "(calendar|schedule|agenda|diary|planner)";
const EVENTS = "(events|meetings|appointments|plans|calendar|schedule|agenda)";

function eventsIn(input: BuildInput): Args {
  const day = input.values.day;
  if (!isWhen(day)) return {};
  const words = (input.matches.day?.raw ?? "").toLowerCase().split(/\s+/);
  return dayRange(day, words, input.env);
}

const NOT_AN_EVENT =
  /\b(?:alarms?|timers?|reminders?|taxi|cab|uber|lyft|ride|pizza|takeout|takeaway|delivery|food|tickets?|flights?|train|bus|lights?|reservation|table for|room|to ?do list|list of|(?:shopping|grocery|errands?|packing|my) list)\b/i;

/** Meetings at "3:00" are at 3 pm: office hours beat the small hours unless "am" was said. */
const DAY_SAID =
  /\b(?:today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|next|this|week\w*|jan\w*|feb\w*|mar\w*|apr\w*|may|june?|july?|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*|\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth)\b/i;

function officeHours(start: When, raw: string, env: SlotEnv): When {
  const hour = Number(start.iso.slice(11, 13));
  if (!start.hasTime || hour < 1 || hour > 7 || /\b(?:am|a\.m|morning|night)\b/i.test(raw)) return start;
  let instant = new Date(start.instant.getTime() + 12 * 3_600_000);
  // "at 5" said at ten in the morning: five today, not five tomorrow (no day was named)
  const earlier = instant.getTime() - 24 * 3_600_000;
  if (!DAY_SAID.test(raw) && earlier > env.now.getTime()) instant = new Date(earlier);
  return {
    ...start,
    instant,
    iso: env.zones.iso(instant, env.timezone),
    date: env.zones.date(instant, env.timezone),
  };
}

function createEvent(input: BuildInput): Args | undefined {
  const { location, duration, who } = input.values;
  let { title, start } = input.values;
  if (input.fixed.bare === true)
    title = /\b(meeting|event|appointment|call)\b/i.exec(input.env.text)?.[1] ?? "Meeting";
  if (typeof title !== "string" || !isWhen(start)) return undefined;
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

export const CALENDAR_INTENTS: IntentTable = {
  calendar_list_events: {
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
    ],
    samples: [
      "what's coming up this week",
      "any meetings today",
      "check my calendar",
      "when is my next appointment",
      "what's happening this weekend",
    ],
    build: eventsIn,
    fallback: (input) => {
      const day = findDay(input);
      return day ? dayRange(day, input.words, input.env) : {};
    },
  },
  calendar_create_event: {
    templates: [
      "(schedule|arrange|plan|set up|organize) [a|an] {title} {start}",
      "(schedule|arrange|plan|set up) [a|an] {title} (at|in) {location:place} {start}",
      "(schedule|book|set up) [a|an] {duration} (meeting|call|appointment|session) with {who:contact} {start}",
      "(book|schedule) [a|an] (meeting|call|appointment|session) with {who:contact} {start}",
      "(schedule|book|set up) [a|an] {duration} {title} {start}",
      `(add|put) {title} (to|on|in|into) my ${CALENDAR} {start}`,
      `(add|put) {title} {start} (to|on|in|into) my ${CALENDAR}`,
      `(put|add) [a|an] {title} on my ${CALENDAR} {start}`,
      "(add|put|schedule|set|create|book|plan|mark) [a|an|my] {title} (for|on|at) {start}",
      `(add|put) [a|an] {title} (to|on|in) [my|the] ${CALENDAR} (for|on|at) {start}`,
      "(create|add|make|set up|schedule|new) [a|an] [new] [calendar] (event|meeting|appointment|entry) (called|named|titled|for|about) {title} {start}",
      "(create|add|make|set up|schedule|new) [a|an] [new] [calendar] (event|meeting|appointment|entry) {start} (called|named|titled|for|about) {title}",
      {
        t: "(create|set up|schedule|arrange|book|set|plan) [a|an|my] (meeting|event|appointment|call) [with {who:contact}] {start}",
        args: { bare: true },
      },
    ],
    samples: [
      "add an event to my calendar",
      "schedule a meeting",
      "create a calendar event",
      "book an appointment",
    ],
    build: createEvent,
    anchors:
      /\b(?:add|put|schedule|set|create|book|plan|mark|make)\b.*\b(?:calendar|meeting|event|appointment|party|dinner|lunch|class|practice)\b/,
    fallback: (input) => {
      const { zones, now, timezone, memo } = input.env;
      const found = findWhen(input.words, {
        zones,
        now,
        timezone,
        direction: "future",
        ...(memo ? { memo } : {}),
      });
      if (!found) return undefined;
      const title = titleFrom(input, found.start, found.end);
      return title ? { title, start: found.when.iso } : undefined;
    },
  },
};

function mailQuery(input: BuildInput): Args {
  const args: Args = { ...input.fixed };
  const { from, since, query, unread } = input.values;
  if (typeof from === "string") args.from = from;
  if (isWhen(since)) args.since = since.iso;
  if (typeof query === "string") args.query = query;
  if (unread === true) args.unread = true;
  return args;
}

function mailSend(input: BuildInput): Args | undefined {
  const { to, body, subject } = input.values;
  if (!Array.isArray(to)) return undefined;
  // "email John" with nothing to say: an empty draft to John, never a send
  if (input.fixed.empty === true) return { to, subject: "", body: "" };
  const text = typeof body === "string" ? body : undefined;
  const topic = typeof subject === "string" ? capitalize(subject) : undefined;
  if (!text && !topic) return undefined;
  return { to, subject: topic ?? subjectFrom(text ?? ""), body: text ?? "" };
}

const MAIL = "(email|emails|mail|mails|messages|message|inbox)";
const UNREAD = "[{unread}]";
const FROM = "[from {from}]";
const SINCE = "[{since}]";
const SEND = "(send|write|compose|shoot|fire off)";
const SAYING =
  "(saying|that says|to say|telling them|telling him|telling her|with the message|that|asking|and ask [him|her|them]|and tell [him|her|them]|and say)";

export const MAIL_INTENTS: IntentTable = {
  mail_search: {
    loose: /\b(?:messages?|sent|send|wrote|written|received|repl\w*|forward\w*)\b/,
    // Sending is vetoed when asked for, not when asked about ("did mike send me an email")
    vetoes:
      /^(?:(?:can|could|would|will) you |please |i want to |i need to )*(?:send|write|compose|reply|respond|forward|answer|email|mail)\b|\b(?:to send|add|delete|archive|contacts?)\b/,
    anchors: /\b(?:e ?mails?|g ?mail|mail|inbox|emailed|mailbox|replies|replied|attachments?)\b/,
    templates: [
      `(check|read|open|show|get|view|display|fetch) [me] [my|the] [latest|recent|new|last] ${MAIL}`,
      `(do i have|have i got|did i get|did i receive|are there|is there|have i received) any ${UNREAD} ${MAIL} ${FROM} ${SINCE}`,
      `(do i have|have i got) ${UNREAD} ${MAIL} ${FROM} ${SINCE}`,
      `any ${UNREAD} ${MAIL} (from {from}) ${SINCE}`,
      `(show|find|get|list|read) [me] [all] [the|my] ${UNREAD} ${MAIL} (from {from}) ${SINCE}`,
      `(show|find|get|list|read) [me] [all] [the|my] ${UNREAD} ${MAIL} [in my inbox] ${SINCE}`,
      `(did|has) {from} (email|emailed|mail|mailed|write|written|message|messaged|reply|replied) [to] [me] ${SINCE}`,
      `(find|search for|look for|show|get) [me] [my|the|any] ${MAIL} (about|regarding|on|mentioning|with the subject|titled) {query}`,
      `search (my|the) ${MAIL} for {query}`,
      `how many ${UNREAD} ${MAIL} (do i have|are there|have i got)`,
      "(what is|anything) new in my inbox",
      { t: `new ${MAIL} [please]`, args: { unread: true } },
      `(what are|show me|read me) my (newest|latest|new|recent) ${MAIL}`,
      `who (emailed|mailed|wrote to|messaged) me ${SINCE}`,
    ],
    samples: ["any new mail", "check inbox", "did anyone write to me", "latest emails please"],
    build: mailQuery,
    fallback: (input) => {
      const args: Args = {};
      if (input.words.includes("unread") || input.words.includes("new")) args.unread = true;
      return args;
    },
  },
  mail_send: {
    templates: [
      `${SEND} [an|a] (email|mail|message|note) to {to} ${SAYING} {body}`,
      `${SEND} {to} an (email|mail|message) ${SAYING} {body}`,
      `(email|mail) {to} ${SAYING} {body}`,
      `${SEND} [an|a] (email|mail) to {to} (about|regarding) {subject} ${SAYING} {body}`,
      `(email|mail) {to} (about|regarding) {subject} ${SAYING} {body}`,
      `(reply to|answer) {to} ${SAYING} {body}`,
      `${SEND} [an|a] (email|mail) to {to} [and] {body}`,
    ],
    samples: ["send an email", "compose an email", "write a mail to my friend", "send a message by email"],
    build: mailSend,
  },
  mail_draft: {
    templates: [
      "(draft|prepare) [an|a] (email|mail|message) to {to} (about|regarding|on) {subject}",
      `(draft|prepare) [an|a] (email|mail|message) to {to} ${SAYING} {body}`,
      `(write|start) a draft (to|for) {to} (about|regarding) {subject}`,
      {
        t: "(send|write|compose|start|draft|create|prepare) [an|a] [new] (email|mail|e mail) (to|for) {to} [now|please]",
        args: { empty: true },
      },
      { t: "(email|mail) {to} [now|please]", args: { empty: true } },
      {
        t: "(i need|i want|i would like) to (email|mail|write to|send an email to|write an email to) {to}",
        args: { empty: true },
      },
      { t: "(send|write) {to} an (email|mail) [now|please]", args: { empty: true } },
    ],
    samples: ["draft an email", "start a draft", "prepare an email but don't send it"],
    build: mailSend,
    // Only ever a draft from a guess: nothing leaves until the user sends it
    anchors: /\b(?:e ?mail|mail|reply|respond)\b/,
    vetoes:
      /^(?!(?:send|compose|write|reply|respond|forward)\b(?! me\b)).*\b(?:did|has|have i|any|check|read|inbox|search|find|contacts?|address|id)\b/,
    fallback: (input) => {
      const said = input.words.join(" ");
      const m =
        /\b(?:to|e ?mail|mail|reply to|respond to|write to|message)\s+(?!(?:me|my|the|a|an|all|him|her|them|it|this|that|someone|everyone|for|about|to)\b)([a-z]+)(?:\s+(.+))?$/.exec(
          said,
        );
      if (!m) return undefined;
      const body = (m[2] ?? "")
        .replace(/^(?:saying|that|about|and say|and tell (?:him|her|them))\s+/, "")
        .trim();
      return { to: [m[1]!], subject: body ? subjectFrom(body) : "", body };
    },
  },
};
