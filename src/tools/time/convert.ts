import { z } from "zod";
import type { Clock } from "../../core/clock.js";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import { Zone } from "../calendar/timezone.js";
import type { ResolvedZone, ZoneResolver } from "./resolve.js";

const PLACE = "a city, country or time zone: Tokyo, India, EST, Europe/Paris, GMT+4";
const args = z
  .object({
    to: z.string().trim().min(1).max(100).describe(`where to convert to: ${PLACE}`),
    from: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe(`where the time is given: ${PLACE} (default: here)`),
    time: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .optional()
      .describe("the clock time to convert: 21:30 or 9:30 pm (default: now)"),
    date: z.iso
      .date()
      .optional()
      .describe("the day of that time (YYYY-MM-DD), for daylight-saving changes (default: today)"),
  })
  .strict();
type Args = z.infer<typeof args>;

/** A clock time as said: "21:30", "9:30 pm", "9am", "noon", "0930", or a local ISO datetime. */
export interface ClockTime {
  hour: number;
  minute: number;
  /** YYYY-MM-DD, when the text carried a date (the NLU's ISO datetimes do). */
  date?: string;
}

export function parseClockTime(text: string): ClockTime | undefined {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/([ap])\.\s*m\.?/g, "$1m")
    .replace(/\s+/g, " ");
  if (t === "noon" || t === "midday") return { hour: 12, minute: 0 };
  if (t === "midnight") return { hour: 0, minute: 0 };
  const iso = /^(\d{4}-\d{2}-\d{2})[t ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?$/.exec(t);
  if (iso) {
    const [hour, minute] = [Number(iso[2]), Number(iso[3])];
    const day = new Date(`${iso[1]}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== iso[1]) return undefined;
    return hour < 24 && minute < 60 ? { hour, minute, date: iso[1]! } : undefined;
  }
  const m = /^(\d{1,2})(?:[:.h](\d{2})|(\d{2}))? ?(am|pm|a|p)?$/.exec(t);
  if (!m) return undefined;
  const hour = Number(m[1]);
  const minute = Number(m[2] ?? m[3] ?? 0);
  if (minute > 59) return undefined;
  const half = m[4]?.[0];
  if (!half) return hour < 24 ? { hour, minute } : undefined;
  if (hour < 1 || hour > 12) return undefined;
  return { hour: (hour % 12) + (half === "p" ? 12 : 0), minute };
}

/** The wall clock of an instant in a zone, and the zone's offset from UTC then (minutes). */
interface Wall {
  date: string;
  hour: number;
  minute: number;
  offset: number;
}

function wallAt(instant: number, zone: string): Wall {
  const z = new Zone(zone);
  const w = z.wall(instant);
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    date: `${String(w.year).padStart(4, "0")}-${pad(w.month)}-${pad(w.day)}`,
    hour: w.hour,
    minute: w.minute,
    offset: z.offset(instant),
  };
}

/** The instant a wall clock shows `hour:minute` on `date` in `zone` (the earlier one in a DST fold). */
function instantAt(date: string, time: ClockTime, where: ResolvedZone): number {
  const [year = 1970, month = 1, day = 1] = date.split("-").map(Number);
  const zone = new Zone(where.zone);
  const instant = zone.toInstant({ year, month, day, hour: time.hour, minute: time.minute, second: 0 });
  const back = zone.wall(instant);
  // Zone moves a time in the spring gap forward; a conversion must not answer for another time
  if (back.day !== day || back.hour !== time.hour || back.minute !== time.minute)
    throw new JarvisError(
      "ARGS_INVALID",
      `${clockText(time)} does not exist in ${where.name} on ${date}: the clocks skip it for daylight saving`,
      { fix: "pick a time outside the skipped hour" },
    );
  return instant;
}

function clockText(t: { hour: number; minute: number }): string {
  return `${t.hour % 12 || 12}:${String(t.minute).padStart(2, "0")} ${t.hour < 12 ? "AM" : "PM"}`;
}

/** "UTC+9", "UTC+5:30", "UTC-3:30", "UTC". */
function utcLabel(offset: number): string {
  if (offset === 0) return "UTC";
  const abs = Math.abs(offset);
  const minutes = abs % 60 ? `:${String(abs % 60).padStart(2, "0")}` : "";
  return `UTC${offset < 0 ? "-" : "+"}${Math.floor(abs / 60)}${minutes}`;
}

// CLDR gives each English locale the abbreviations its readers know (CDT in en-US, BST and CET
// in en-GB, IST in en-IN, AEDT in en-AU): the first letters-only one is the name people use
const LOCALES = ["en-US", "en-GB", "en-IN", "en-AU", "en-CA", "en-ZA"];

function abbreviation(where: ResolvedZone, instant: number, offset: number): string {
  for (const locale of LOCALES) {
    const name = new Intl.DateTimeFormat(locale, { timeZone: where.zone, timeZoneName: "short" })
      .formatToParts(instant)
      .find((p) => p.type === "timeZoneName")?.value;
    if (name && /^[A-Z]{2,5}$/.test(name)) return name;
  }
  return where.said ?? utcLabel(offset);
}

/** "in Chicago (CST)", "here in London (BST)", "GMT+4". */
function phrase(where: ResolvedZone, instant: number, offset: number): string {
  if (where.kind === "offset" || where.kind === "utc") return where.name;
  const abbr = abbreviation(where, instant, offset);
  if (where.kind === "local")
    return where.zone.includes("/") ? `here in ${where.name} (${abbr})` : `here (${abbr})`;
  return `in ${where.name} (${abbr})`;
}

/** 60 → "1 hour", 330 → "5 hours 30 minutes", 45 → "45 minutes". */
function span(minutes: number): string {
  const h = Math.floor(Math.abs(minutes) / 60);
  const m = Math.abs(minutes) % 60;
  const hours = h ? `${h} hour${h === 1 ? "" : "s"}` : "";
  const mins = m ? `${m} minute${m === 1 ? "" : "s"}` : "";
  return [hours, mins].filter(Boolean).join(" ");
}

function dayShift(from: string, to: string): string {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  if (days === 0) return "";
  if (days === 1) return " the next day";
  if (days === -1) return " the previous day";
  return ` on ${to}`;
}

function longDate(date: string): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${date}T12:00:00Z`));
}

