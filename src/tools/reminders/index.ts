import { createHash } from "node:crypto";
import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, ok, type ToolContext, type ToolDefinition } from "../../core/tool.js";
import {
  backendFor,
  type CalendarServices,
  calendarAccounts,
  formatEventRef,
  isEventRef,
  pickCalendar,
  zoneFor,
} from "../calendar/accounts.js";
import { supports } from "../calendar/backend.js";
import type { TodoItem } from "../calendar/ical.js";
import { type CalendarToolOptions, createCalendarServices } from "../calendar/index.js";
import type { Zone } from "../calendar/timezone.js";
import type { ToolDeps } from "../deps.js";
import { describeRepeat, nextOccurrence, REPEAT_HELP, repeatDays, rruleOf } from "../timers/repeat.js";

// ical.js (../calendar/ical.js, locate.js, zones.js) and chrono-node (../calendar/time.js) are
// imported inside execute so that building the tool list does not load them.

export interface ListedTodo extends TodoItem {
  handleValue: string;
  list: string;
}

/** Every reminder (VTODO) in the chosen accounts and lists, open ones first by due time. */
export async function collectTodos(
  services: CalendarServices,
  filter: { account?: string | undefined; list?: string | undefined },
  signal: AbortSignal,
): Promise<ListedTodo[]> {
  const [{ parseCalendarText, readTodos }, { resolverFor }] = await Promise.all([
    import("../calendar/ical.js"),
    import("../calendar/zones.js"),
  ]);
  const zone = zoneFor(services);
  const now = services.clock.now();
  const resolver = resolverFor(zone, now - 365 * 86_400_000, now + 2 * 365 * 86_400_000);
  const out: ListedTodo[] = [];
  for (const account of calendarAccounts(services.config, filter.account)) {
    const backend = backendFor(services, account);
    for (const calendar of await backend.calendars(signal)) {
      if (!supports(calendar, "VTODO")) continue;
      if (filter.list && calendar.name.toLowerCase() !== filter.list.toLowerCase()) continue;
      for (const object of await backend.objects(calendar, "VTODO", undefined, signal)) {
        for (const todo of readTodos(parseCalendarText(object.data), resolver)) {
          const handleValue = formatEventRef({
            account: account.name,
            calendar: calendar.id,
            object: object.url,
            uid: todo.uid,
          });
          out.push({ ...todo, handleValue, list: calendar.name });
        }
      }
    }
  }
  return out.sort(
    (a, b) =>
      Number(a.completed) - Number(b.completed) ||
      (a.due ?? Number.MAX_SAFE_INTEGER) - (b.due ?? Number.MAX_SAFE_INTEGER),
  );
}

function dueText(zone: Zone, todo: { due?: number | undefined; dueIsDate: boolean }, now: number): string {
  if (todo.due === undefined) return "";
  const when = todo.dueIsDate ? zone.human(todo.due).slice(0, 14) : zone.human(todo.due);
  return ` — due ${when}${todo.due < now ? " (overdue)" : ""}`;
}

function mint(ctx: ToolContext, todo: ListedTodo, tool: string): string {
  return ctx.handles.mint("e", todo.handleValue, { label: todo.summary, tool, trust: "trusted" });
}

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
      const rows = shown.map((t) => ({ t, handle: mint(ctx, t, "reminders_list") }));
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
      let value = args.id;
      if (!isEventRef(value)) {
        const wanted = value.trim().toLowerCase();
        const open = (await collectTodos(services, args, ctx.signal)).filter((t) => !t.completed);
        const exact = open.filter((t) => t.uid === value || t.summary.toLowerCase() === wanted);
        const matches =
          exact.length > 0 ? exact : open.filter((t) => t.summary.toLowerCase().includes(wanted));
        if (matches.length === 0) {
          throw new JarvisError("NOT_FOUND", `no open reminder matches "${value.slice(0, 80)}"`, {
            fix: "list them with reminders_list",
          });
        }
        if (matches.length > 1) {
          const names = matches.slice(0, 5).map((t) => `${mint(ctx, t, "reminders_complete")} ${t.summary}`);
          throw new JarvisError(
            "ARGS_INVALID",
            `several reminders match "${value.slice(0, 80)}": ${names.join(", ")}`,
            {
              fix: "pass the #e handle of the one you mean",
            },
          );
        }
        value = matches[0]!.handleValue;
      }
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

  return [create, list, complete].map((tool) => ({ ...tool, available }));
}
