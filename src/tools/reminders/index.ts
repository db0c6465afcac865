import { createHash } from "node:crypto";
import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, ok, type ToolDefinition } from "../../core/tool.js";
import { backendFor, calendarAccounts, formatEventRef, pickCalendar, zoneFor } from "../calendar/accounts.js";
import { type CalendarToolOptions, createCalendarServices } from "../calendar/index.js";
import type { ToolDeps } from "../deps.js";
import { describeRepeat, nextOccurrence, REPEAT_HELP, repeatDays, rruleOf } from "../timers/repeat.js";
import { collectTodos, dueText, mintTodo, openReminderRef } from "./todos.js";

import { changeReminder, remindersUpdateTool } from "./update.js";

export { collectTodos, type ListedTodo } from "./todos.js";

// ical.js (../calendar/ical.js, locate.js, zones.js) and chrono-node (../calendar/time.js) are
// imported inside execute so that building the tool list does not load them.

const createParameters = z
  .object({
    title: z.string().min(1).max(500),
    due: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe("when (ISO, or words like 'tomorrow 9am'; a bare date = that day)"),
    notes: z.string().max(10_000).optional(),
    repeat: z.string().trim().min(1).max(40).optional().describe(`comes back: ${REPEAT_HELP} (needs due)`),
    list: z.string().min(1).max(200).optional().describe("reminder list (calendar) name"),
    account: z.string().min(1).max(32).optional(),
    replaces: z
      .string()
      .min(1)
      .max(2000)
      .optional()
      .describe(
        "#e handle of a reminder just made that this one corrects: that one is changed, no second one is added",
      )
      .meta({ "x-handle": "e" }),
  })
  .strict();
type CreateArgs = z.infer<typeof createParameters>;

const listParameters = z
  .object({
    include_completed: z.boolean().optional(),
    list: z.string().min(1).max(200).optional(),
    account: z.string().min(1).max(32).optional(),
    limit: z.number().int().min(1).max(200).optional(),
  })
  .strict();
type ListArgs = z.infer<typeof listParameters>;

const completeParameters = z
  .object({
    id: z
      .string()
      .min(1)
      .max(2000)
      .describe("#e handle from reminders_list, or the reminder's title")
      .meta({ "x-handle": "e" }),
    account: z.string().min(1).max(32).optional(),
  })
  .strict();
type CompleteArgs = z.infer<typeof completeParameters>;

