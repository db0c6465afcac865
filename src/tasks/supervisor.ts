import type { Clock } from "../core/clock.js";
import type { Logger } from "../core/logger.js";
import type { Scheduler } from "../tools/timers/scheduler.js";

/** A long-lived piece of the service: runs until its signal aborts; returning or throwing earlier is a crash. */
export interface Part {
  name: string;
  run(signal: AbortSignal): Promise<void>;
}

export interface PartStatus {
  name: string;
  state: "running" | "restarting" | "stopped";
  restarts: number;
  since: number;
  lastError?: string | undefined;
  nextAttemptAt?: number | undefined;
}

export interface SupervisorOptions {
  clock: Clock;
  scheduler: Scheduler;
  logger: Logger;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A part that ran this long before crashing starts its back-off over. */
  stableAfterMs?: number;
}

interface Entry {
  part: Part;
  status: PartStatus;
  failures: number;
  controller: AbortController;
  cancelRetry?: () => void;
  done?: Promise<void>;
}

/**
 * Keeps the service's parts running: a part that crashes is restarted after 1 s, 2 s, 4 s … up to
 * a minute, and a part that stayed up a while starts over at 1 s. `status()` is what doctor and
 * the UI show: state, restarts, the last error and when the next attempt is.
 */
export class Supervisor {
  private readonly entries = new Map<string, Entry>();
  private stopped = false;

  constructor(private readonly options: SupervisorOptions) {}

  add(part: Part): void {
    if (this.entries.has(part.name)) throw new Error(`part ${part.name} is supervised twice`);
    const entry: Entry = {
      part,
      status: { name: part.name, state: "running", restarts: 0, since: this.options.clock.now() },
      failures: 0,
      controller: new AbortController(),
    };
    this.entries.set(part.name, entry);
    this.launch(entry);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Stops one part for good (its configuration went away or changed) and waits until it has. */
  async remove(name: string): Promise<void> {
    const entry = this.entries.get(name);
    if (!entry) return;
    this.entries.delete(name);
    entry.cancelRetry?.();
    entry.controller.abort();
    await entry.done;
  }

  status(): PartStatus[] {
    return [...this.entries.values()].map((entry) => ({ ...entry.status }));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const entry of this.entries.values()) {
      entry.cancelRetry?.();
      entry.controller.abort();
    }
    await Promise.allSettled([...this.entries.values()].map((entry) => entry.done));
    for (const entry of this.entries.values())
      entry.status = { ...entry.status, state: "stopped", nextAttemptAt: undefined };
  }

  private launch(entry: Entry): void {
    const started = this.options.clock.now();
    entry.controller = new AbortController();
    entry.status = { ...entry.status, state: "running", since: started, nextAttemptAt: undefined };
    const signal = entry.controller.signal;
    entry.done = Promise.resolve()
      .then(() => entry.part.run(signal))
      .then(
        () => (signal.aborted ? undefined : new Error("it stopped by itself")),
        (error: unknown) =>
          signal.aborted ? undefined : error instanceof Error ? error : new Error(String(error)),
      )
      .then((crash) => {
        if (crash && !this.stopped && this.entries.get(entry.part.name) === entry)
          this.crashed(entry, crash, started);
      });
  }

  private crashed(entry: Entry, error: Error, started: number): void {
    const now = this.options.clock.now();
    if (now - started >= (this.options.stableAfterMs ?? 60_000)) entry.failures = 0;
    entry.failures += 1;
    const base = this.options.baseDelayMs ?? 1_000;
    const delay = Math.min(this.options.maxDelayMs ?? 60_000, base * 2 ** (entry.failures - 1));
    entry.status = {
      ...entry.status,
      state: "restarting",
      restarts: entry.status.restarts + 1,
      lastError: error.message.slice(0, 300),
      nextAttemptAt: now + delay,
    };
    this.options.logger.warn(
      { part: entry.part.name, err: error, retryInMs: delay },
      "a service part crashed; restarting",
    );
    entry.cancelRetry = this.options.scheduler.schedule(now + delay, () => {
      entry.cancelRetry = undefined;
      if (!this.stopped) this.launch(entry);
    });
  }
}

/** Resolves when the signal aborts (a part that is all callbacks waits on this). */
export function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });
}
