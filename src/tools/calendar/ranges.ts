import { type Args, type BuildInput, isWhen } from "../../brain/nlu/language/index.js";
import type { IntentTable } from "../language.js";

/**
 * Events said as a situation with their time range ("yoga thursday 6 to 7pm", "block out 9 till
 * 12 tomorrow for deep work"), a whole series taken away, and free time asked as "a free hour".
 * All shapes: matched whole, never taught, so the classifier's training is unchanged.
 */

const TO = "(to|till|til|until|-)";
const BLOCK = "(block out|block off|block|reserve|hold|keep|set aside|put in|pencil in|book out)";
const ON_CALENDAR = "[(on|in|to) [my|the] {calendar:label} (calendar|diary)]";

interface Hour {
  hour: number;
  minute: number;
  /** "am" / "pm" when said. */
  half?: "am" | "pm";
}

/** An hour as said in a range: "6", "7pm", "10:30", "8.40am", "noon". */
function hourOf(raw: string): Hour | undefined {
  const said = raw.trim().toLowerCase().replace(/\s+/g, "");
  if (said === "noon" || said === "midday") return { hour: 12, minute: 0, half: "pm" };
  const m = /^(\d{1,2})(?:[:.](\d\d))?(am|pm|a\.m\.|p\.m\.)?$/.exec(said);
  if (!m) return undefined;
  const hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  if (hour > 23 || minute > 59) return undefined;
  const half = m[3] ? (m[3].startsWith("a") ? "am" : "pm") : undefined;
  return { hour, minute, ...(half ? { half } : {}) };
}

function in24(h: Hour, half: "am" | "pm"): number {
  return (h.hour % 12) + (half === "pm" ? 12 : 0);
}

/**
 * The two hours of a range on a 24-hour clock. A half said on one side carries to the other
 * when that keeps the range in order ("6 to 7pm", "11 to 1pm" starts in the morning); with none
 * said, a bare small hour is the afternoon's and a range never ends before it starts ("9 to 5").
 */
export function rangeHours(fromRaw: string, toRaw: string): { start: number; end: number } | undefined {
  const from = hourOf(fromRaw);
  const to = hourOf(toRaw);
  if (!from || !to) return undefined;
  const minutes = (h: number, x: Hour) => h * 60 + x.minute;
  let start: number;
  let end: number;
  if (from.hour > 12 || to.hour > 12) {
    start = minutes(from.hour > 12 ? from.hour : from.half ? in24(from, from.half) : from.hour, from);
    end = minutes(to.hour > 12 ? to.hour : to.half ? in24(to, to.half) : to.hour, to);
  } else if (to.half && !from.half) {
    end = minutes(in24(to, to.half), to);
    const same = minutes(in24(from, to.half), from);
    start = same < end ? same : minutes(in24(from, to.half === "pm" ? "am" : "pm"), from);
  } else if (from.half) {
    start = minutes(in24(from, from.half), from);
    end = minutes(to.half ? in24(to, to.half) : to.hour, to);
    while (end <= start && end + 720 < 1440) end += 720;
  } else {
    const office = (h: Hour) => (h.hour >= 1 && h.hour <= 6 ? h.hour + 12 : h.hour === 12 ? 12 : h.hour);
    start = minutes(office(from), from);
    end = minutes(to.hour, to);
    while (end <= start && end + 720 < 1440) end += 720;
  }
  if (end <= start || end - start > 16 * 60) return undefined;
  return { start, end };
}

function isoAt(input: BuildInput, date: string, minutes: number): string {
  const { zones, timezone } = input.env;
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  return zones.iso(zones.at(date, `${hh}:${mm}`, timezone), timezone);
}

const NOT_A_TITLE = /^(?:it|this|that|something|anything|time|me|us|an? (?:hour|minute)s?)$|\d/i;

/**
 * Words before a range that are another request or a question, not an event's name ("move my
 * meeting friday 3 to 4", "am I free …", "the shop is open sunday 10 to 4"), or another tool's
 * thing (an alarm, a reminder, a ride).
 */
const NOT_AN_EVENT_NAME =
  /^(?:move|moving|change|reschedule|push|shift|cancel|delete|remove|clear|set|turn|remind|wake|play|call|ring|text|email|send|what|when|is|are|am|do|does|did|can|could|would|will|how|who|where|why|which|make|update|show|list|find|check|give|tell|get|keep|hold)\b|\b(?:is|are|was|were|open|opens|closed|closes|alarms?|timers?|reminders?|taxi|cab|uber|delivery|lights?|heating|thermostat)\b/i;

