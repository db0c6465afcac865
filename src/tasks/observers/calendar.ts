import type { CalendarServices } from "../../tools/calendar/accounts.js";
import { formatEventRef } from "../../tools/calendar/accounts.js";
import { collectOccurrences, type ListedOccurrence } from "../../tools/calendar/events.js";
import type { EventTrigger } from "../spec.js";
import type { RoutineRecord } from "../store.js";
import type { Part } from "../supervisor.js";
import { type ObserverHost, observe } from "./host.js";

type CalendarTrigger = Extract<EventTrigger, { type: "calendar" }>;
interface CalendarState {
  /** Until when every occurrence has been considered. */
  checkedAt: number;
  /** Occurrences already fired (`uid@start`), pruned once they are past. */
  fired: string[];
}

/**
 * Calendar triggers ("15 minutes before an event starts"): the calendars are read every
 * `routines.calendar_poll_s` for the next few hours, and the observer sleeps exactly until the
 * next moment one of its routines is due, so it fires on time without polling faster.
 */
export function calendarObserver(host: ObserverHost, services: CalendarServices, pollMs: number): Part {
  return {
    name: "observer:calendar",
    async run(signal) {
      let occurrences: ListedOccurrence[] = [];
      let readAt = Number.NEGATIVE_INFINITY;
      await observe(host, signal, async () => {
        const routines = host.routines("calendar");
        const now = host.clock.now();
        if (routines.length > 0 && now - readAt >= pollMs) {
          const ahead =
            Math.max(...routines.map((r) => (r.spec.trigger as CalendarTrigger).minutesBefore)) * 60_000;
          const range = { start: now - 6 * 3_600_000, end: now + ahead + pollMs + 60_000 };
          occurrences = (await collectOccurrences(services, range, {}, signal)).occurrences.filter(
            (o) => !o.allDay && !o.cancelled,
          );
          readAt = now;
        }
        let next = now + pollMs;
        for (const routine of routines) {
          const at = fireDue(host, routine, occurrences, now);
          if (at !== undefined) next = Math.min(next, at);
        }
        return next;
      });
    },
  };
}

/** Fires what is due for one routine; returns when its next occurrence will be. */
function fireDue(
  host: ObserverHost,
  routine: RoutineRecord,
  occurrences: ListedOccurrence[],
  now: number,
): number | undefined {
  const trigger = routine.spec.trigger as CalendarTrigger;
  const lead = trigger.minutesBefore * 60_000;
  const stored = host.state<CalendarState>(routine.id);
  const state = stored ?? { checkedAt: now, fired: [] };
  const fired = new Set(state.fired);
  let next: number | undefined;
  for (const occurrence of occurrences) {
    if (trigger.title && !occurrence.summary.toLowerCase().includes(trigger.title.toLowerCase())) continue;
    const moment = occurrence.start - lead;
    const key = `${occurrence.uid}@${occurrence.start}`;
    if (moment > now) {
      next = next === undefined ? moment : Math.min(next, moment);
      continue;
    }
    // Due now, or while the service was down (after the last look) and the event is still ahead.
    if (fired.has(key) || moment < state.checkedAt - 60_000 || occurrence.start < now - 60_000) continue;
    fired.add(key);
    const minutes = Math.max(0, Math.round((occurrence.start - now) / 60_000));
    host.fire(routine, {
      trigger: `event in ${minutes} min: ${occurrence.summary.slice(0, 80)}`,
      data: {
        event: {
          title: occurrence.summary,
          start: new Date(occurrence.start).toISOString(),
          minutes,
          location: occurrence.location,
          calendar: occurrence.calendar.name,
        },
      },
      untrusted: `the calendar event ${occurrence.summary.slice(0, 60)}`,
      handles: [
        {
          kind: "e",
          value: formatEventRef({
            account: occurrence.account,
            calendar: occurrence.calendar.id,
            object: occurrence.objectUrl,
            uid: occurrence.uid,
            occurrence: occurrence.recurrenceId,
          }),
          label: occurrence.summary.slice(0, 80),
        },
      ],
      catchUp: now - moment > 120_000,
    });
  }
  const keep = [...fired].filter((key) => Number(key.slice(key.lastIndexOf("@") + 1)) > now - 86_400_000);
  // Written when something fired, and every few minutes so a restart knows how long it was down.
  if (
    !stored ||
    fired.size !== state.fired.length ||
    keep.length !== fired.size ||
    now - state.checkedAt > 300_000
  ) {
    host.saveState(routine.id, { checkedAt: now, fired: keep } satisfies CalendarState);
  }
  return next;
}
