import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, ok, type ToolDefinition } from "../../core/tool.js";
import { type CalendarServices, zoneFor } from "./accounts.js";
import { collectOccurrences, rangeOf } from "./events.js";
import type { Zone } from "./timezone.js";

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM");

const parameters = z
  .object({
    from: z.string().min(1).max(64).optional().describe("earliest start (ISO; default: now)"),
    to: z.string().min(1).max(64).optional().describe("latest end (ISO; default: a week after from)"),
    duration_min: z
      .number()
      .int()
      .min(5)
      .max(1440)
      .optional()
      .describe("slot length in minutes (default 30)"),
    count: z.number().int().min(1).max(20).optional().describe("how many slots to propose (default 3)"),
    day_start: clock.optional().describe("working day starts (default from config, 09:00)"),
    day_end: clock.optional().describe("working day ends (default from config, 17:00)"),
    calendar: z.string().min(1).max(200).optional().describe("only consider this calendar"),
    account: z.string().min(1).max(32).optional().describe("only consider this account"),
  })
  .strict();
type Args = z.infer<typeof parameters>;

export interface Slot {
  start: number;
  end: number;
}

function atClock(zone: Zone, day: number, hhmm: string): number {
  const [hour, minute] = hhmm.split(":").map(Number);
  const w = zone.wall(day);
  return zone.toInstant({
    year: w.year,
    month: w.month,
    day: w.day,
    hour: hour!,
    minute: minute!,
    second: 0,
  });
}

/** Rounds up to the next half hour of wall time (so slots start at :00 or :30 locally). */
function roundUp(zone: Zone, ms: number): number {
  const w = zone.wall(ms);
  const minutes = w.hour * 60 + w.minute;
  if (ms % 60_000 === 0 && minutes % 30 === 0) return ms;
  const rounded = Math.floor(minutes / 30) * 30 + 30;
  if (rounded >= 1440) return zone.addDays(zone.startOfDay(ms), 1);
  return zone.toInstant({ ...w, hour: Math.floor(rounded / 60), minute: rounded % 60, second: 0 });
}

/**
 * Free slots inside working hours: busy time subtracted day by day (wall-clock hours, so a DST
 * day still starts at 09:00), then proposals spread over different days first.
 */
export function findFreeSlots(options: {
  zone: Zone;
  range: { start: number; end: number };
  busy: Slot[];
  durationMs: number;
  count: number;
  dayStart: string;
  dayEnd: string;
  workDays: number[];
}): Slot[] {
  const { zone, range, durationMs } = options;
  const busy = [...options.busy].sort((a, b) => a.start - b.start);
  const perDay: Slot[][] = [];
  for (let day = zone.startOfDay(range.start); day < range.end; day = zone.addDays(day, 1)) {
    if (!options.workDays.includes(zone.weekday(day))) continue;
    const windowStart = Math.max(atClock(zone, day, options.dayStart), range.start);
    const windowEnd = Math.min(atClock(zone, day, options.dayEnd), range.end);
    const slots: Slot[] = [];
    let cursor = roundUp(zone, windowStart);
    while (cursor + durationMs <= windowEnd && slots.length < 48) {
      const clash = busy.find((b) => b.start < cursor + durationMs && b.end > cursor);
      if (clash) {
        cursor = roundUp(zone, clash.end);
        continue;
      }
      slots.push({ start: cursor, end: cursor + durationMs });
      cursor = roundUp(zone, cursor + durationMs);
    }
    if (slots.length > 0) perDay.push(slots);
  }
  const chosen: Slot[] = [];
  for (let round = 0; chosen.length < options.count && perDay.some((d) => d.length > round); round++) {
    for (const day of perDay) {
      const slot = day[round];
      if (slot && chosen.length < options.count) chosen.push(slot);
    }
  }
  return chosen.sort((a, b) => a.start - b.start);
}

export function calendarFindFreeTimeTool(services: CalendarServices): ToolDefinition {
  return defineTool<Args>({
    name: "calendar_find_free_time",
    group: "calendar",
    description:
      "Propose free time slots within working hours (busy events, recurring ones included, are avoided; proposals spread over days).",
    parameters: parametersFrom(parameters),
    effects: ["read", "network"],
    sensitivity: "private",
    risk: "safe",
    examples: [
      "when am I free {from}",
      "find {count} free slots {from}",
      "find time for a {duration_min} minute meeting",
    ],
    async execute(args, ctx) {
      const zone = zoneFor(services);
      const now = ctx.clock.now();
      const hours = services.config.calendar.working_hours;
      const dayStart = args.day_start ?? hours.start;
      const dayEnd = args.day_end ?? hours.end;
      if (dayStart >= dayEnd) throw new JarvisError("ARGS_INVALID", "day_start must be before day_end");
      const requested = await rangeOf(zone, now, args.from, args.to, 7);
      if (requested.end <= now) throw new JarvisError("ARGS_INVALID", "that range is in the past");
      const range = { start: Math.max(requested.start, now), end: requested.end };
      const durationMs = (args.duration_min ?? 30) * 60_000;
      const { occurrences, problems } = await collectOccurrences(services, range, args, ctx.signal);
      const busy = occurrences.filter((o) => !o.transparent && !o.cancelled && !o.allDay);
      const slots = findFreeSlots({
        zone,
        range,
        busy,
        durationMs,
        count: args.count ?? 3,
        dayStart,
        dayEnd,
        workDays: hours.days,
      });
      const heading = `Free ${args.duration_min ?? 30}-minute slots ${zone.human(range.start)} – ${zone.human(range.end)} (${zone.name}, ${dayStart}–${dayEnd}):`;
      if (slots.length === 0) {
        return ok(
          `No free ${args.duration_min ?? 30}-minute slot within working hours ${zone.human(range.start)} – ${zone.human(range.end)}.`,
          {
            slots: [],
          },
        );
      }
      const lines = slots.map(
        (s, i) => `${i + 1}. ${zone.human(s.start)}–${zone.human(s.end, false)}  (${zone.iso(s.start)})`,
      );
      return ok([heading, ...lines, ...problems.map((p) => `(note: ${p})`)].join("\n"), {
        timezone: zone.name,
        slots: slots.map((s) => ({ start: zone.iso(s.start), end: zone.iso(s.end) })),
      });
    },
  });
}
