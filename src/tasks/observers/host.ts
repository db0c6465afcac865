import type { Clock } from "../../core/clock.js";
import type { Logger } from "../../core/logger.js";
import type { Firing } from "../engine.js";
import type { EventTrigger } from "../spec.js";
import type { RoutineRecord } from "../store.js";

/** What an observer found: the parts of a firing only it knows. */
export type Observation = Pick<Firing, "trigger" | "data" | "untrusted" | "handles" | "catchUp"> & {
  /** A path it concerns: a change a routine's own run made there fires one level deeper. */
  path?: string | undefined;
};

/**
 * What observers get from the service: the active routines of their kind, a place to remember
 * what they saw, and `fire`. They read the world without a model and cost nothing when quiet.
 */
export interface ObserverHost {
  clock: Clock;
  logger: Logger;
  routines(type: EventTrigger["type"]): RoutineRecord[];
  state<T>(routineId: string): T | undefined;
  saveState(routineId: string, state: unknown): void;
  fire(routine: RoutineRecord, observation: Observation): void;
  /** Called when routines are added, changed or removed (observers re-read their list). */
  onChange(listener: () => void): () => void;
}

/** Waits `ms`, or less when the signal aborts or `wake` is called. */
export function pause(
  ms: number,
  signal: AbortSignal,
  wake?: (resolve: () => void) => () => void,
): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      stopWake?.();
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref?.();
    signal.addEventListener("abort", done, { once: true });
    const stopWake = wake?.(done);
  });
}

/**
 * An observer's loop: `look`, then sleep until the time it returns, or sooner when routines
 * change, `nudges` reports news (a mail server's IDLE), or the service stops. A nudge during a
 * look is kept, so the next look follows at once. A look that throws ends the part (the
 * supervisor restarts it).
 */
export async function observe(
  host: ObserverHost,
  signal: AbortSignal,
  look: () => Promise<number>,
  nudges?: (nudge: () => void) => () => void,
): Promise<void> {
  let wake: (() => void) | undefined;
  let pending = false;
  const nudge = () => {
    if (wake) wake();
    else pending = true;
  };
  const stops = [host.onChange(nudge), nudges?.(nudge)];
  try {
    while (!signal.aborted) {
      pending = false;
      const next = await look();
      if (pending) continue;
      await pause(Math.max(50, next - host.clock.now()), signal, (resolve) => {
        wake = resolve;
        return () => {
          wake = undefined;
        };
      });
    }
  } finally {
    for (const stop of stops) stop?.();
  }
}
