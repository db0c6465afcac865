import { TimeZones } from "../../brain/nlu/slots/datetime.js";
import type { ZoneClock } from "../../core/language.js";

/**
 * How often a recurring alarm or reminder comes back, as tools take it: "daily", "weekdays",
 * "weekends", or days of the week ("mon,wed,fri"). Weekdays are numbered as JavaScript does
 * (0 = Sunday).
 */
const DAY_NAMES = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
const RRULE_DAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;
const LONG = ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"];

export const REPEAT_HELP = 'daily, weekdays, weekends, or days such as "mon,wed,fri"';

/** The days a repeat names, sorted; undefined when it names none. */
export function repeatDays(text: string): number[] | undefined {
  const value = text.trim().toLowerCase();
  if (value === "daily" || value === "every day") return [0, 1, 2, 3, 4, 5, 6];
  if (value === "weekdays") return [1, 2, 3, 4, 5];
  if (value === "weekends") return [0, 6];
  const days = new Set<number>();
  for (const part of value.split(/[\s,]+/).filter(Boolean)) {
    const index = DAY_NAMES.indexOf(part.slice(0, 3) as (typeof DAY_NAMES)[number]);
    if (index < 0) return undefined;
    days.add(index);
  }
  return days.size > 0 ? [...days].sort((a, b) => a - b) : undefined;
}

/** "every weekday", "every day", "on Mondays and Thursdays". */
export function describeRepeat(days: readonly number[]): string {
  const key = days.join(",");
  if (key === "0,1,2,3,4,5,6") return "every day";
  if (key === "1,2,3,4,5") return "every weekday";
  if (key === "0,6") return "every weekend day";
  const names = days.map((d) => LONG[d]!);
  return `on ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`}`;
}

/** The iCalendar rule for reminders: FREQ=DAILY or FREQ=WEEKLY;BYDAY=MO,TU. */
export function rruleOf(days: readonly number[]): string {
  if (days.length === 7) return "FREQ=DAILY";
  return `FREQ=WEEKLY;BYDAY=${days.map((d) => RRULE_DAYS[d]).join(",")}`;
}

/**
 * The days an RRULE of the shape `rruleOf` writes comes back on (daily, or weekly on named
 * days, every week); undefined for any other rule (an interval, a count, an end date, monthly…),
 * which is then treated as happening once.
 */
export function daysOfRrule(rrule: string): number[] | undefined {
  const parts = new Map(
    rrule
      .toUpperCase()
      .split(";")
      .map((part) => part.split("=") as [string, string]),
  );
  const known = new Set(["FREQ", "BYDAY", "WKST"]);
  if ([...parts.keys()].some((key) => !known.has(key))) return undefined;
  if (parts.get("FREQ") === "DAILY" && !parts.has("BYDAY")) return [0, 1, 2, 3, 4, 5, 6];
  if (parts.get("FREQ") !== "WEEKLY" || !parts.get("BYDAY")) return undefined;
  const days = parts
    .get("BYDAY")!
    .split(",")
    .map((day) => RRULE_DAYS.indexOf(day as (typeof RRULE_DAYS)[number]));
  return days.some((day) => day < 0) ? undefined : [...new Set(days)].sort((a, b) => a - b);
}

/** The next time after `dueAt`, at the same wall-clock time, on one of `days`. */
export function nextOccurrence(
  dueAt: number,
  days: readonly number[],
  timezone?: string,
  zones: ZoneClock = new TimeZones(),
): number {
  const zone = timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const stamp = zones.iso(new Date(dueAt), zone);
  const [year, month, day] = stamp.slice(0, 10).split("-").map(Number) as [number, number, number];
  const time = stamp.slice(11, 19);
  for (let ahead = 1; ahead <= 7; ahead++) {
    const date = new Date(Date.UTC(year, month - 1, day + ahead));
    if (days.includes(date.getUTCDay()))
      return zones.at(date.toISOString().slice(0, 10), time, zone).getTime();
  }
  return dueAt + 7 * 86_400_000;
}
