import { Cron } from "croner";
import ICAL from "ical.js";
import { JarvisError } from "../core/errors.js";
import { Zone } from "../tools/calendar/timezone.js";

/** The time triggers a routine can have; event triggers live in observers/. */
export type TimeTrigger =
  | { type: "at"; at: string }
  | { type: "every"; every: string; start?: string | undefined }
  | { type: "cron"; cron: string }
  | { type: "rrule"; rrule: string; start?: string | undefined };

/** A compiled time trigger: the next occurrence strictly after an instant, or none. */
export interface Schedule {
  next(afterMs: number): number | undefined;
}

const MIN_EVERY_MS = 60_000;
const MAX_EVERY_MS = 366 * 86_400_000;
const UNIT_MS: Record<string, number> = {
  s: 1_000,
  sec: 1_000,
  second: 1_000,
  m: 60_000,
  min: 60_000,
  minute: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
  w: 604_800_000,
  week: 604_800_000,
};

/**
 * A schedule that cannot be read names where: `what` (cron, rrule, every…), the 1-based
 * character where the problem starts, and what is wrong there.
 */
export function scheduleError(what: string, text: string, position: number, problem: string): JarvisError {
  const pointer = `${text}\n${" ".repeat(Math.max(0, position - 1))}^`;
  return new JarvisError("ARGS_INVALID", `${what} "${text}" at character ${position}: ${problem}`, {
    fix: fixFor(what),
    details: { position, pointer },
  });
}

function fixFor(what: string): string {
  switch (what) {
    case "cron":
      return 'five fields: minute hour day-of-month month day-of-week, e.g. "0 7 * * 1-5"';
    case "rrule":
      return 'an iCalendar RRULE, e.g. "FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0"';
    case "every":
      return 'a length of at least a minute, e.g. "15m", "2h", "1d"';
    default:
      return 'an ISO date and time, e.g. "2026-06-12T07:00" (the routine\'s time zone) or with an offset';
  }
}

/** Compiles a time trigger in a time zone; throws ARGS_INVALID naming the error's position. */
export function compileSchedule(trigger: TimeTrigger, timezone: string, createdAt: number): Schedule {
  const zone = new Zone(timezone);
  switch (trigger.type) {
    case "at": {
      const at = parseInstant("at", trigger.at, zone);
      return { next: (after) => (at > after ? at : undefined) };
    }
    case "every": {
      const period = parseEvery(trigger.every);
      const anchor = trigger.start ? parseInstant("start", trigger.start, zone) : createdAt;
      return {
        next(after) {
          if (anchor > after) return anchor;
          return anchor + (Math.floor((after - anchor) / period) + 1) * period;
        },
      };
    }
    case "cron":
      return cronSchedule(trigger.cron, timezone);
    case "rrule":
      return rruleSchedule(
        trigger.rrule,
        zone,
        trigger.start ? parseInstant("start", trigger.start, zone) : createdAt,
      );
  }
}

/** `15m`, `1h30m`, `2 hours`, `1d`: at least a minute, at most a year. */
export function parseEvery(text: string): number {
  const source = text.trim();
  const token = /\s*(\d+)\s*([a-z]+)\s*/gy;
  let total = 0;
  let index = 0;
  while (index < source.length) {
    token.lastIndex = index;
    const match = token.exec(source.toLowerCase());
    if (!match)
      throw scheduleError("every", source, index + 1, "expected a number and a unit (s, m, h, d, w)");
    const unit = UNIT_MS[match[2]!.replace(/s$/, "")] ?? UNIT_MS[match[2]!];
    if (unit === undefined) {
      const at = index + match[0].indexOf(match[2]!) + 1;
      throw scheduleError("every", source, at, `"${match[2]}" is not a unit (s, m, h, d, w)`);
    }
    total += Number(match[1]) * unit;
    index = token.lastIndex;
  }
  if (!source) throw scheduleError("every", source, 1, "it is empty");
  if (total < MIN_EVERY_MS) throw scheduleError("every", source, 1, "routines repeat at most once a minute");
  if (total > MAX_EVERY_MS) throw scheduleError("every", source, 1, "that is longer than a year");
  return total;
}

