import { readFile, stat, writeFile } from "node:fs/promises";
import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom, pathString } from "../../core/schema.js";
import { defineTool, ok, type ToolDefinition } from "../../core/tool.js";
import { backendFor, type CalendarServices, calendarAccounts, pickCalendar, zoneFor } from "./accounts.js";
import { supports } from "./backend.js";
import { rangeOf } from "./events.js";

// ical.js (through ./ical.js) is imported inside preview/execute so that building the tool list
// does not load it.

const MAX_ICS_BYTES = 10 * 1024 * 1024;

const importParameters = z
  .object({
    path: pathString("read", ".ics file to import"),
    calendar: z.string().min(1).max(200).optional(),
    account: z.string().min(1).max(32).optional(),
  })
  .strict();
type ImportArgs = z.infer<typeof importParameters>;

export function calendarImportIcsTool(services: CalendarServices): ToolDefinition {
  const load = async (path: string) => {
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) throw new JarvisError("NOT_FOUND", `${path} is not a file`);
    if (info.size > MAX_ICS_BYTES) throw new JarvisError("ARGS_INVALID", `${path} is larger than 10 MB`);
    const { parseCalendarText, splitByUid } = await import("./ical.js");
    const items = splitByUid(parseCalendarText(await readFile(path, "utf8")));
    if (items.length === 0) throw new JarvisError("ARGS_INVALID", `${path} holds no events or reminders`);
    return items;
  };
  return defineTool<ImportArgs>({
    name: "calendar_import_ics",
    group: "calendar",
    description:
      "Import the events and reminders of a local .ics file into a calendar (items already there are skipped).",
    parameters: parametersFrom(importParameters),
    effects: ["read", "write", "network"],
    risk: "dangerous",
    examples: ["import {path} into my calendar"],
    async preview(args) {
      const items = await load(args.path);
      const events = items.filter((i) => i.kind === "VEVENT").length;
      return `Import ${events} event${events === 1 ? "" : "s"} and ${items.length - events} reminder${items.length - events === 1 ? "" : "s"} from ${args.path}${args.calendar ? ` into ${args.calendar}` : ""}.`;
    },
    async execute(args, ctx) {
      const items = await load(args.path);
      const [account] = calendarAccounts(services.config, args.account);
      const backend = backendFor(services, account!);
      let created = 0;
      let skipped = 0;
      for (const item of items) {
        ctx.signal.throwIfAborted();
        const calendar = await pickCalendar(backend, account!, item.kind, args.calendar, ctx.signal);
        try {
          await backend.create(calendar, item.uid, item.data, ctx.signal);
          created += 1;
        } catch (error) {
          if (!(error instanceof JarvisError && error.details?.exists)) throw error;
          skipped += 1;
        }
      }
      return ok(
        `Imported ${created} item${created === 1 ? "" : "s"} from ${args.path}${skipped ? ` (${skipped} already there)` : ""}.`,
        {
          created,
          skipped,
        },
      );
    },
  });
}

const exportParameters = z
  .object({
    path: pathString("write", "where to write the .ics file"),
    from: z.string().min(1).max(64).optional().describe("default: a year ago"),
    to: z.string().min(1).max(64).optional().describe("default: a year from now"),
    calendar: z.string().min(1).max(200).optional(),
    account: z.string().min(1).max(32).optional(),
    overwrite: z.boolean().optional().describe("replace the file if it exists"),
  })
  .strict();
type ExportArgs = z.infer<typeof exportParameters>;

export function calendarExportIcsTool(services: CalendarServices): ToolDefinition {
  return defineTool<ExportArgs>({
    name: "calendar_export_ics",
    group: "calendar",
    description:
      "Export calendar events in a range to a local .ics file (one VCALENDAR, time zones included).",
    parameters: parametersFrom(exportParameters),
    effects: ["read", "write", "network"],
    risk: (args) => (args.overwrite ? "dangerous" : "caution"),
    examples: ["export my calendar to {path}"],
    async execute(args, ctx) {
      const zone = zoneFor(services);
      const now = ctx.clock.now();
      const [{ default: ICAL }, { newCalendar, parseCalendarText }] = await Promise.all([
        import("ical.js"),
        import("./ical.js"),
      ]);
      const range = await rangeOf(
        zone,
        now,
        args.from ?? zone.date(zone.addDays(now, -365)),
        args.to ?? zone.date(zone.addDays(now, 365)),
        365,
        3660,
      );
      const out = newCalendar();
      const zones = new Set<string>();
      let count = 0;
      for (const account of calendarAccounts(services.config, args.account)) {
        const backend = backendFor(services, account);
        for (const calendar of await backend.calendars(ctx.signal)) {
          if (
            !supports(calendar, "VEVENT") ||
            (args.calendar && calendar.name.toLowerCase() !== args.calendar.toLowerCase())
          )
            continue;
          for (const object of await backend.objects(calendar, "VEVENT", range, ctx.signal)) {
            const parsed = parseCalendarText(object.data);
            for (const tz of parsed.getAllSubcomponents("vtimezone")) {
              const tzid = String(tz.getFirstPropertyValue("tzid"));
              if (!zones.has(tzid)) {
                zones.add(tzid);
                out.addSubcomponent(new ICAL.Component(tz.toJSON()));
              }
            }
            for (const vevent of parsed.getAllSubcomponents("vevent")) {
              out.addSubcomponent(new ICAL.Component(vevent.toJSON()));
              if (!vevent.hasProperty("recurrence-id")) count += 1;
            }
          }
        }
      }
      ctx.signal.throwIfAborted();
      try {
        await writeFile(args.path, out.toString().replace(/\r?\n/g, "\r\n"), {
          flag: args.overwrite ? "w" : "wx",
          mode: 0o600,
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") {
          throw new JarvisError("ARGS_INVALID", `${args.path} already exists`, {
            fix: "pass overwrite: true or pick another name",
          });
        }
        throw error;
      }
      return ok(
        `Exported ${count} event${count === 1 ? "" : "s"} (${zone.date(range.start)} – ${zone.date(range.end)}) to ${args.path}.`,
        {
          count,
          path: args.path,
        },
      );
    },
  });
}
