import type { Clock } from "../core/clock.js";
import type { IdGenerator } from "../core/ids.js";
import type { Logger } from "../core/logger.js";
import type { SqliteDatabase } from "../store/database.js";
import { KeyValueRepository } from "../store/kv.js";
import type { CalendarServices } from "../tools/calendar/accounts.js";
import { collectTodos, type ListedTodo } from "../tools/reminders/index.js";
import { firedMessage, formatClock, TimerService, TimerStore } from "../tools/timers/index.js";
import { nextOccurrence } from "../tools/timers/repeat.js";
import { type DueItem, type DueSource, describeLateness, LATE_NOTE_MS } from "./delivery.js";

/** Words for how late, when late enough to say: nothing rings silently late. */
function lateness(lateMs: number, missed: boolean): string | undefined {
  return missed || lateMs >= LATE_NOTE_MS ? describeLateness(lateMs) : undefined;
}

/** Timers and alarms (tools/timers' table): a due row is claimed by one guarded UPDATE. */
export function timerSource(
  db: SqliteDatabase,
  timezone: string | undefined,
  clock: Clock,
  ids: IdGenerator,
): DueSource {
  const store = new TimerStore(db);
  // A repeating alarm that rang (or was missed) is set again for its next day
  const timers = new TimerService({ db, clock, ids, timezone });
  return {
    name: "timers",
    nextDue: () => store.nextDue(),
    take(now) {
      return store
        .due(now)
        .filter((record) => store.markFired(record.id, now))
        .map((record) => {
          timers.again(record, now);
          return record;
        })
        .map(
          (record): DueItem => ({
            kind: record.kind,
            sourceKey: `${record.kind}:${record.id}`,
            title: record.kind === "timer" ? "Timer" : "Alarm",
            dueAt: record.dueAt,
            describe: (lateMs, missed) => firedMessage(record, lateness(lateMs, missed), missed, timezone),
          }),
        );
    },
  };
}

const WATERMARK = "tasks.reminders.checked";

/**
 * Reminders (VTODO with a due time, local or CalDAV) alert like alarms. The calendars are read on a
 * period; each (uid, due) rings once (the alert's unique key). The watermark is the time of the
 * last successful read, kept across restarts: reminders due after it and before a restart are
 * reported missed, while reminders overdue before Jarvis ever looked are not rung at all.
 */
export function reminderSource(options: {
  services: CalendarServices;
  db: SqliteDatabase;
  clock: Clock;
  logger: Logger;
  timezone: string | undefined;
  refreshMs?: number;
}): DueSource {
  const kv = new KeyValueRepository(options.db, options.clock);
  let watermark = kv.get<number>(WATERMARK) ?? options.clock.now();
  kv.set(WATERMARK, watermark); // the first look: a later restart knows when Jarvis started watching
  let todos: ListedTodo[] = [];
  let readAt = watermark;
  /** Handed out since the watermark last moved (the alert's unique key also guards). */
  const taken = new Set<string>();
  const keyOf = (todo: ListedTodo) => `reminder:${todo.uid}@${todo.due}`;
  const pending = () =>
    todos
      .map((t) => nextTime(t, watermark, options.timezone, (due) => taken.has(keyOf({ ...t, due }))))
      .filter(
        (t) =>
          !t.completed && !t.dueIsDate && t.due !== undefined && t.due > watermark && !taken.has(keyOf(t)),
      );
  return {
    name: "reminders",
    refreshMs: options.refreshMs ?? 60_000,
    async refresh(signal) {
      if (!options.services.config.calendar.accounts.some((a) => a.caldav || a.local)) return;
      const started = options.clock.now();
      todos = await collectTodos(options.services, {}, signal);
      readAt = started;
    },
    nextDue() {
      let next: number | undefined;
      for (const todo of pending()) next = next === undefined ? todo.due : Math.min(next, todo.due!);
      return next;
    },
    take(now) {
      const due = pending().filter((todo) => todo.due! <= now);
      for (const todo of due) taken.add(keyOf(todo));
      // Everything due up to the last read has been seen now; later ones wait for the next read.
      const mark = Math.max(watermark, Math.min(now, readAt));
      if (mark !== watermark) {
        watermark = mark;
        kv.set(WATERMARK, watermark);
      }
      return due.map(
        (todo): DueItem => ({
          kind: "reminder",
          sourceKey: keyOf(todo),
          title: "Reminder",
          dueAt: todo.due!,
          describe(lateMs, missed) {
            const when = formatClock(todo.due!, options.timezone, missed);
            const late = lateness(lateMs, missed);
            if (missed) return `Missed reminder: ${todo.summary} (due ${when}, ${late} late).`;
            return `Reminder: ${todo.summary} (due ${when}).${late ? ` (rang ${late} late)` : ""}`;
          },
        }),
      );
    },
  };
}

/**
 * A repeating reminder as its first occurrence after `after` not rung yet (each occurrence is its
 * own alert: its key carries the time); a one-off is itself.
 */
function nextTime(
  todo: ListedTodo,
  after: number,
  timezone: string | undefined,
  rung: (due: number) => boolean,
): ListedTodo {
  if (!todo.repeat?.length || todo.due === undefined) return todo;
  let due = todo.due;
  while (due <= after || rung(due)) due = nextOccurrence(due, todo.repeat, timezone);
  return { ...todo, due };
}