/** An ISO date-time; without an offset it is a wall time in the routine's zone. */
export function parseInstant(what: string, text: string, zone: Zone): number {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
      text.trim(),
    );
  if (!match) {
    const bad = firstMismatch(text.trim(), "0000-00-00T00:00");
    throw scheduleError(what === "start" ? "start" : "at", text, bad, "expected YYYY-MM-DDTHH:MM");
  }
  const [, y, mo, d, h, mi, s, offset] = match;
  const wall = { year: +y!, month: +mo!, day: +d!, hour: +h!, minute: +mi!, second: +(s ?? 0) };
  const checks: Array<[boolean, number, string]> = [
    [wall.month >= 1 && wall.month <= 12, 6, `month ${mo} does not exist`],
    [wall.day >= 1 && wall.day <= daysIn(wall.year, wall.month), 9, `day ${d} is not in that month`],
    [wall.hour <= 23, 12, `hour ${h} is past 23`],
    [wall.minute <= 59, 15, `minute ${mi} is past 59`],
    [wall.second <= 59, 18, `second ${s} is past 59`],
  ];
  for (const [ok, position, problem] of checks) if (!ok) throw scheduleError(what, text, position, problem);
  if (offset) return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s ?? "00"}${offset === "Z" ? "Z" : offset}`);
  return zone.toInstant(wall);
}

function firstMismatch(text: string, shape: string): number {
  for (let i = 0; i < shape.length; i++) {
    const c = text[i];
    if (c === undefined) return i + 1;
    const want = shape[i]!;
    if (want === "0" ? !/\d/.test(c) : want === "T" ? c !== "T" && c !== " " : c !== want) return i + 1;
  }
  return shape.length + 1;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const CRON_FIELDS = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  {
    name: "month",
    min: 1,
    max: 12,
    names: ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"],
  },
  { name: "day of week", min: 0, max: 7, names: ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"] },
] as const;

/** Five-field cron, checked field by field so an error names its field and character. */
function cronSchedule(text: string, timezone: string): Schedule {
  const source = text.trim();
  const fields = [...source.matchAll(/\S+/g)];
  if (fields.length !== 5) {
    const at = fields.length > 5 ? (fields[5]!.index ?? 0) + 1 : source.length + 1;
    throw scheduleError(
      "cron",
      source,
      at,
      `expected 5 fields (minute hour day month weekday), found ${fields.length}`,
    );
  }
  for (const [i, match] of fields.entries()) {
    checkCronField(source, match[0], (match.index ?? 0) + 1, CRON_FIELDS[i]!);
  }
  let cron: Cron;
  try {
    cron = new Cron(source, { timezone, paused: true, domAndDow: false });
  } catch (error) {
    throw scheduleError("cron", source, 1, (error as Error).message.replace(/^CronPattern: /, ""));
  }
  return { next: (after) => cron.nextRun(new Date(after))?.getTime() };
}

function checkCronField(
  source: string,
  field: string,
  start: number,
  spec: { name: string; min: number; max: number; names?: readonly string[] },
): void {
  let offset = 0;
  for (const part of field.split(",")) {
    const at = start + offset;
    offset += part.length + 1;
    const match = /^(\*|([0-9A-Za-z]+)(?:-([0-9A-Za-z]+))?)(?:\/(\d+))?$/.exec(part);
    if (!match)
      throw scheduleError(
        "cron",
        source,
        at,
        `"${part}" is not a value, range or step in the ${spec.name} field`,
      );
    const values = [match[2], match[3]].filter((v): v is string => v !== undefined);
    let cursor = at;
    for (const value of values) {
      const index = part.indexOf(value, cursor - at);
      cursor = at + index + value.length;
      const named = spec.names?.indexOf(value.toUpperCase()) ?? -1;
      const n =
        named >= 0
          ? named + (spec.name === "month" ? 1 : 0)
          : /^\d+$/.test(value)
            ? Number(value)
            : Number.NaN;
      if (!Number.isInteger(n) || n < spec.min || n > spec.max) {
        throw scheduleError(
          "cron",
          source,
          at + index,
          `"${value}" is out of range for the ${spec.name} field (${spec.min}-${spec.max})`,
        );
      }
    }
    if (match[4] !== undefined && Number(match[4]) === 0) {
      throw scheduleError("cron", source, at + part.indexOf("/") + 1, "a step of 0 never advances");
    }
  }
}

const RRULE_KEYS: Record<string, RegExp> = {
  FREQ: /^(SECONDLY|MINUTELY|HOURLY|DAILY|WEEKLY|MONTHLY|YEARLY)$/,
  INTERVAL: /^[1-9]\d{0,3}$/,
  COUNT: /^[1-9]\d{0,5}$/,
  UNTIL: /^\d{8}(T\d{6}Z?)?$/,
  BYDAY: /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)(,([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU))*$/,
  BYHOUR: /^(1?\d|2[0-3])(,(1?\d|2[0-3]))*$/,
  BYMINUTE: /^[1-5]?\d(,[1-5]?\d)*$/,
  BYSECOND: /^[1-5]?\d(,[1-5]?\d)*$/,
  BYMONTHDAY: /^-?([1-9]|[12]\d|3[01])(,-?([1-9]|[12]\d|3[01]))*$/,
  BYMONTH: /^([1-9]|1[0-2])(,([1-9]|1[0-2]))*$/,
  BYSETPOS: /^-?\d{1,3}(,-?\d{1,3})*$/,
  BYYEARDAY: /^-?\d{1,3}(,-?\d{1,3})*$/,
  BYWEEKNO: /^-?\d{1,2}(,-?\d{1,2})*$/,
  WKST: /^(MO|TU|WE|TH|FR|SA|SU)$/,
};

/** RFC 5545 RRULE, part by part; occurrences are wall times in the zone (DST-correct). */
function rruleSchedule(text: string, zone: Zone, startMs: number): Schedule {
  const source = text.trim().replace(/^RRULE:/i, "");
  let offset = 0;
  const seen = new Set<string>();
  for (const part of source.split(";")) {
    const at = offset + 1;
    offset += part.length + 1;
    const eq = part.indexOf("=");
    const key = (eq < 0 ? part : part.slice(0, eq)).toUpperCase();
    const pattern = RRULE_KEYS[key];
    if (!pattern) throw scheduleError("rrule", source, at, `"${key || part}" is not an RRULE part`);
    if (seen.has(key)) throw scheduleError("rrule", source, at, `${key} appears twice`);
    seen.add(key);
    const value = part.slice(eq + 1).toUpperCase();
    if (eq < 0 || !pattern.test(value))
      throw scheduleError("rrule", source, at + eq + 1, `"${part.slice(eq + 1)}" is not a valid ${key}`);
  }
  if (!seen.has("FREQ")) throw scheduleError("rrule", source, 1, "FREQ is required");
  if (/FREQ=SECONDLY/i.test(source))
    throw scheduleError(
      "rrule",
      source,
      source.toUpperCase().indexOf("SECONDLY") + 1,
      "routines repeat at most once a minute",
    );
  let recur: ICAL.Recur;
  try {
    recur = ICAL.Recur.fromString(source);
  } catch (error) {
    throw scheduleError("rrule", source, 1, (error as Error).message);
  }
  const wall = zone.wall(startMs);
  const dtstart = ICAL.Time.fromData({ ...wall, second: 0, isDate: false });
  let iterator = recur.iterator(dtstart);
  // What the last question learned: no occurrence in (after, next). Callers mostly move forward.
  let known: { after: number; next: number | undefined } | undefined;
  const instant = (t: ICAL.Time) =>
    zone.toInstant({
      year: t.year,
      month: t.month,
      day: t.day,
      hour: t.hour,
      minute: t.minute,
      second: t.second,
    });
  return {
    next(after) {
      if (known && after >= known.after && (known.next === undefined || after < known.next))
        return known.next;
      if (known && after < known.after) iterator = recur.iterator(dtstart);
      let found: number | undefined;
      for (let guard = 0; guard < 2_000_000; guard++) {
        const t = iterator.next();
        if (!t) break;
        const at = instant(t);
        if (at > after && at >= startMs) {
          found = at;
          break;
        }
      }
      known = { after, next: found };
      return found;
    },
  };
}