/** An event with its day and its range of hours; the words before or after are its title. */
function rangedEvent(input: BuildInput): Args | undefined {
  const { day, title, location, calendar } = input.values;
  if (!isWhen(day) || typeof title !== "string") return undefined;
  let name = title.trim().replace(/^(?:a|an|my)\s+/i, "");
  // "parents' evening at Oakfield School": a place after "at" in the name is where it is
  let place = typeof location === "string" ? location.trim() : "";
  const at = /^(.+?)\s+at\s+((?:the\s+)?[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*)$/.exec(name);
  if (!place && at) {
    name = at[1]!;
    place = at[2]!;
  }
  if (!name || NOT_A_TITLE.test(name) || NOT_AN_EVENT_NAME.test(name) || name.split(/\s+/).length > 8)
    return undefined;
  const hours = rangeHours(input.matches.from?.raw ?? "", input.matches.to?.raw ?? "");
  if (!hours) return undefined;
  const args: Args = {
    title: name.charAt(0).toUpperCase() + name.slice(1),
    start: isoAt(input, day.date, hours.start),
    end: isoAt(input, day.date, hours.end),
  };
  if (place) args.location = place;
  if (typeof calendar === "string" && calendar.trim()) args.calendar = calendar.trim();
  return args;
}

/**
 * Free time asked for as a free length ("a free hour", "two half-hour slots"). Never "a
 * window": on this computer that word is the desktop's, so it stays a question.
 */
function freeLength(input: BuildInput): Args | undefined {
  const { from, duration_min, count } = input.values;
  const fixed = typeof input.fixed.duration_min === "number" ? input.fixed.duration_min * 60 : undefined;
  const seconds = typeof duration_min === "number" ? duration_min : fixed;
  if (seconds === undefined || seconds < 300) return undefined;
  const args: Args = { duration_min: Math.round(seconds / 60) };
  if (isWhen(from)) args.from = from.iso;
  if (typeof count === "number" && count >= 1 && count <= 10) args.count = count;
  return args;
}

const FREE = "(free|spare|open|clear|empty)";
const HOURS: ReadonlyArray<readonly [string, number]> = [
  ["hour", 60],
  ["(half hour|half an hour|half-hour)", 30],
  ["(one hour|one-hour)", 60],
  ["(hour and a half|hour and half)", 90],
];

export const CALENDAR_RANGE_INTENTS: IntentTable = {
  calendar_free_length: {
    tool: "calendar_find_free_time",
    shapes: [
      `(find|get|give|show) [me|us] (a|an|one) ${FREE} {duration_min:duration} [slot|gap|block|opening] [sometime|some time|any time|anytime] [{from:day}] [(for|to) {tail:text}]`,
      `(find|get|give|show) [me|us] {count:number} [${FREE}] {duration_min:duration} (slots|gaps|blocks|openings|times) [sometime|some time|any time|anytime] [{from:day}] [(for|to) {tail:text}]`,
      `(find|get|give|show) [me|us] (a|an|one) {duration_min:duration} (slot|gap|block|opening) [sometime|some time|any time|anytime] [{from:day}] [(for|to) {tail:text}]`,
      `(have i got|do i have|is there|got) (a|an|one) [${FREE}] {duration_min:duration} [${FREE}|to spare] [on|for] {from:day} [(for|to) {tail:text}]`,
      `(when|where) (have i got|do i have|is there|can i find) (a|an|one) [${FREE}] {duration_min:duration} [${FREE}] [on|for] [{from:day}]`,
      // "a free hour", "a spare half hour": the length named by its word, no number
      ...HOURS.flatMap(([said, minutes]) => [
        {
          t: `[ok|so|right] (find|get|give|show) [me|us] (a|an|one) ${FREE} ${said} [slot|gap|opening] [sometime|some time|any time|anytime] [{from:day}] [(for|to) {tail:text}] [then|please]`,
          args: { duration_min: minutes },
        },
        {
          t: `(have i got|do i have|is there|got) (a|an|one) [${FREE}] ${said} [${FREE}|to spare] [on|for] {from:day} [(for|to) {tail:text}]`,
          args: { duration_min: minutes },
        },
        {
          t: `(find|get|give|show) [me|us] {count:number} [${FREE}] ${said} (slots|gaps|blocks|openings) [sometime|some time|any time|anytime] [{from:day}] [(for|to) {tail:text}]`,
          args: { duration_min: minutes },
        },
      ]),
    ],
    build: freeLength,
  },
  // A whole series taken away ("the whole series, not just this week"): which event is asked
  calendar_delete_series: {
    tool: "calendar_delete_event",
    askShapes: [
      {
        t: "(delete|cancel|remove|get rid of|scrap|drop|call off|clear) [the|my] [{what:text}] [,] (the whole|the entire|all of the|every one of the|all the|every) (series|recurring event|recurring meeting|occurrences|repeats) [{tail:text}]",
        args: { series: true },
      },
      {
        t: "(delete|cancel|remove|get rid of|scrap|drop|call off) [the|my] [{what:text}] [,] (every one of them|all of them|every week of it|all future ones) [,] [{tail:text}]",
        args: { series: true },
      },
    ],
    build: (input) => ({ ...input.fixed }),
  },
  calendar_event_range: {
    tool: "calendar_create_event",
    shapes: [
      `{title:title} {day:day} [from] {from:text} ${TO} {to:text} [(at|in) {location:text}]`,
      `{title:title} [from] {from:text} ${TO} {to:text} {day:day} [(at|in) {location:text}]`,
      `${BLOCK} [from] {from:text} ${TO} {to:text} {day:day} (for|to do|to work on) {title:title} ${ON_CALENDAR}`,
      `${BLOCK} {day:day} [from] {from:text} ${TO} {to:text} (for|to do|to work on) {title:title} ${ON_CALENDAR}`,
      // The place said before the day ("parents' evening at the school on Wednesday from 6 to 8pm")
      `(schedule|add|put in|book|pencil in|set up) [a|an] {title:title} (at|in) {location:text} (on|for) {day:day} [from] {from:text} ${TO} {to:text}`,
      `(schedule|add|put in|book|pencil in|set up) [a|an] {title:title} [from] {from:text} ${TO} {to:text} (on|for) {day:day} [(in|at) {location:text}]`,
      `(schedule|add|put in|book|pencil in|set up) [a|an] {title:title} (on|for) {day:day} [from] {from:text} ${TO} {to:text} [(in|at) {location:text}]`,
    ],
    build: rangedEvent,
  },
};
