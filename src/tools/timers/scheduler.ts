import type { Clock } from "../../core/clock.js";

/**
 * When to run something, injected so tests move time by hand. `schedule` returns a cancel
 * function; the real one uses unref'd timers so a short CLI command never waits on them.
 */
export interface Scheduler {
  schedule(atMs: number, fn: () => void): () => void;
}

/** setTimeout can wait at most ~24.8 days; longer waits re-arm in steps. */
const MAX_WAIT_MS = 2 ** 31 - 1;

export function realScheduler(clock: Clock): Scheduler {
  return {
    schedule(atMs, fn) {
      let handle: NodeJS.Timeout | undefined;
      let cancelled = false;
      const arm = () => {
        const wait = Math.max(0, atMs - clock.now());
        handle = setTimeout(
          () => {
            if (cancelled) return;
            if (clock.now() >= atMs) fn();
            else arm();
          },
          Math.min(wait, MAX_WAIT_MS),
        );
        handle.unref();
      };
      arm();
      return () => {
        cancelled = true;
        if (handle) clearTimeout(handle);
      };
    },
  };
}

/** A scheduler for tests: nothing runs until `advance` moves the clock past it. */
export class ManualScheduler implements Scheduler {
  private readonly pending: Array<{ at: number; fn: () => void; seq: number }> = [];
  private seq = 0;

  constructor(private readonly clock: { now(): number; set(ms: number): void }) {}

  schedule(atMs: number, fn: () => void): () => void {
    const entry = { at: atMs, fn, seq: this.seq++ };
    this.pending.push(entry);
    return () => {
      const index = this.pending.indexOf(entry);
      if (index >= 0) this.pending.splice(index, 1);
    };
  }

  /** Moves time forward, running what falls due in order (callbacks may schedule more). */
  advance(ms: number): void {
    const target = this.clock.now() + ms;
    for (;;) {
      this.pending.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.pending[0];
      if (!next || next.at > target) break;
      this.pending.shift();
      this.clock.set(Math.max(this.clock.now(), next.at));
      next.fn();
    }
    this.clock.set(target);
  }

  get size(): number {
    return this.pending.length;
  }
}
