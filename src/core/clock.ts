/** Injected time source so tests can control "now" without mocking modules. */
export interface Clock {
  now(): number;
  /**
   * Calls `fn` once, `ms` from now on this clock; returns a cancel. Clocks without it use the
   * system timer (see `afterDelay` in abort.ts); a manual clock fires it when advanced past the time.
   */
  timer?(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * Milliseconds on a monotonic clock, for durations: `performance.now()` loads node:perf_hooks at
 * its first use (~3 ms of a one-shot `jarvis ask`, which needs it nowhere else).
 */
export const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** A clock for tests: time moves only when told to, and timers fire as it passes them. */
export class ManualClock implements Clock {
  private timers: Array<{ at: number; fn: () => void }> = [];

  constructor(private current = 0) {}

  now(): number {
    return this.current;
  }

  timer(ms: number, fn: () => void): () => void {
    const entry = { at: this.current + Math.max(0, ms), fn };
    this.timers.push(entry);
    return () => {
      this.timers = this.timers.filter((t) => t !== entry);
    };
  }

  advance(ms: number): void {
    this.set(this.current + ms);
  }

  set(ms: number): void {
    this.current = ms;
    const due = this.timers.filter((t) => t.at <= ms).sort((a, b) => a.at - b.at);
    this.timers = this.timers.filter((t) => t.at > ms);
    for (const timer of due) timer.fn();
  }
}
