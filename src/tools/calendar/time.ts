import * as chrono from "chrono-node";
import type { JarvisConfig } from "../../config/schema.js";
import { JarvisError } from "../../core/errors.js";

export interface WallTime {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY_MS = 86_400_000;
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

export function isValidZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The user's zone: config first, then $TZ, then the system's. */
export function userTimeZone(config: JarvisConfig, env: NodeJS.ProcessEnv): string {
  if (config.calendar.timezone) return config.calendar.timezone;
  const fromEnv = env.TZ?.replace(/^:/, "");
  if (fromEnv && isValidZone(fromEnv)) return fromEnv;
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * Wall-clock arithmetic in one IANA zone with the platform's tz database (Intl), so DST
 * transitions are right without shipping zone data. One instance caches its formatter.
 */
export class Zone {
  private readonly formatter: Intl.DateTimeFormat;

  constructor(readonly name: string) {
    if (!isValidZone(name)) {
      throw new JarvisError("ARGS_INVALID", `"${name}" is not an IANA time zone`, {
        fix: "use a zone such as Europe/Berlin or America/New_York",
      });
    }
    this.formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: name,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  }

  /** Wall time at an instant. */
  wall(ms: number): WallTime {
    const parts: Record<string, number> = {};
    for (const part of this.formatter.formatToParts(new Date(ms))) {
      if (part.type !== "literal") parts[part.type] = Number(part.value);
    }
    return {
      year: parts.year!,
      month: parts.month!,
      day: parts.day!,
      hour: parts.hour! % 24,
      minute: parts.minute!,
      second: parts.second!,
    };
  }

  /** UTC offset in minutes at an instant (+120 for CEST). */
  offset(ms: number): number {
    const w = this.wall(ms);
    const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
  }

  /**
   * The instant of a wall time. In the autumn overlap the earlier instant wins; a time that
   * does not exist (spring gap) moves forward by the gap, as calendar apps do.
   */
  toInstant(w: WallTime): number {
    const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    const before = this.offset(asUtc - DAY_MS / 2);
    const after = this.offset(asUtc + DAY_MS / 2);
    const valid = [before, after]
      .map((o) => asUtc - o * 60_000)
      .filter((t) => {
        const back = this.wall(t);
        return (
          back.year === w.year &&
          back.month === w.month &&
          back.day === w.day &&
          back.hour === w.hour &&
          back.minute === w.minute
        );
      });
    if (valid.length > 0) return Math.min(...valid);
    return asUtc - before * 60_000;
  }

  startOfDay(ms: number): number {
    const w = this.wall(ms);
    return this.toInstant({ ...w, hour: 0, minute: 0, second: 0 });
  }

  /** Same wall time `days` later (a day across DST is 23 or 25 hours). */
  addDays(ms: number, days: number): number {
    const w = this.wall(ms);
    const date = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
    return this.toInstant({
      ...w,
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
    });
  }

  /** ISO weekday, 1 = Monday … 7 = Sunday. */
  weekday(ms: number): number {
    const w = this.wall(ms);
    const day = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
    return day === 0 ? 7 : day;
  }

  /** `2025-03-30T09:00+02:00` (seconds only when not zero). */
  iso(ms: number): string {
    const w = this.wall(ms);
    const o = this.offset(ms);
    const sign = o < 0 ? "-" : "+";
    const abs = Math.abs(o);
    const seconds = w.second ? `:${pad(w.second)}` : "";
    return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}${seconds}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  }

  /** `Mon 2025-03-31 09:00` for people. */
  human(ms: number, withDate = true): string {
    const w = this.wall(ms);
    const time = `${pad(w.hour)}:${pad(w.minute)}`;
    return withDate
      ? `${WEEKDAYS[this.weekday(ms) - 1]} ${w.year}-${pad(w.month)}-${pad(w.day)} ${time}`
      : time;
  }

  date(ms: number): string {
    const w = this.wall(ms);
    return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
  }
}

export function pad(n: number): string {
  return String(n).padStart(2, "0");
}

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Parses a time the way a person or a model writes it: ISO with or without offset (no offset =
 * the user's zone), a bare date (its start, or its end with `endOfDay`), or words such as
 * "tomorrow 9am" (chrono). Anything else is refused with one line.
 */
export function parseWhen(
  text: string,
  zone: Zone,
  now: number,
  options: { endOfDay?: boolean; field?: string } = {},
): number {
  const field = options.field ?? "time";
  const trimmed = text.trim();
  const match = ISO.exec(trimmed);
  if (match) {
    const [, y, mo, d, h, mi, s, offset] = match;
    const wall: WallTime = {
      year: Number(y),
      month: Number(mo),
      day: Number(d),
      hour: Number(h ?? 0),
      minute: Number(mi ?? 0),
      second: Number(s ?? 0),
    };
    if (!validWall(wall)) throw badTime(field, text);
    if (offset) {
      const parsed = Date.parse(trimmed.replace(" ", "T"));
      if (Number.isNaN(parsed)) throw badTime(field, text);
      return parsed;
    }
    if (h === undefined) {
      const start = zone.toInstant(wall);
      return options.endOfDay ? zone.addDays(start, 1) : start;
    }
    return zone.toInstant(wall);
  }
  const lower = trimmed.toLowerCase();
  if (lower === "now") return now;
  if (lower === "today" || lower === "tomorrow" || lower === "yesterday") {
    const start = zone.addDays(zone.startOfDay(now), lower === "today" ? 0 : lower === "tomorrow" ? 1 : -1);
    return options.endOfDay ? zone.addDays(start, 1) : start;
  }
  const parsed = chrono.parse(
    trimmed,
    { instant: new Date(now), timezone: zone.offset(now) },
    { forwardDate: true },
  );
  const first = parsed[0];
  if (first && first.text.length >= trimmed.length * 0.6) {
    const c = first.start;
    if (!c.isCertain("hour")) {
      const start = zone.toInstant({
        year: c.get("year")!,
        month: c.get("month")!,
        day: c.get("day")!,
        hour: 0,
        minute: 0,
        second: 0,
      });
      return options.endOfDay ? zone.addDays(start, 1) : start;
    }
    return zone.toInstant({
      year: c.get("year")!,
      month: c.get("month")!,
      day: c.get("day")!,
      hour: c.get("hour") ?? 0,
      minute: c.get("minute") ?? 0,
      second: c.get("second") ?? 0,
    });
  }
  throw badTime(field, text);
}

function validWall(w: WallTime): boolean {
  const date = new Date(Date.UTC(w.year, w.month - 1, w.day));
  return (
    date.getUTCMonth() === w.month - 1 &&
    date.getUTCDate() === w.day &&
    w.hour < 24 &&
    w.minute < 60 &&
    w.second < 61
  );
}

function badTime(field: string, text: string): JarvisError {
  return new JarvisError(
    "ARGS_INVALID",
    `${field} "${text.slice(0, 60)}" is not a date or time I understand`,
    {
      fix: "use ISO 8601, e.g. 2025-03-31T09:00 or 2025-03-31",
    },
  );
}
