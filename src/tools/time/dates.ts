import { z } from "zod";
import type { Clock } from "../../core/clock.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import { holidayKey, nextHoliday } from "./holidays.js";

/**
 * Date arithmetic, offline: how many days until a date or a named day ("christmas"), and which
 * date lies some days, weeks, months or years from another. Dates are calendar days in the
 * user's zone; nothing here depends on the time of day.
 */
const day = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .describe('a date (YYYY-MM-DD) or a named day such as "christmas", "easter", "new year\'s eve"');

const untilArgs = z.object({
  date: day,
  from: day.optional().describe("count from this day instead of today (YYYY-MM-DD or a named day)"),
});
const shiftArgs = z.object({
  from: day.optional().describe("start from this day instead of today"),
  days: z.number().int().min(-100_000).max(100_000).optional(),
  weeks: z.number().int().min(-10_000).max(10_000).optional(),
  months: z.number().int().min(-2_400).max(2_400).optional(),
  years: z.number().int().min(-200).max(200).optional(),
});

const LONG = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const long = (iso: string) => LONG.format(new Date(`${iso}T12:00:00Z`));
const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T12:00:00Z`) / 86_400_000);

/** A day said as a date or a name, resolved against `today`; undefined when it is neither. */
export function resolveDay(text: string, today: string): { iso: string; name?: string } | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T12:00:00Z`)))
    return { iso: text };
  if (/^(?:today|now)$/i.test(text.trim())) return { iso: today };
  const holiday = nextHoliday(text, today);
  if (!holiday) return undefined;
  const name = holidayKey(text).replace(/\b\w/g, (c) => c.toUpperCase());
  return { iso: holiday, name };
}

function span(days: number): string {
  const n = Math.abs(days);
  const weeks = Math.floor(n / 7);
  const rest = n % 7;
  const plain = `${n} day${n === 1 ? "" : "s"}`;
  if (weeks < 2) return plain;
  return `${plain} (${weeks} weeks${rest ? ` and ${rest} day${rest === 1 ? "" : "s"}` : ""})`;
}

export function dateTools(clock: Clock, timezone: string): ToolDefinition[] {
  const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: timezone }).format(new Date(clock.now()));
  const unknown = (text: string) =>
    fail("ARGS_INVALID", `"${text}" is not a date I can read (use YYYY-MM-DD or a day like christmas)`);
  return [
    defineTool<z.infer<typeof untilArgs>>({
      name: "time_until",
      group: "time",
      description:
        "How many days until a date or a named day (christmas, easter, new year's eve), or since a past date.",
      parameters: parametersFrom(untilArgs),
      effects: ["read"],
      risk: "safe",
      async execute(args) {
        const now = today();
        const from = args.from ? resolveDay(args.from, now) : { iso: now };
        if (!from) return unknown(args.from ?? "");
        const target = resolveDay(args.date, from.iso);
        if (!target) return unknown(args.date);
        const days = dayNumber(target.iso) - dayNumber(from.iso);
        const what = `${target.name ? `${target.name} is ` : ""}${long(target.iso)}`;
        const since = args.from ? `from ${from.name ?? long(from.iso)}` : "from today";
        const text =
          days === 0
            ? `${what}: that's today.`
            : days > 0
              ? `${what}: ${span(days)} ${since}.`
              : `${what}: that was ${span(days)} ago.`;
        return ok(text, { date: target.iso, days });
      },
    }),
    defineTool<z.infer<typeof shiftArgs>>({
      name: "time_shift",
      group: "time",
      description: "The date some days, weeks, months or years before or after today (or another day).",
      parameters: parametersFrom(shiftArgs),
      effects: ["read"],
      risk: "safe",
      async execute(args) {
        const { days = 0, weeks = 0, months = 0, years = 0 } = args;
        if (days === 0 && weeks === 0 && months === 0 && years === 0)
          return fail("ARGS_INVALID", "say how far to count: days, weeks, months or years");
        const now = today();
        const from = args.from ? resolveDay(args.from, now) : { iso: now };
        if (!from) return unknown(args.from ?? "");
        const base = new Date(`${from.iso}T12:00:00Z`);
        const target = new Date(
          Date.UTC(
            base.getUTCFullYear() + years,
            base.getUTCMonth() + months,
            base.getUTCDate() + days + weeks * 7,
            12,
          ),
        );
        const iso = target.toISOString().slice(0, 10);
        const parts = [
          years && `${Math.abs(years)} year${Math.abs(years) === 1 ? "" : "s"}`,
          months && `${Math.abs(months)} month${Math.abs(months) === 1 ? "" : "s"}`,
          weeks && `${Math.abs(weeks)} week${Math.abs(weeks) === 1 ? "" : "s"}`,
          days && `${Math.abs(days)} day${Math.abs(days) === 1 ? "" : "s"}`,
        ].filter(Boolean);
        const before = years + months + weeks + days < 0;
        const origin = args.from ? (from.name ?? long(from.iso)) : "today";
        return ok(`${parts.join(" and ")} ${before ? "before" : "after"} ${origin} is ${long(iso)}.`, {
          date: iso,
        });
      },
    }),
  ];
}
