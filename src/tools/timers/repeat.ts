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

/** Wall-clock parts of an instant in a zone (the system's when none is given). */
function wall(ms: number, timezone: string | undefined) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: timezone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
  };
}

/** The instant a wall-clock time has in a zone (DST-correct: the offset is read at the result). */
function instantOf(
  date: { year: number; month: number; day: number },
  time: { hour: number; minute: number },
  timezone: string | undefined,
): number {
  const asUtc = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const seen = wall(guess, timezone);
    const seenAsUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    guess += asUtc - seenAsUtc;
  }
  return guess;
}

/** The next time after `dueAt`, at the same wall-clock time, on one of `days`. */
export function nextOccurrence(dueAt: number, days: readonly number[], timezone?: string): number {
  const local = wall(dueAt, timezone);
  for (let ahead = 1; ahead <= 7; ahead++) {
    const date = new Date(Date.UTC(local.year, local.month - 1, local.day + ahead));
    if (!days.includes(date.getUTCDay())) continue;
    return instantOf(
      { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
      local,
      timezone,
    );
  }
  return dueAt + 7 * 86_400_000;
}