export function remindersTools(deps: ToolDeps, options: CalendarToolOptions = {}): ToolDefinition[] {
  const services = createCalendarServices(deps, options);
  const available = () =>
    deps.config.calendar.accounts.some((a) => a.caldav || a.local)
      ? undefined
      : "no calendar account is configured (`jarvis accounts add`)";

  const create = defineTool<CreateArgs>({
    name: "reminders_create",
    group: "reminders",
    description: "Create a reminder (a VTODO in the user's reminder list), optionally due at a time.",
    parameters: parametersFrom(createParameters),
    effects: ["write", "network"],
    risk: "caution",
    examples: ["remind me to {title} {due}", "add a reminder {title}", "remind me {due} to {title}"],
    async execute(args, ctx) {
      const [{ buildTodo }, { parseWhen }] = await Promise.all([
        import("../calendar/ical.js"),
        import("../calendar/time.js"),
      ]);
      const days = args.repeat === undefined ? undefined : repeatDays(args.repeat);
      if (args.repeat !== undefined && (!days || !args.due))
        throw new JarvisError(
          "ARGS_INVALID",
          days ? "a repeating reminder needs a due time" : `"${args.repeat}" is not a repeat`,
          {
            fix: days ? "say when it is first due" : `say ${REPEAT_HELP}`,
          },
        );
      const zone = zoneFor(services);
      const now = ctx.clock.now();
      const dueIsDate = args.due ? /^\d{4}-\d{2}-\d{2}$/.test(args.due.trim()) : false;
      let due = args.due ? parseWhen(args.due, zone, now, { field: "due" }) : undefined;
      // A repeating reminder is first due on one of its days
      if (days && due !== undefined && !dueIsDate) {
        const weekday = new Date(zone.iso(due).slice(0, 10)).getUTCDay();
        if (!days.includes(weekday)) due = nextOccurrence(due, days, zone.name);
      }
      // A correction of the reminder just made ("no, make it 6") changes it in place
      if (args.replaces)
        return changeReminder(
          services,
          args.replaces,
          { due, dueIsDate, title: args.title, rrule: days && rruleOf(days), days },
          ctx,
          "reminders_create",
        );
      const [account] = calendarAccounts(services.config, args.account);
      const backend = backendFor(services, account!);
      const calendar = await pickCalendar(backend, account!, "VTODO", args.list, ctx.signal);
      const uid = `${createHash("sha256")
        .update(JSON.stringify([ctx.runId, account!.name, calendar.id, args.title, due ?? null]))
        .digest("hex")
        .slice(0, 32)}@jarvis`;
      const data = buildTodo(
        {
          uid,
          summary: args.title,
          due,
          dueIsDate,
          description: args.notes,
          rrule: days && rruleOf(days),
          now,
        },
        zone,
      );
      ctx.signal.throwIfAborted();
      let url: string;
      try {
        url = (await backend.create(calendar, uid, data, ctx.signal)).url;
      } catch (error) {
        if (!(error instanceof JarvisError && error.details?.exists)) throw error;
        url = String(error.details.url);
      }
      const handle = ctx.handles.mint(
        "e",
        formatEventRef({ account: account!.name, calendar: calendar.id, object: url, uid }),
        {
          label: args.title,
          tool: "reminders_create",
          trust: "trusted",
        },
      );
      const when = dueText(zone, { due, dueIsDate }, Number.NEGATIVE_INFINITY);
      const again = days ? `, then ${describeRepeat(days)}` : "";
      return ok(`Reminder ${handle} set: ${args.title}${when}${again} (list ${calendar.name}).`, {
        handle,
        title: args.title,
        due: due === undefined ? undefined : dueIsDate ? zone.date(due) : zone.iso(due),
        list: calendar.name,
      });
    },
  });

  const list = defineTool<ListArgs>({
    name: "reminders_list",
    group: "reminders",
    description:
      "List reminders (open ones by due time; completed ones on request). Returns #e handles for reminders_complete.",
    parameters: parametersFrom(listParameters),
    effects: ["read", "network"],
    sensitivity: "private",
    risk: "safe",
    // Titles on shared lists are written by other people.
    trust: "untrusted",
    examples: ["what are my reminders", "show my reminders", "what do I need to do"],
    async execute(args, ctx) {
      const zone = zoneFor(services);
      const now = ctx.clock.now();
      const todos = (await collectTodos(services, args, ctx.signal)).filter(
        (t) => args.include_completed || !t.completed,
      );
      if (todos.length === 0) return ok("No open reminders.", { reminders: [] });
      const shown = todos.slice(0, args.limit ?? 50);
      const rows = shown.map((t) => ({ t, handle: mintTodo(ctx, t, "reminders_list") }));
      const lines = rows.map(
        ({ t, handle }) =>
          `${handle}  ${t.completed ? "[done] " : ""}${t.summary}${dueText(zone, t, now)}  [${t.list}]`,
      );
      return ok([`${todos.length} reminder${todos.length === 1 ? "" : "s"}:`, ...lines].join("\n"), {
        reminders: rows.map(({ t, handle }) => ({
          handle,
          title: t.summary,
          due: t.due === undefined ? undefined : t.dueIsDate ? zone.date(t.due) : zone.iso(t.due),
          completed: t.completed,
          list: t.list,
        })),
      });
    },
  });

  const complete = defineTool<CompleteArgs>({
    name: "reminders_complete",
    group: "reminders",
    description: "Mark a reminder done (by #e handle, or by its title when that is unambiguous).",
    parameters: parametersFrom(completeParameters),
    effects: ["write", "network"],
    risk: "caution",
    examples: ["mark {id} as done", "I did {id}", "complete {id}"],
    async execute(args, ctx) {
      const value = await openReminderRef(services, args.id, args, ctx, "reminders_complete");
      const [{ default: ICAL }, { bumpSequence, locate, masterOf }] = await Promise.all([
        import("ical.js"),
        import("../calendar/locate.js"),
      ]);
      const located = await locate(services, value, ctx.signal);
      const vtodo = masterOf(located, "vtodo");
      const title = String(vtodo.getFirstPropertyValue("summary") ?? "(no title)");
      if (String(vtodo.getFirstPropertyValue("status") ?? "").toUpperCase() === "COMPLETED") {
        return ok(`"${title}" was already done.`, { title, completed: true });
      }
      const now = ctx.clock.now();
      vtodo.updatePropertyWithValue("status", "COMPLETED");
      vtodo.updatePropertyWithValue("percent-complete", 100);
      vtodo.updatePropertyWithValue("completed", ICAL.Time.fromJSDate(new Date(now), true));
      bumpSequence(vtodo, now);
      ctx.signal.throwIfAborted();
      await located.backend.update(located.object, located.vcalendar.toString(), ctx.signal);
      return ok(`Done: "${title}".`, { title, completed: true });
    },
  });

  return [create, list, complete, remindersUpdateTool(services)].map((tool) => ({ ...tool, available }));
}
