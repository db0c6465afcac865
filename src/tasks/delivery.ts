import type { Clock } from "../core/clock.js";
import { JarvisError } from "../core/errors.js";
import type { IdGenerator } from "../core/ids.js";
import type { Logger } from "../core/logger.js";
import type { Scheduler } from "../tools/timers/scheduler.js";
import { type Alert, type AlertKind, AlertStore } from "./alerts.js";

/** Something that came due: a timer, an alarm, a reminder, a routine's message. */
export interface DueItem {
  kind: AlertKind;
  /** Unique per occurrence: the same key never rings twice. */
  sourceKey: string;
  /** A short noun ("Alarm", "Reminder"); a missed one is titled "Missed alarm". */
  title: string;
  dueAt: number;
  /** The words people get, given how late it is and whether it was missed. */
  describe(lateMs: number, missed: boolean): string;
}

/** Where due items come from. `take` claims what is due (exactly once across processes). */
export interface DueSource {
  readonly name: string;
  nextDue(): number | undefined;
  take(now: number): DueItem[];
  /** Background refresh (a calendar poll); the delivery wakes after it. */
  refresh?(signal: AbortSignal): Promise<void>;
  /** How often `refresh` runs. */
  refreshMs?: number;
}

export type AlertChange = { type: "ring"; alert: Alert } | { type: "close"; alert: Alert };

/** What a surface may do with an alert it shows (buttons, a spoken "snooze", a chat command). */
export interface AlertActions {
  snooze(id: string, minutes?: number): Alert;
  dismiss(id: string): Alert;
}

/** Where alerts show: the desktop, every web tab and attached chat, the voice loop. */
export interface Surface {
  readonly name: string;
  show(change: AlertChange, actions: AlertActions): void;
  /** The service stops: withdraw what is showing (a notification process waiting for a click). */
  close?(): void;
}

export interface DeliveryOptions {
  db: ConstructorParameters<typeof AlertStore>[0];
  clock: Clock;
  scheduler: Scheduler;
  ids: IdGenerator;
  logger: Logger;
  sources: DueSource[];
  surfaces?: Surface[];
  /** Re-read the sources this often (rows another process wrote: a timer set by a CLI not attached). */
  pollMs?: number;
  defaultSnoozeMinutes?: number;
}

/** Past this, an item is reported as missed rather than rung. */
export const MISSED_AFTER_MS = 60_000;
/** Past this, a ring says how late it is: nothing rings silently late. */
export const LATE_NOTE_MS = 2_000;

/**
 * Delivery of due items: one wake-up armed for the earliest due item; each item is claimed once,
 * recorded as an alert, then shown on every surface. Anything that came due while the service was
 * not running (or is more than a minute late) is reported as missed with how late, never rung as
 * if on time. Snooze and dismiss work from any surface; the first answer wins and the others close.
 */
export class Delivery implements AlertActions {
  readonly store: AlertStore;
  private readonly surfaces = new Set<Surface>();
  private readonly refreshers: Array<() => void> = [];
  private cancelWake: (() => void) | undefined;
  private controller = new AbortController();
  private startedAt = Number.POSITIVE_INFINITY;
  private running = false;

  constructor(private readonly options: DeliveryOptions) {
    this.store = new AlertStore(options.db);
    for (const surface of options.surfaces ?? []) this.surfaces.add(surface);
  }

  /** Starts delivering; everything already due is reported as missed. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.controller = new AbortController();
    this.startedAt = this.options.clock.now();
    for (const source of this.options.sources) {
      if (!source.refresh) continue;
      await source
        .refresh(this.controller.signal)
        .catch((error: unknown) => this.refreshFailed(source, error));
      this.refreshers.push(this.every(source));
    }
    this.tick();
  }

  stop(): void {
    this.running = false;
    this.controller.abort();
    this.cancelWake?.();
    this.cancelWake = undefined;
    for (const cancel of this.refreshers.splice(0)) cancel();
    for (const surface of this.surfaces) surface.close?.();
  }

  addSurface(surface: Surface): () => void {
    this.surfaces.add(surface);
    return () => this.surfaces.delete(surface);
  }

  /** Something new is due (a timer was just set): re-arm if it is sooner than the armed wake-up. */
  wake(): void {
    if (this.running) this.arm();
  }

  /** Alerts ringing or reported missed that nobody dealt with yet. */
  open(): Alert[] {
    return this.store.open();
  }

  /** Delivers a routine's message (or a confirmation notice) now, as an alert of its own. */
  announce(kind: AlertKind, sourceKey: string, title: string, message: string): Alert | undefined {
    const now = this.options.clock.now();
    return this.deliver({ kind, sourceKey, title, dueAt: now, describe: () => message }, now);
  }

