// English only: the package root also loads 15 other locales (~250 modules, ~100 ms) Jarvis never uses
import * as chrono from "chrono-node/en";
import { JarvisError } from "../../core/errors.js";
import type { WallTime, Zone } from "./timezone.js";

// chrono-node is slow to import, so tool definitions load this module inside execute/preview;
// the zone arithmetic everything else needs lives in ./timezone.js.
export * from "./timezone.js";

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
