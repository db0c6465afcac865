/**
 * Changing a reminder that exists: its due time, title or repeat. A correction said right after
 * a reminder was made ("no, make it 6") edits that reminder, never adds a second one beside it.
 */
import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, ok, type ToolContext, type ToolDefinition, type ToolResult } from "../../core/tool.js";
import { type CalendarServices, zoneFor } from "../calendar/accounts.js";
import { describeRepeat } from "../timers/repeat.js";
import { dueText, openReminderRef } from "./todos.js";

/** What changes: a due time already read (ms), a title, the days it comes back on. */
export interface ReminderChange {
  due?: number | undefined;
  dueIsDate?: boolean;
  title?: string | undefined;
  rrule?: string | undefined;
  days?: readonly number[] | undefined;
}

/** Writes the change into the reminder an id names (handle or title) and says what it is now. */
export async function changeReminder(
  services: CalendarServices,
  id: string,
  change: ReminderChange,
  ctx: ToolContext,
  tool: string,
): Promise<ToolResult> {
  const value = await openReminderRef(services, id, {}, ctx, tool);
  const [{ default: ICAL }, { ensureTimezone, setText, setTime }, { bumpSequence, locate, masterOf }] =
    await Promise.all([import("ical.js"), import("../calendar/ical.js"), import("../calendar/locate.js")]);
  const located = await locate(services, value, ctx.signal);
  const vtodo = masterOf(located, "vtodo");
  const zone = zoneFor(services);
  const { due, dueIsDate = false } = change;
  if (due !== undefined) {
    setTime(vtodo, "due", due, zone, dueIsDate);
    // A start left after the new due time would make the reminder invalid (RFC 5545)
    vtodo.removeAllProperties("dtstart");
    const year = zone.wall(due).year;
    if (!dueIsDate) ensureTimezone(located.vcalendar, zone, { from: year - 1, to: year + 2 });
  }
  if (change.title) setText(vtodo, "summary", change.title);
  if (change.rrule) {
    vtodo.removeAllProperties("rrule");
    vtodo.addProperty(new ICAL.Property(ICAL.parse.property(`RRULE:${change.rrule}`)));
  }
  bumpSequence(vtodo, ctx.clock.now());
  ctx.signal.throwIfAborted();
  await located.backend.update(located.object, located.vcalendar.toString(), ctx.signal);
  const title = String(vtodo.getFirstPropertyValue("summary") ?? "(no title)");
  const handle = ctx.handles.mint("e", value, { label: title, tool, trust: "trusted" });
  const when = due === undefined ? "" : dueText(zone, { due, dueIsDate }, Number.NEGATIVE_INFINITY);
  const again = change.days ? `, then ${describeRepeat([...change.days])}` : "";
  return ok(`Reminder ${handle} changed: ${title}${when}${again} (list ${located.calendar.name}).`, {
    handle,
    title,
    ...(due === undefined ? {} : { due: dueIsDate ? zone.date(due) : zone.iso(due) }),
    list: located.calendar.name,
  });
}

const updateParameters = z
  .object({
    id: z
      .string()
      .min(1)
      .max(2000)
      .describe("#e handle from reminders_create or reminders_list, or the reminder's title")
      .meta({ "x-handle": "e" }),
    due: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe("the new due time (ISO, or words like 'tomorrow 9am'; a bare date = that day)"),
    title: z.string().min(1).max(500).optional().describe("the new title"),
  })
  .strict();
type UpdateArgs = z.infer<typeof updateParameters>;

export function remindersUpdateTool(services: CalendarServices): ToolDefinition {
  return defineTool<UpdateArgs>({
    name: "reminders_update",
    group: "reminders",
    description:
      "Change a reminder (by #e handle, or by its title when that is unambiguous): its due time or title.",
    parameters: parametersFrom(updateParameters),
    effects: ["write", "network"],
    risk: "caution",
    says: ({ due, title }) =>
      due && title ? "Change a reminder" : due ? "Move a reminder to another time" : "Rename a reminder",
    // No examples: the offline reading reaches a change through the follow-up of the reminder
    // just made (reminders_create with `replaces`); taught here, "move {id} to {due}" would
    // compete with the calendar's moves
    async execute(args, ctx) {
      if (args.due === undefined && args.title === undefined)
        throw new JarvisError("ARGS_INVALID", "nothing to change: give a due time or a title", {
          fix: "say the new time or the new title",
        });
      const { parseWhen } = await import("../calendar/time.js");
      const zone = zoneFor(services);
      const dueIsDate = args.due ? /^\d{4}-\d{2}-\d{2}$/.test(args.due.trim()) : false;
      const due = args.due ? parseWhen(args.due, zone, ctx.clock.now(), { field: "due" }) : undefined;
      return changeReminder(
        services,
        args.id,
        { due, dueIsDate, title: args.title },
        ctx,
        "reminders_update",
      );
    },
  });
}