/** time_convert: a clock time from one place to another, and how far apart their clocks are. */
export function timeConvertTool(zones: ZoneResolver, clock: Clock): ToolDefinition {
  return defineTool<Args>({
    name: "time_convert",
    group: "time",
    description:
      "Convert a time from one city or time zone to another (EST, GMT+4, Tokyo), or tell how many " +
      "hours apart two places are. Handles half-hour zones and daylight saving.",
    parameters: parametersFrom(args),
    effects: ["read", "network", "egress"],
    risk: "safe",
    examples: [
      // Not "what is one dollar in euros": a bare "what is" / "convert" is as often about money
      "what time is {time:clock} [in] {from:city} [time] (in|to) {to:city} [time]",
      "(what is|convert) {time:clock} {from:city} time (in|to) {to:city} [time]",
      "(what is|convert) {time:clock} {from:zone} [time] (in|to) {to:zone} [time]",
      "convert {time:clock} from {from:city} [time] to {to:city} [time]",
      "{time:clock} (in|at) {from:city} is what [time] in {to:city}",
      "(if|given [that]) it is {time:clock} (in|at) {from:city} what time is it (in|at) {to:city}",
      "what (time is it|is the time) (in|at) {to:city} when it is {time:clock} (in|at) {from:city}",
      "what (time is it|is the time) (in|at) {to:city} when (it is|our time is) {time:clock} [here]",
      "[what is] the time difference between {from:city} and {to:city}",
      "how many hours (difference|apart) is there between {from:city} and {to:city}",
      "how many hours apart are {from:city} and {to:city}",
      "how (much|many hours) (later|earlier|ahead|behind) is {to:city} (than|from) {from:city}",
      "(what is|how big is) the time difference (between here and|from here to|with) {to:city}",
    ],
    async execute(input, ctx) {
      try {
        const said = input.time === undefined ? undefined : parseClockTime(input.time);
        if (input.time !== undefined && !said)
          throw new JarvisError("ARGS_INVALID", `"${input.time}" is not a time`, {
            fix: "use HH:MM like 21:30, or h:mm am/pm like 9:30 pm",
          });
        const fromText = input.from;
        const from = fromText ? await zones.resolve(fromText, ctx.signal) : zones.local();
        const to = await zones.resolve(input.to, ctx.signal);
        const now = clock.now();
        const given = said !== undefined || input.date !== undefined;
        const date = input.date ?? said?.date ?? wallAt(now, from.zone).date;
        // A date alone ("on March 30") asks about that day: compare the clocks at noon
        const instant = given ? instantAt(date, said ?? { hour: 12, minute: 0 }, from) : now;
        const a = wallAt(instant, from.zone);
        const b = wallAt(instant, to.zone);
        const difference = b.offset - a.offset;
        const there = `${clockText(b)}${dayShift(a.date, b.date)} ${phrase(to, instant, b.offset)}`;
        const here = `${clockText(a)} ${phrase(from, instant, a.offset)}`;
        const first = given ? `${here} is ${there}.` : `It's ${here} and ${there}.`;
        const gap =
          difference === 0
            ? `${to.name} and ${from.name} have the same time.`
            : `${to.name} is ${span(difference)} ${difference > 0 ? "ahead of" : "behind"} ${from.name}.`;
        const when = input.date ? `On ${longDate(input.date)}, ` : "";
        const pad = (n: number) => String(n).padStart(2, "0");
        return ok(`${when}${first} ${gap}`, {
          from_zone: from.zone,
          to_zone: to.zone,
          offset_minutes: difference,
          from_time: `${pad(a.hour)}:${pad(a.minute)}`,
          from_date: a.date,
          to_time: `${pad(b.hour)}:${pad(b.minute)}`,
          to_date: b.date,
          iso: new Date(instant).toISOString(),
        });
      } catch (error) {
        if (error instanceof JarvisError && error.code !== "CANCELLED")
          return fail(error.code, `${error.message}${error.fix ? ` (${error.fix})` : ""}`);
        throw error;
      }
    },
  });
}
