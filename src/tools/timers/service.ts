import type { Clock } from "../../core/clock.js";
import type { EmitFn } from "../../core/events.js";
import type { IdGenerator } from "../../core/ids.js";
import type { Logger } from "../../core/logger.js";
import type { SqliteDatabase } from "../../store/database.js";
import { KeyValueRepository } from "../../store/kv.js";
import type { DesktopNotifier } from "./notify.js";
import { describeRepeat, nextOccurrence } from "./repeat.js";
import type { Scheduler } from "./scheduler.js";
import { type TimerKind, type TimerRecord, TimerStore } from "./store.js";

export interface FiredTimer {
  record: TimerRecord;
  /** How late it fired (a restart after its time: a missed alarm). */
  lateMs: number;
  message: string;
}

export interface TimerServiceOptions {
  db: SqliteDatabase;
  clock: Clock;
  scheduler: Scheduler;
  ids: IdGenerator;
  notifier: DesktopNotifier;
  logger: Logger;
  timezone?: string;
  /** Re-read the table this often, so timers another process created still fire here. */
  pollMs?: number;
  /** After start, wait this long before firing overdue rows (a short CLI command never does). */
  startDelayMs?: number;
  emit?: EmitFn;
}

export type CancelSelector = { id?: string; label?: string; at?: number; all?: boolean };
export type CancelOutcome = { cancelled: TimerRecord[] } | { problem: string; candidates: TimerRecord[] };

const LATE_MS = 60_000;

/**
 * Timers and alarms: rows in SQLite, one wake-up armed for the earliest due row. Firing marks
 * the row first (a guarded UPDATE), then notifies, so a crash or a second process cannot ring
 * the same alarm twice; alarms due while Jarvis was not running ring as "missed" on start.
 */
export class TimerService {
  readonly store: TimerStore;
  /** Repeating alarms' days, by the id of their next occurrence (no schema change needed). */
  private readonly repeats: KeyValueRepository;
  private readonly listeners = new Set<(fired: FiredTimer) => void>();
  private cancelWake: (() => void) | undefined;
  private started = false;
  private notBefore = 0;

  constructor(private readonly options: TimerServiceOptions) {
    this.store = new TimerStore(options.db);
    this.repeats = new KeyValueRepository(options.db, options.clock);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.notBefore = this.options.clock.now() + (this.options.startDelayMs ?? 2_000);
    this.arm();
  }

  stop(): void {
    this.started = false;
    this.cancelWake?.();
    this.cancelWake = undefined;
  }

  subscribe(listener: (fired: FiredTimer) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
    // A timer set in this process may fire before the start delay is over
    this.notBefore = Math.min(this.notBefore, dueAt);
    if (this.started) this.arm();
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
    if (this.started) this.arm();
    return { cancelled: chosen };
  }

  private arm(): void {
    this.cancelWake?.();
    const now = this.options.clock.now();
    const poll = this.options.pollMs ?? 5_000;
    const next = this.store.nextDue();
    let at = next === undefined ? now + poll : Math.min(next, now + poll);
    at = Math.max(at, this.notBefore, now);
    this.cancelWake = this.options.scheduler.schedule(at, () => this.tick());
  }

  /** Fires everything due, then arms the next wake-up. Never throws into the scheduler. */
  tick(): void {
    if (!this.started) return;
    const now = this.options.clock.now();
    try {
      for (const record of this.store.due(now)) {
        if (!this.store.markFired(record.id, now)) continue;
        this.fire(record, now - record.dueAt);
        this.again(record, now);
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, "timer tick failed");
    }
    this.arm();
  }

  /** A repeating alarm that rang (or was missed) is set again for its next day. */
  private again(record: TimerRecord, now: number): void {
    const days = this.repeatOf(record.id);
    if (!days) return;
    this.repeats.delete(repeatKey(record.id));
    let next = nextOccurrence(record.dueAt, days, this.options.timezone);
    while (next <= now) next = nextOccurrence(next, days, this.options.timezone);
    this.create(record.kind, next, record.label ?? undefined, undefined, days);
  }

  private fire(record: TimerRecord, lateMs: number): void {
    const message = firedMessage(record, lateMs, this.options.timezone);
    const fired: FiredTimer = { record, lateMs, message };
    this.options.logger.info({ id: record.id, kind: record.kind, lateMs }, message);
    const title = record.kind === "timer" ? "Timer done" : lateMs > LATE_MS ? "Missed alarm" : "Alarm";
    void this.options.notifier.notify(`Jarvis: ${title}`, message).catch(() => false);
    this.options.emit?.({ type: "notice", data: { level: "info", message } });
    for (const listener of this.listeners) {
      try {
        listener(fired);
      } catch (error) {
        this.options.logger.warn({ err: error }, "timer listener failed");
      }
    }
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

export function firedMessage(record: TimerRecord, lateMs: number, timezone?: string): string {
  const label = record.label ? ` "${record.label}"` : "";
  if (record.kind === "timer") {
    const minutes = record.durationS ? ` (${describeSeconds(record.durationS)})` : "";
    return `Timer${label} is done${minutes}.`;
  }
  const when = formatClock(record.dueAt, timezone, lateMs > 12 * 3_600_000);
  return lateMs > LATE_MS ? `Missed alarm${label} for ${when}.` : `Alarm${label}: it is ${when}.`;
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
