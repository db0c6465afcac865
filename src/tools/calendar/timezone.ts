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

/** `20250331T070000Z`, the UTC form iCalendar and CalDAV time ranges use. */
export function utcStamp(ms: number): string {
  return `${new Date(ms).toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
}
