import type { Clock } from "../../core/clock.js";
import type { IdGenerator } from "../../core/ids.js";
import type { SqliteDatabase } from "../../store/database.js";
import { KeyValueRepository } from "../../store/kv.js";
import { describeRepeat, nextOccurrence } from "./repeat.js";
import { type TimerKind, type TimerRecord, TimerStore } from "./store.js";

export interface TimerServiceOptions {
  db: SqliteDatabase;
  clock: Clock;
  ids: IdGenerator;
  /** Told when something new is due, so whoever delivers (the service) arms for it at once. */
  onScheduled?: (dueAt: number) => void;
  /** The user's time zone: a repeating alarm's next day is a day there. */
  timezone?: string | undefined;
}

export type CancelSelector = { id?: string; label?: string; at?: number; all?: boolean };
export type CancelOutcome = { cancelled: TimerRecord[] } | { problem: string; candidates: TimerRecord[] };

/**
 * Timers and alarms as rows in SQLite. Ringing them is the always-on service's job
 * (tasks/delivery.ts): it claims a due row with one guarded UPDATE, so no two processes ring the
 * same alarm, and reports rows that came due while it was down as missed.
 */
export class TimerService {
  readonly store: TimerStore;
  /** Repeating alarms' days, by the id of their next occurrence (no schema change needed). */
  private readonly repeats: KeyValueRepository;

  constructor(private readonly options: TimerServiceOptions) {
    this.store = new TimerStore(options.db);
    this.repeats = new KeyValueRepository(options.db, options.clock);
  }

  create(
    kind: TimerKind,
    dueAt: number,
    label: string | undefined,
    durationS?: number,
    repeat?: readonly number[],
  ): TimerRecord {
    const record: TimerRecord = {
      id: this.options.ids.next(kind),
      kind,
      label: label ?? null,
      dueAt,
      durationS: durationS ?? null,
      status: "pending",
      createdAt: this.options.clock.now(),
    };
    this.store.insert(record);
    if (repeat?.length) this.repeats.set(repeatKey(record.id), repeat);
    this.options.onScheduled?.(dueAt);
    return record;
  }

  pending(kind: TimerKind): TimerRecord[] {
    return this.store.pending(kind);
  }

  /** The days a repeating alarm comes back on, or undefined for a one-off. */
  repeatOf(id: string): number[] | undefined {
    return this.repeats.get<number[]>(repeatKey(id));
  }

  cancel(kind: TimerKind, selector: CancelSelector): CancelOutcome {
    const pending = this.store.pending(kind);
    let chosen: TimerRecord[];
    if (selector.id) {
      chosen = pending.filter((r) => r.id === selector.id);
      if (chosen.length === 0)
        return { problem: `no running ${kind} has id ${selector.id}`, candidates: pending };
    } else if (selector.all) {
      chosen = pending;
    } else if (selector.label || selector.at !== undefined) {
      const label = selector.label?.toLowerCase().trim();
      chosen = pending.filter(
        (r) =>
          (!label || (r.label ?? "").toLowerCase().includes(label)) &&
          (selector.at === undefined || Math.abs(r.dueAt - selector.at) < 60_000),
      );
      if (chosen.length === 0) {
        const what = [
          selector.label && `called "${selector.label}"`,
          selector.at !== undefined && "at that time",
        ];
        return { problem: `no ${kind} ${what.filter(Boolean).join(" ")}`, candidates: pending };
      }
    } else if (pending.length <= 1) {
      chosen = pending;
    } else {
      return { problem: `${pending.length} ${kind}s are set; say which one`, candidates: pending };
    }
    if (chosen.length === 0) return { problem: `no ${kind} is set`, candidates: [] };
    this.store.cancel(chosen.map((r) => r.id));
    for (const record of chosen) this.repeats.delete(repeatKey(record.id));
    return { cancelled: chosen };
  }

  /**
   * A repeating alarm that rang (or was missed) is set again for its next day after `now`;
   * whoever claimed the ring (the service's delivery) calls this once.
   */
  again(record: TimerRecord, now: number): TimerRecord | undefined {
    const days = this.repeatOf(record.id);
    if (!days) return undefined;
    this.repeats.delete(repeatKey(record.id));
    let next = nextOccurrence(record.dueAt, days, this.options.timezone);
    while (next <= now) next = nextOccurrence(next, days, this.options.timezone);
    return this.create(record.kind, next, record.label ?? undefined, undefined, days);
  }
}

const repeatKey = (id: string) => `timers.repeat.${id}`;

export { describeRepeat };

export function formatClock(ms: number, timezone?: string, withDay = false): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: timezone,
    ...(withDay ? { weekday: "short", month: "short", day: "numeric" } : {}),
    hour: "numeric",
    minute: "2-digit",
  }).format(new Date(ms));
}

/** What a timer or alarm says when it rings; a late or missed one says how late. */
export function firedMessage(
  record: TimerRecord,
  late: string | undefined,
  missed: boolean,
  timezone?: string,
): string {
  const label = record.label ? ` "${record.label}"` : "";
  if (record.kind === "timer") {
    const length = record.durationS ? ` (${describeSeconds(record.durationS)})` : "";
    if (missed) return `Missed timer${label}${length}: it ended ${late ?? "a while"} ago.`;
    return `Timer${label} is done${length}.${late ? ` (rang ${late} late)` : ""}`;
  }
  const when = formatClock(record.dueAt, timezone, (late?.includes("day") ?? false) || missed);
  if (missed) return `Missed alarm${label} for ${when} (${late ?? "some time"} late).`;
  return `Alarm${label}: it is ${when}.${late ? ` (rang ${late} late)` : ""}`;
}

export function describeSeconds(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = Math.round(total % 60);
  const parts = [
    h && `${h} hour${h === 1 ? "" : "s"}`,
    m && `${m} minute${m === 1 ? "" : "s"}`,
    s && `${s} second${s === 1 ? "" : "s"}`,
  ];
  return parts.filter(Boolean).join(" ") || "0 seconds";
}
