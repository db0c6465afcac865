import { z } from "zod";
import type { CalendarAccountConfig } from "../../config/schema.js";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, fail, type HandleStore, ok, type ToolDefinition } from "../../core/tool.js";
import { backendFor, type CalendarServices, calendarAccounts, formatEventRef, zoneFor } from "./accounts.js";
import { type CalendarInfo, supports } from "./backend.js";
import type { Occurrence } from "./ical.js";
import type { Zone } from "./timezone.js";

// ical.js (./ical.js, ./zones.js) and chrono-node (./time.js) are imported where they are used,
// so that building the tool list does not load them.

export interface ListedOccurrence extends Occurrence {
  account: string;
  calendar: CalendarInfo;
  objectUrl: string;
}

/** Every occurrence in [from, to) across the chosen accounts and calendars, sorted by start. */
export async function collectOccurrences(
  services: CalendarServices,
  range: { start: number; end: number },
  filter: { account?: string | undefined; calendar?: string | undefined },
  signal: AbortSignal,
): Promise<{ occurrences: ListedOccurrence[]; problems: string[] }> {
  const [{ expandEvents, parseCalendarText }, { resolverFor }] = await Promise.all([
    import("./ical.js"),
    import("./zones.js"),
  ]);
  const zone = zoneFor(services);
  const accounts = calendarAccounts(services.config, filter.account);
  const problems: string[] = [];
  const occurrences: ListedOccurrence[] = [];
  const errors: unknown[] = [];
  const resolver = resolverFor(zone, range.start, range.end);
  await Promise.all(
    accounts.map(async (account: CalendarAccountConfig) => {
      try {
        const backend = backendFor(services, account);
        const calendars = (await backend.calendars(signal)).filter(
          (c) =>
            supports(c, "VEVENT") &&
            (!filter.calendar || c.name.toLowerCase() === filter.calendar.toLowerCase()),
        );
        for (const calendar of calendars) {
          const objects = await backend.objects(calendar, "VEVENT", range, signal);
          for (const object of objects) {
            let parsed: ReturnType<typeof parseCalendarText>;
            try {
              parsed = parseCalendarText(object.data);
            } catch {
              problems.push(`skipped an unreadable event in ${account.name}/${calendar.name}`);
              continue;
            }
            for (const occurrence of expandEvents(parsed, range.start, range.end, resolver)) {
              occurrences.push({ ...occurrence, account: account.name, calendar, objectUrl: object.url });
            }
          }
        }
      } catch (error) {
        errors.push(error);
        problems.push(`${account.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }),
  );
  if (errors.length === accounts.length && errors.length > 0) throw errors[0];
  if (filter.calendar && occurrences.length === 0 && problems.length === 0) {
    const known = (await Promise.all(accounts.map((a) => backendFor(services, a).calendars(signal)))).flat();
    if (!known.some((c) => c.name.toLowerCase() === filter.calendar!.toLowerCase())) {
      throw new JarvisError("NOT_FOUND", `no calendar named "${filter.calendar}"`, {
        fix: `use one of: ${known.map((c) => c.name).join(", ")}`,
      });
    }
  }
  occurrences.sort((a, b) => a.start - b.start || a.summary.localeCompare(b.summary));
  return { occurrences, problems };
}

export function mintOccurrence(handles: HandleStore, occurrence: ListedOccurrence, tool: string): string {
  return handles.mint(
    "e",
    formatEventRef({
      account: occurrence.account,
      calendar: occurrence.calendar.id,
      object: occurrence.objectUrl,
      uid: occurrence.uid,
      occurrence: occurrence.recurrenceId,
    }),
    { label: occurrence.summary, tool, trust: "trusted" },
  );
}

export function describeWhen(zone: Zone, o: { start: number; end: number; allDay: boolean }): string {
  if (o.allDay) {
    const lastDay = zone.addDays(o.end, -1);
    const first = zone.human(o.start).slice(0, 14);
    return lastDay > o.start
      ? `${first} – ${zone.human(lastDay).slice(0, 14)} (all day)`
      : `${first} (all day)`;
  }
  const sameDay = zone.date(o.start) === zone.date(o.end);
  return `${zone.human(o.start)}–${sameDay ? zone.human(o.end, false) : zone.human(o.end)}`;
}

/** Parses an optional from/to pair with defaults; `to` must come after `from`. */
export async function rangeOf(
  zone: Zone,
  now: number,
  from: string | undefined,
  to: string | undefined,
  defaultDays: number,
  maxDays = 400,
): Promise<{ start: number; end: number }> {
  const { parseWhen } = await import("./time.js");
  const start = from ? parseWhen(from, zone, now, { field: "from" }) : zone.startOfDay(now);
  const end = to
    ? parseWhen(to, zone, now, { endOfDay: true, field: "to" })
    : zone.addDays(zone.startOfDay(start), defaultDays);
  if (end <= start) throw new JarvisError("ARGS_INVALID", "to must be after from");
  if (end - start > maxDays * 86_400_000)
    throw new JarvisError("ARGS_INVALID", `the range is longer than ${maxDays} days`);
  return { start, end };
}

const parameters = z
  .object({
    from: z.string().min(1).max(64).optional().describe("start of the range (ISO; default: today)"),
    to: z.string().min(1).max(64).optional().describe("end of the range (ISO; default: a week after from)"),
    calendar: z.string().min(1).max(200).optional().describe("only this calendar (by name)"),
    account: z.string().min(1).max(32).optional().describe("only this calendar account"),
    limit: z.number().int().min(1).max(500).optional().describe("most events to list (default 100)"),
  })
  .strict();
type Args = z.infer<typeof parameters>;

export function calendarListEventsTool(services: CalendarServices): ToolDefinition {
  return defineTool<Args>({
    name: "calendar_list_events",
    group: "calendar",
    description:
      "List calendar events in a time range (recurring events expanded, times in the user's zone). Returns #e handles for update/delete.",
    parameters: parametersFrom(parameters),
    effects: ["read", "network"],
    sensitivity: "private",
    risk: "safe",
    trust: "untrusted", // invitations put other people's text into the calendar
    examples: ["what's on my calendar {from}", "my events {from}", "what meetings do I have {from}"],
    async execute(args, ctx) {
      const zone = zoneFor(services);
      const range = await rangeOf(zone, ctx.clock.now(), args.from, args.to, 7);
      const { occurrences, problems } = await collectOccurrences(services, range, args, ctx.signal);
      const visible = occurrences.filter((o) => !o.cancelled).slice(0, args.limit ?? 100);
      const header = `Events ${zone.human(range.start)} – ${zone.human(range.end)} (${zone.name}):`;
      if (visible.length === 0) {
        return problems.length > 0 && occurrences.length === 0
          ? fail("UNAVAILABLE", problems.join("; "))
          : ok(`No events ${zone.human(range.start)} – ${zone.human(range.end)} (${zone.name}).`, {
              events: [],
            });
      }
      const listed = visible.map((o) => ({
        o,
        handle: mintOccurrence(ctx.handles, o, "calendar_list_events"),
      }));
      const lines = listed.map(({ o, handle }) => {
        const extra = [
          o.recurring ? "repeats" : "",
          o.location ? `@ ${o.location}` : "",
          `[${o.calendar.name}]`,
        ]
          .filter(Boolean)
          .join(" ");
        return `${handle}  ${describeWhen(zone, o)}  ${o.summary}  ${extra}`;
      });
      const more =
        occurrences.length > visible.length
          ? [`(${occurrences.length - visible.length} more not shown)`]
          : [];
      return ok([header, ...lines, ...more, ...problems.map((p) => `(note: ${p})`)].join("\n"), {
        timezone: zone.name,
        total: occurrences.length,
        events: listed.map(({ o, handle }) => ({
          handle,
          title: o.summary,
          start: o.allDay ? zone.date(o.start) : zone.iso(o.start),
          end: o.allDay ? zone.date(o.end) : zone.iso(o.end),
          allDay: o.allDay,
          location: o.location || undefined,
          calendar: o.calendar.name,
          account: o.account,
          recurring: o.recurring,
        })),
      });
    },
  });
}
