/** Reading the reminder lists (VTODOs) and finding one reminder again, shared by the tools. */
import { JarvisError } from "../../core/errors.js";
import type { ToolContext } from "../../core/tool.js";
import {
  backendFor,
  type CalendarServices,
  calendarAccounts,
  formatEventRef,
  isEventRef,
  zoneFor,
} from "../calendar/accounts.js";
import { supports } from "../calendar/backend.js";
import type { TodoItem } from "../calendar/ical.js";
import type { Zone } from "../calendar/timezone.js";

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

export function mintTodo(ctx: ToolContext, todo: ListedTodo, tool: string): string {
  return ctx.handles.mint("e", todo.handleValue, { label: todo.summary, tool, trust: "trusted" });
}

/**
 * The handle value of the open reminder an id names: a #e handle as it is, else a title, exact
 * first, then by part of it. None or several is one line saying so (several name their handles).
 */
export async function openReminderRef(
  services: CalendarServices,
  value: string,
  filter: { account?: string | undefined },
  ctx: ToolContext,
  tool: string,
): Promise<string> {
  if (isEventRef(value)) return value;
  const wanted = value.trim().toLowerCase();
  const open = (await collectTodos(services, filter, ctx.signal)).filter((t) => !t.completed);
  const exact = open.filter((t) => t.uid === value || t.summary.toLowerCase() === wanted);
  const matches = exact.length > 0 ? exact : open.filter((t) => t.summary.toLowerCase().includes(wanted));
  if (matches.length === 0) {
    throw new JarvisError("NOT_FOUND", `no open reminder matches "${value.slice(0, 80)}"`, {
      fix: "list them with reminders_list",
    });
  }
  if (matches.length > 1) {
    const names = matches.slice(0, 5).map((t) => `${mintTodo(ctx, t, tool)} ${t.summary}`);
    throw new JarvisError(
      "ARGS_INVALID",
      `several reminders match "${value.slice(0, 80)}": ${names.join(", ")}`,
      {
        fix: "pass the #e handle of the one you mean",
      },
    );
  }
  return matches[0]!.handleValue;
}

/** " — due Thu 2025-03-27 09:00", with "(overdue)" when it has passed; "" with no due time. */
export function dueText(
  zone: Zone,
  todo: { due?: number | undefined; dueIsDate: boolean },
  now: number,
): string {
  if (todo.due === undefined) return "";
  const when = todo.dueIsDate ? zone.human(todo.due).slice(0, 14) : zone.human(todo.due);
  return ` — due ${when}${todo.due < now ? " (overdue)" : ""}`;
}