  snooze(id: string, minutes = this.options.defaultSnoozeMinutes ?? 10): Alert {
    if (!Number.isFinite(minutes) || minutes < 1 || minutes > 1440) {
      throw new JarvisError("USAGE", "snooze for 1 to 1440 minutes", { fix: "e.g. snooze 10" });
    }
    const now = this.options.clock.now();
    const until = now + Math.round(minutes * 60_000);
    const alert = this.change(id, ["ringing", "missed"], "snoozed", now, until);
    this.arm();
    return alert;
  }

  dismiss(id: string): Alert {
    return this.change(id, ["ringing", "missed", "snoozed"], "dismissed", this.options.clock.now());
  }

  /** Claims and delivers everything due, re-rings snoozed alerts, arms the next wake-up. */
  tick(): void {
    if (!this.running) return;
    const now = this.options.clock.now();
    for (const source of this.options.sources) {
      try {
        for (const item of source.take(now)) this.deliver(item, now);
      } catch (error) {
        this.options.logger.warn({ err: error, source: source.name }, "delivery failed for a source");
      }
    }
    try {
      for (const alert of this.store.snoozedDue(now)) {
        if (!this.store.update(alert.id, ["snoozed"], "ringing", now)) continue;
        this.show({
          type: "ring",
          alert: { ...alert, status: "ringing", firedAt: now, snoozedUntil: undefined },
        });
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, "snoozed alerts could not be re-rung");
    }
    this.arm();
  }

  private deliver(item: DueItem, now: number): Alert | undefined {
    const lateMs = Math.max(0, now - item.dueAt);
    const missed = item.dueAt < this.startedAt || lateMs > MISSED_AFTER_MS;
    const alert: Alert = {
      id: this.options.ids.next("alert"),
      kind: item.kind,
      sourceKey: item.sourceKey,
      title: missed && item.kind !== "routine" ? `Missed ${item.title.toLowerCase()}` : item.title,
      message: item.describe(lateMs, missed),
      dueAt: item.dueAt,
      firedAt: now,
      lateMs,
      status: missed ? "missed" : "ringing",
    };
    if (!this.store.insert(alert, now)) return undefined;
    this.options.logger.info({ id: alert.id, kind: alert.kind, lateMs, missed }, alert.message);
    this.show({ type: "ring", alert });
    return alert;
  }

  private change(
    id: string,
    from: Alert["status"][],
    to: Alert["status"],
    now: number,
    until?: number,
  ): Alert {
    const before = this.store.get(id);
    if (!before)
      throw new JarvisError("NOT_FOUND", `no alert ${id.slice(0, 60)}`, {
        fix: "see what is ringing with `jarvis service status`",
      });
    if (!this.store.update(id, from, to, now, until)) {
      throw new JarvisError("NOT_FOUND", `that alert was already ${before.status}`, {
        fix: "nothing to do: it was dealt with elsewhere",
      });
    }
    const alert: Alert = { ...before, status: to, snoozedUntil: until };
    this.show({ type: "close", alert });
    return alert;
  }

  private show(change: AlertChange): void {
    for (const surface of this.surfaces) {
      try {
        surface.show(change, this);
      } catch (error) {
        this.options.logger.warn({ err: error, surface: surface.name }, "a surface failed to show an alert");
      }
    }
  }

  private arm(): void {
    this.cancelWake?.();
    const now = this.options.clock.now();
    const candidates = [now + (this.options.pollMs ?? 5_000), this.store.nextSnoozed()];
    for (const source of this.options.sources) candidates.push(source.nextDue());
    const at = Math.max(now, Math.min(...candidates.filter((c): c is number => c !== undefined)));
    this.cancelWake = this.options.scheduler.schedule(at, () => this.tick());
  }

  /** Runs a source's refresh on its own period, waking the delivery after each. */
  private every(source: DueSource): () => void {
    let cancel: () => void = () => {};
    const loop = () => {
      cancel = this.options.scheduler.schedule(
        this.options.clock.now() + (source.refreshMs ?? 60_000),
        () => {
          void source
            .refresh?.(this.controller.signal)
            .catch((error: unknown) => this.refreshFailed(source, error))
            .then(() => {
              if (!this.running) return;
              this.tick();
              loop();
            });
        },
      );
    };
    loop();
    return () => cancel();
  }

  private refreshFailed(source: DueSource, error: unknown): void {
    if (!this.controller.signal.aborted)
      this.options.logger.warn({ err: error, source: source.name }, "could not refresh due items");
  }
}

/** `45 s`, `3 min`, `2 h 5 min`, `3 days`. */
export function describeLateness(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`;
  return `${Math.round(h / 24)} days`;
}
