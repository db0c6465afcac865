import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterDelay } from "../core/abort.js";
import { type Clock, systemClock } from "../core/clock.js";

type GcFunction = (options?: { type?: string; execution?: string; flavor?: string }) => void;

/**
 * Once start-up is over (agent built, the NLU training worker gone) and nothing runs, the
 * server settles for a long, mostly idle life:
 * - V8's young generation stops growing (`--semi-space-growth-factor=1`, read at each
 *   scavenge). Start-up's allocation burst grew it to 16-32 MB, which V8 never returns;
 *   kept growing during start-up it saves ~0.1 s of scavenges there.
 * - One memory-reducing full collection drops start-up's garbage, shrinks the young
 *   generation back to its initial 1 MB and the old one to its working set. V8 alone would
 *   wait for allocation pressure, which an idle server never has. Node has no API for it, so
 *   V8's `gc()` is exposed in a fresh vm context only; the main context is untouched.
 * Together ~40 MB of idle RSS (bench/server.bench.ts). Returns a cancel function.
 */
export function settleMemory(
  idle: () => boolean,
  options: { delayMs?: number; tries?: number; clock?: Clock } = {},
): () => void {
  const { delayMs = 3_000, tries = 20, clock = systemClock } = options;
  let cancel: (() => void) | undefined;
  const attempt = (left: number) => {
    cancel = afterDelay(clock, delayMs, () => {
      if (!idle()) {
        if (left > 1) attempt(left - 1);
        return;
      }
      try {
        setFlagsFromString("--semi-space-growth-factor=1");
        setFlagsFromString("--expose-gc");
        const gc = runInNewContext("gc") as GcFunction;
        gc({ type: "major", execution: "sync", flavor: "last-resort" });
      } catch {
        // best effort: memory is only returned later
      }
    });
  };
  attempt(tries);
  return () => cancel?.();
}
