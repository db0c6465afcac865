import type { Clock } from "../core/clock.js";
import { JarvisError } from "../core/errors.js";
import type { JarvisEvent } from "../core/events.js";
import type { Logger } from "../core/logger.js";
import { AsyncQueue, type EventFilter, EventHub, RunEmitter, type Subscription } from "./events.js";
import type { RunEnd } from "./loop.js";
import type { ActiveRun } from "./run.js";
import type { RunStore } from "./run-store.js";
import { settle } from "./turn.js";
import type { TurnHandle, TurnResult } from "./types.js";

interface ActiveEntry {
  runId: string;
  sessionId: string;
  run?: ActiveRun;
  killed: boolean;
  done: Promise<TurnResult>;
}

/** What a run needs once its turn comes: the run, and the work it does. */
export type PrepareRun = (sink: (event: JarvisEvent) => void) => {
  run: ActiveRun;
  body: () => Promise<RunEnd>;
};

/**
 * Runs the agent's runs: one after another within a session (a follow-up sees the previous
 * turn's handles), side by side across sessions. Each run's events go to its own stream and to
 * every watcher; a kill reaches a run even before its turn comes.
 */
export class RunLauncher {
  private readonly hub = new EventHub();
  private readonly active = new Map<string, ActiveEntry>();
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(private readonly deps: { runs: RunStore; clock: Clock; logger: Logger }) {}

  launch(runId: string, sessionId: string, prepare: PrepareRun): TurnHandle {
    const queue = new AsyncQueue<JarvisEvent>();
    this.hub.bind(runId, sessionId);
    const sink = (event: JarvisEvent) => {
      queue.push(event);
      this.hub.publish(event);
    };
    const entry: ActiveEntry = { runId, sessionId, killed: false, done: Promise.resolve() as never };
    const work = async (): Promise<TurnResult> => {
      let prepared: ReturnType<PrepareRun>;
      try {
        prepared = prepare(sink);
      } catch (error) {
        return this.failEarly(runId, sessionId, sink, error);
      }
      entry.run = prepared.run;
      if (entry.killed) prepared.run.control.kill();
      return settle(prepared.run, async () => {
        prepared.run.signal.throwIfAborted();
        return prepared.body();
      });
    };
    const previous = this.chains.get(sessionId) ?? Promise.resolve();
    const done = previous.then(work, work).finally(() => {
      this.active.delete(runId);
      if (this.chains.get(sessionId) === done) this.chains.delete(sessionId);
      queue.close();
    });
    this.chains.set(
      sessionId,
      done.catch(() => undefined),
    );
    entry.done = done;
    this.active.set(runId, entry);
    return { runId, sessionId, events: queue, done };
  }

  /** Stops one run, or every run when no id is given; returns how many. */
  kill(runId?: string): number {
    const entries = runId
      ? [this.active.get(runId)].filter((e) => e !== undefined)
      : [...this.active.values()];
    for (const entry of entries) {
      entry.killed = true;
      entry.run?.control.kill();
    }
    return entries.length;
  }

  subscribe(filter?: EventFilter): Subscription {
    return this.hub.subscribe(filter);
  }

  activeRuns(): string[] {
    return [...this.active.keys()];
  }

  /** A run in progress (once its turn came), for tools that act on their own run. */
  running(runId: string): ActiveRun | undefined {
    return this.active.get(runId)?.run;
  }

  /** Kills every run and waits (briefly) for them to record how they ended. */
  async close(): Promise<void> {
    this.kill();
    const pending = [...this.active.values()].map((entry) => entry.done);
    await Promise.race([
      Promise.allSettled(pending),
      new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
    ]);
  }

  /** A run that could not even start (its session vanished, its input could not be read). */
  private failEarly(
    runId: string,
    sessionId: string,
    sink: (event: JarvisEvent) => void,
    error: unknown,
  ): TurnResult {
    const failure =
      error instanceof JarvisError
        ? error
        : new JarvisError("INTERNAL", String((error as Error)?.message ?? error));
    const emitter = new RunEmitter(runId, this.deps.clock, [sink]);
    try {
      this.deps.runs.finish(runId, "failed", {
        error: { code: failure.code, message: failure.message },
        lastSeq: 1,
      });
    } catch (storeError) {
      this.deps.logger.error({ err: storeError }, "could not record a failed run");
    }
    emitter.emit({ type: "run_failed", data: { code: failure.code, message: failure.message } });
    const error_ = { code: failure.code, message: failure.message };
    return { runId, sessionId, status: "failed", error: error_, calls: [] };
  }
}
