import { createHash } from "node:crypto";
import type ICAL from "ical.js";
import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, ok, type ToolDefinition } from "../../core/tool.js";
import {
  backendFor,
  type CalendarServices,
  calendarAccounts,
  formatEventRef,
  pickCalendar,
  zoneFor,
} from "./accounts.js";
import { describeWhen } from "./events.js";
import type { Zone } from "./timezone.js";

// ical.js (./ical.js, ./locate.js) and chrono-node (./time.js) are imported inside
// preview/execute so that building the tool list does not load them.

type IcalComponent = InstanceType<typeof ICAL.Component>;

export function eventHandle(description: string) {
  return z.string().min(2).max(2000).describe(description).meta({ "x-handle": "e" });
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** start/end/duration → instants; a bare date makes an all-day event. */
async function timesFrom(
  zone: Zone,
  now: number,
  args: { start?: string | undefined; end?: string | undefined; duration_min?: number | undefined },
  current?: { start: number; end: number; allDay: boolean },
): Promise<{ start: number; end: number; allDay: boolean }> {
  const { parseWhen } = await import("./time.js");
  const allDay = args.start ? DATE_ONLY.test(args.start.trim()) : (current?.allDay ?? false);
  const start = args.start ? parseWhen(args.start, zone, now, { field: "start" }) : current!.start;
  let end: number;
  if (args.end) end = parseWhen(args.end, zone, now, { field: "end", endOfDay: allDay });
  else if (args.duration_min !== undefined) end = start + args.duration_min * 60_000;
  else if (current && !(args.start && allDay !== current.allDay)) end = start + (current.end - current.start);
  else end = allDay ? zone.addDays(start, 1) : start + 60 * 60_000;
  if (end <= start) throw new JarvisError("ARGS_INVALID", "the event must end after it starts");
  if (end - start > 366 * 86_400_000)
    throw new JarvisError("ARGS_INVALID", "an event cannot last more than a year");
  return { start, end, allDay };
}

const createParameters = z
  .object({
    title: z.string().min(1).max(500),
    start: z.string().min(1).max(64).describe("ISO start (a bare date makes an all-day event)"),
    end: z.string().min(1).max(64).optional(),
    duration_min: z.number().int().min(1).max(525_600).optional().describe("length in minutes (default 60)"),
    location: z.string().max(500).optional(),
    description: z.string().max(10_000).optional(),
    calendar: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("calendar name (default: the account's default)"),
    account: z.string().min(1).max(32).optional(),
  })
  .strict();
type CreateArgs = z.infer<typeof createParameters>;

export function calendarCreateEventTool(services: CalendarServices): ToolDefinition {
  const plan = async (args: CreateArgs, now: number, signal: AbortSignal) => {
    const zone = zoneFor(services);
    const times = await timesFrom(zone, now, args);
    const [account] = calendarAccounts(services.config, args.account);
    const backend = backendFor(services, account!);
    const calendar = await pickCalendar(backend, account!, "VEVENT", args.calendar, signal);
    return { zone, times, account: account!, backend, calendar };
  };
  return defineTool<CreateArgs>({
    name: "calendar_create_event",
    group: "calendar",
    description: "Create a calendar event (the user sees exactly what will be created first).",
    parameters: parametersFrom(createParameters),
    effects: ["write", "network", "egress"],
    risk: "dangerous",
    examples: [
      "add {title} to my calendar on {start}",
      "schedule {title} at {start}",
      "create an event {title} {start}",
    ],
    async preview(args, ctx) {
      const { zone, times, account, calendar } = await plan(args, services.clock.now(), ctx.signal);
      return [
        `Create this event in ${account.name}/${calendar.name}:`,
        `Title: ${args.title}`,
        `When: ${describeWhen(zone, times)} (${zone.name}, ${zone.iso(times.start).slice(-6)})`,
        ...(args.location ? [`Location: ${args.location}`] : []),
        ...(args.description ? [`Notes: ${args.description}`] : []),
      ].join("\n");
    },
    async execute(args, ctx) {
      const now = ctx.clock.now();
      const { zone, times, account, backend, calendar } = await plan(args, now, ctx.signal);
      // the same request in the same run gets the same UID, so a retry cannot make a twin
      const uid = `${createHash("sha256")
        .update(JSON.stringify([ctx.runId, account.name, calendar.id, args.title, times]))
        .digest("hex")
        .slice(0, 32)}@jarvis`;
      const { buildEvent } = await import("./ical.js");
      const data = buildEvent(
        { uid, summary: args.title, ...times, location: args.location, description: args.description, now },
        zone,
      );
      ctx.signal.throwIfAborted();
      let url: string;
      let existed = false;
      try {
        url = (await backend.create(calendar, uid, data, ctx.signal)).url;
      } catch (error) {
        if (!(error instanceof JarvisError && error.details?.exists)) throw error;
        existed = true;
        url = String(error.details.url);
      }
      const handle = ctx.handles.mint(
        "e",
        formatEventRef({ account: account.name, calendar: calendar.id, object: url, uid }),
        {
          label: args.title,
          tool: "calendar_create_event",
          trust: "trusted",
        },
      );
      const when = describeWhen(zone, times);
      return ok(
        `${existed ? "Already created" : "Created"} ${handle}: ${args.title}, ${when} in ${account.name}/${calendar.name}.`,
        {
          handle,
          uid,
          start: times.allDay ? zone.date(times.start) : zone.iso(times.start),
          end: times.allDay ? zone.date(times.end) : zone.iso(times.end),
          calendar: calendar.name,
          url,
          existed,
        },
      );
    },
  });
}

const updateParameters = z
  .object({
    id: eventHandle("#e handle from calendar_list_events"),
    title: z.string().min(1).max(500).optional(),
    start: z.string().min(1).max(64).optional(),
    end: z.string().min(1).max(64).optional(),
    duration_min: z.number().int().min(1).max(525_600).optional(),
    location: z.string().max(500).optional().describe("new location ('' clears it)"),
    description: z.string().max(10_000).optional(),
    series: z
      .boolean()
      .optional()
      .describe("for a recurring event: change every occurrence (default: only this one)"),
  })
  .strict();
type UpdateArgs = z.infer<typeof updateParameters>;

function summaryOf(component: IcalComponent): string {
  return String(component.getFirstPropertyValue("summary") ?? "(no title)");
}

export function calendarUpdateEventTool(services: CalendarServices): ToolDefinition {
  const plan = async (args: UpdateArgs, now: number, signal: AbortSignal) => {
    if (Object.keys(args).filter((k) => !["id", "series"].includes(k)).length === 0) {
      throw new JarvisError(
        "ARGS_INVALID",
        "nothing to change: give a title, start, end, duration_min, location or description",
      );
    }
    const { locate, targetOf } = await import("./locate.js");
    const located = await locate(services, args.id, signal);
    const target = targetOf(located, args.series ?? false);
    const times =
      args.start || args.end || args.duration_min !== undefined
        ? await timesFrom(located.zone, now, args, target)
        : target;
    return { located, target, times };
  };
  return defineTool<UpdateArgs>({
    name: "calendar_update_event",
    group: "calendar",
    description:
      "Change a calendar event (#e handle): title, time, location or notes. For a recurring event, only that occurrence unless series is true.",
    parameters: parametersFrom(updateParameters),
    effects: ["write", "network", "egress"],
    risk: "dangerous",
    // The event is a handle: the preview names it, with its time and calendar
    says: ({ start, title, series }) =>
      `${start ? "Move" : title ? "Rename" : "Change"} ${series ? "a repeating event, every time," : "an event"} in your calendar`,
    examples: ["move {id} to {start}", "rename {id} to {title}"],
    async preview(args, ctx) {
      const { located, target, times } = await plan(args, services.clock.now(), ctx.signal);
      const zone = located.zone;
      return [
        `Change "${summaryOf(target.component)}" (${describeWhen(zone, target)}) in ${located.account.name}/${located.calendar.name}${target.scope === "occurrence" ? ", this occurrence only" : target.scope === "series" ? ", every occurrence" : ""}:`,
        ...(args.title ? [`Title → ${args.title}`] : []),
        ...(times !== target ? [`When → ${describeWhen(zone, times)} (${zone.name})`] : []),
        ...(args.location !== undefined ? [`Location → ${args.location || "(none)"}`] : []),
        ...(args.description !== undefined ? [`Notes → ${args.description || "(none)"}`] : []),
      ].join("\n");
    },
    async execute(args, ctx) {
      const now = ctx.clock.now();
      const { located, target, times } = await plan(args, now, ctx.signal);
      const [{ ensureTimezone, setText, setTime }, { bumpSequence, createOverride, spanOf }] =
        await Promise.all([import("./ical.js"), import("./locate.js")]);
      const zone = located.zone;
      let component = target.component;
      if (target.scope === "occurrence" && component === target.master) {
        component = createOverride(located, target.master, target.occurrence!);
      }
      if (times !== target) {
        if (target.scope === "series" && located.ref.occurrence) {
          // move the whole series by how far this occurrence moved
          const base = spanOf(target.master, zone);
          const shift = times.start - target.start;
          setTime(component, "dtstart", base.start + shift, zone, times.allDay);
          component.removeAllProperties("duration");
          setTime(component, "dtend", base.start + shift + (times.end - times.start), zone, times.allDay);
        } else {
          setTime(component, "dtstart", times.start, zone, times.allDay);
          component.removeAllProperties("duration");
          setTime(component, "dtend", times.end, zone, times.allDay);
        }
        const year = zone.wall(times.start).year;
        ensureTimezone(located.vcalendar, zone, { from: year - 1, to: year + 2 });
      }
      if (args.title) setText(component, "summary", args.title);
      if (args.location !== undefined) setText(component, "location", args.location);
      if (args.description !== undefined) setText(component, "description", args.description);
      bumpSequence(component, now);
      ctx.signal.throwIfAborted();
      await located.backend.update(located.object, located.vcalendar.toString(), ctx.signal);
      return ok(
        `Updated "${summaryOf(component)}": ${describeWhen(zone, times)}${target.scope === "occurrence" ? " (this occurrence)" : ""}.`,
        {
          start: times.allDay ? zone.date(times.start) : zone.iso(times.start),
          end: times.allDay ? zone.date(times.end) : zone.iso(times.end),
          scope: target.scope,
        },
      );
    },
  });
}

const deleteParameters = z
  .object({
    id: eventHandle("#e handle from calendar_list_events"),
    series: z
      .boolean()
      .optional()
      .describe("for a recurring event: delete every occurrence (default: only this one)"),
  })
  .strict();
type DeleteArgs = z.infer<typeof deleteParameters>;

export function calendarDeleteEventTool(services: CalendarServices): ToolDefinition {
  const plan = async (args: DeleteArgs, signal: AbortSignal) => {
    const { locate, targetOf } = await import("./locate.js");
    const located = await locate(services, args.id, signal);
    return { located, target: targetOf(located, args.series ?? false) };
  };
  return defineTool<DeleteArgs>({
    name: "calendar_delete_event",
    group: "calendar",
    description:
      "Delete a calendar event (#e handle). For a recurring event, only that occurrence unless series is true.",
    parameters: parametersFrom(deleteParameters),
    effects: ["delete", "network"],
    risk: "destructive",
    says: ({ series }) =>
      series
        ? "Delete a repeating event from your calendar, every time"
        : "Delete an event from your calendar",
    examples: ["delete {id}", "cancel {id}", "remove {id} from my calendar"],
    async preview(args, ctx) {
      const { located, target } = await plan(args, ctx.signal);
      const scope =
        target.scope === "occurrence"
          ? " (this occurrence only)"
          : target.scope === "series"
            ? " (every occurrence)"
            : "";
      return `Delete "${summaryOf(target.component)}", ${describeWhen(located.zone, target)}${scope}, from ${located.account.name}/${located.calendar.name}.`;
    },
    async execute(args, ctx) {
      const { located, target } = await plan(args, ctx.signal);
      const { bumpSequence, overrideFor, timeProperty } = await import("./locate.js");
      ctx.signal.throwIfAborted();
      const title = summaryOf(target.component);
      if (target.scope === "occurrence") {
        const override = overrideFor(located, target.occurrence!);
        if (override) located.vcalendar.removeSubcomponent(override);
        target.master.addProperty(timeProperty("exdate", target.master, target.occurrence!));
        bumpSequence(target.master, ctx.clock.now());
        await located.backend.update(located.object, located.vcalendar.toString(), ctx.signal);
      } else {
        const others = [
          ...located.vcalendar.getAllSubcomponents("vevent"),
          ...located.vcalendar.getAllSubcomponents("vtodo"),
        ].filter((c) => String(c.getFirstPropertyValue("uid")) !== located.ref.uid);
        if (others.length === 0) await located.backend.remove(located.object, ctx.signal);
        else {
          for (const c of located.vcalendar.getAllSubcomponents("vevent")) {
            if (String(c.getFirstPropertyValue("uid")) === located.ref.uid)
              located.vcalendar.removeSubcomponent(c);
          }
          await located.backend.update(located.object, located.vcalendar.toString(), ctx.signal);
        }
      }
      return ok(
        `Deleted "${title}", ${describeWhen(located.zone, target)}${target.scope === "occurrence" ? " (this occurrence only)" : ""}.`,
        {
          scope: target.scope,
        },
      );
    },
  });
}
