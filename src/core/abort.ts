import type { Clock } from "./clock.js";

/** Merges signals with an optional timeout; `dispose` clears the timer so nothing leaks. */
export function linkSignals(
  signals: ReadonlyArray<AbortSignal | undefined>,
  timeoutMs?: number,
): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const cleanups: Array<() => void> = [];
  const abort = (reason: unknown) => {
    if (!controller.signal.aborted) controller.abort(reason);
    for (const cleanup of cleanups) cleanup();
    cleanups.length = 0;
  };
  for (const signal of signals) {
    if (!signal) continue;
    if (signal.aborted) {
      abort(signal.reason);
      break;
    }
    const listener = () => abort(signal.reason);
    signal.addEventListener("abort", listener, { once: true });
    cleanups.push(() => signal.removeEventListener("abort", listener));
  }
  if (timeoutMs !== undefined && !controller.signal.aborted) {
    const timer = setTimeout(() => {
      abort(new DOMException(`timed out after ${timeoutMs} ms`, "TimeoutError"));
    }, timeoutMs);
    timer.unref?.();
    cleanups.push(() => clearTimeout(timer));
  }
  return {
    signal: controller.signal,
    dispose: () => {
      for (const cleanup of cleanups) cleanup();
      cleanups.length = 0;
    },
  };
}

/** Resolves when the signal aborts; used to race work that ignores its signal. */
export function whenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

export function isTimeoutReason(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === "TimeoutError";
}

/** `fn` after `ms` on the clock's own time (the system timer when it has none); returns a cancel. */
export function afterDelay(clock: Clock, ms: number, fn: () => void): () => void {
  if (clock.timer) return clock.timer(ms, fn);
  const timer = setTimeout(fn, ms);
  timer.unref?.();
  return () => clearTimeout(timer);
}
