import type { Clock } from "../core/clock.js";
import type { IdGenerator } from "../core/ids.js";
import type { Logger } from "../core/logger.js";
import { Zone } from "../tools/calendar/timezone.js";
import type { Scheduler } from "../tools/timers/scheduler.js";
import { conditionsHold, type TriggerData } from "./conditions.js";
import { compileSchedule, type Schedule, type TimeTrigger } from "./schedule.js";
import { TIME_TRIGGERS } from "./spec.js";
import type { RoutineRecord, RoutineRunRecord, RoutineRunStatus, RoutineStore } from "./store.js";

/** One reason to run a routine: a time came, a mail arrived, a file appeared… */
export interface Firing {
  routine: RoutineRecord;
  scheduledFor: number;
  /** What fired it, for people. */
  trigger: string;
  data: TriggerData;
  /** The data came from outside (a mail, a page, a webhook): where, for the run's taint. */
  untrusted?: string | undefined;
  /** Values the run may refer to by handle (the mail that arrived, the file that appeared). */
  handles?: Array<{ kind: "m" | "f" | "u" | "e"; value: string; label: string }> | undefined;
  /** How many routines led here (a routine's action firing another), and which. */
  depth: number;
  chain: string[];
  /** Found on the first look after a restart: the catch-up policy decides. */
  catchUp?: boolean;
}

export interface RunOutcome {
  status: Extract<RoutineRunStatus, "finished" | "failed" | "cancelled">;
  runId?: string | undefined;
  note?: string | undefined;
  tokensIn: number;
  tokensOut: number;
}

/** Carries a firing out as a durable agent run (tasks/runner.ts). */
export interface RoutineRunner {
  run(firing: Firing, routineRunId: string, onRunId: (runId: string) => void): Promise<RunOutcome>;
  /** Continues a run a crash interrupted; undefined when it cannot be resumed. */
  resume(routine: RoutineRecord, record: RoutineRunRecord): Promise<RunOutcome> | undefined;
}

export interface EngineOptions {
  store: RoutineStore;
  clock: Clock;
  scheduler: Scheduler;
  ids: IdGenerator;
  logger: Logger;
  runner: RoutineRunner;
  /** Routines firing each other stop past this many links. */
  maxDepth?: number;
  /** Something to tell the person outside any run (a loop stopped). */
  notice(title: string, message: string): void;
  keepRuns?: number;
  pollMs?: number;
}

/** Most missed occurrences "run every missed" replays after downtime. */
const MAX_REPLAY = 50;

/**
 * Routines: time triggers armed as one wake-up for the earliest due routine; event triggers
 * arrive from observers through `trigger`. Conditions are checked without a model; the
 * concurrency policy decides what happens while one is running; every firing is recorded,
 * silent ones too. After downtime the catch-up policy decides what missed occurrences do.
 */
export class RoutineEngine {
  private readonly schedules = new Map<string, { key: number; schedule: Schedule }>();
  private readonly zones = new Map<string, Zone>();
  /** Routines that already ran once for events missed while down ("catch-up: once"). */
  private readonly caughtUp = new Set<string>();
  private readonly running = new Map<string, number>();
  private readonly queued = new Map<string, Array<{ firing: Firing; recordId: string }>>();
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Which firing an agent run belongs to (a routine run calling `routines_run` goes one deeper). */
  private readonly byRun = new Map<string, Firing>();
  /** Paths routine runs touched lately: a file trigger there is caused by them. */
  private readonly origins = new Map<string, { firing: Firing; until: number }>();
  private cancelWake: (() => void) | undefined;
  private started = false;

  constructor(private readonly options: EngineOptions) {}

  get store(): RoutineStore {
    return this.options.store;
  }

  /** Catches up on what was missed while down, resumes interrupted runs, then arms. */
  start(): void {
    if (this.started) return;
    this.started = true;
    const now = this.options.clock.now();
    this.resumeUnfinished();
    for (const routine of this.options.store.list()) {
      if (routine.status !== "active" || !TIME_TRIGGERS.has(routine.spec.trigger.type)) continue;
      if (routine.nextDueAt === undefined) this.reschedule(routine, now);
      else if (routine.nextDueAt <= now) this.catchUp(routine, now);
    }
    this.arm();
  }

  async stop(): Promise<void> {
    this.started = false;
    this.cancelWake?.();
    this.cancelWake = undefined;
    await Promise.allSettled([...this.inFlight]);
  }

  /** A routine was added, edited, paused or resumed: recompute its next time and re-arm. */
  changed(routine: RoutineRecord): void {
    this.schedules.delete(routine.id);
    if (TIME_TRIGGERS.has(routine.spec.trigger.type) && routine.status === "active") {
      this.reschedule(routine, this.options.clock.now());
    }
    if (this.started) this.arm();
  }

  firingOfRun(runId: string): Firing | undefined {
    return this.byRun.get(runId);
  }

  /** A routine's run touched a path (wrote a file): what that causes counts as one level deeper. */
  touched(path: string, firing: Firing): void {
    const now = this.options.clock.now();
    for (const [key, entry] of this.origins) if (entry.until < now) this.origins.delete(key);
    this.origins.set(path, { firing, until: now + 120_000 });
  }

  /** The routine firing that recently touched this path, if any. */
  causeOf(path: string): Firing | undefined {
    const entry = this.origins.get(path);
    return entry && entry.until >= this.options.clock.now() ? entry.firing : undefined;
  }

  /** How many firings of a routine are running now. */
  activeCount(routineId: string): number {
    return this.running.get(routineId) ?? 0;
  }

  /** An event trigger fired (or `routines run`): conditions, depth, concurrency, then a run. */
  trigger(firing: Firing): RoutineRunRecord {
    const { routine } = firing;
    const base = {
      id: this.options.ids.next("rrun"),
      routineId: routine.id,
      trigger: firing.trigger,
      scheduledFor: firing.scheduledFor,
      depth: firing.depth,
      tokensIn: 0,
      tokensOut: 0,
      timeMs: 0,
      startedAt: this.options.clock.now(),
    };
    const silent = (status: RoutineRunStatus, note: string): RoutineRunRecord => {
      const record = { ...base, status, note, endedAt: base.startedAt };
      this.options.store.addRun(record);
      this.options.store.prune(routine.id, this.options.keepRuns ?? 200);
      return record;
    };
    const maxDepth = this.options.maxDepth ?? 3;
    if (firing.depth > maxDepth) {
      const chain = [...firing.chain, routine.name].join(" → ");
      const note = `stopped: routines kept triggering each other (${chain}); the limit is ${maxDepth} deep`;
      this.options.notice("Routines stopped", `Routine "${routine.name}" was not run: ${note}.`);
      return silent("stopped", note);
    }
    const started = Date.now();
    if (!conditionsHold(routine.spec.conditions, firing.data)) return silent("skipped", "conditions not met");
    // An event found on the first look after a restart happened while Jarvis was down: the
    // routine's catch-up policy decides (time triggers apply it in `catchUp` already).
    if (firing.catchUp && !TIME_TRIGGERS.has(routine.spec.trigger.type)) {
      const policy = routine.spec.catchUp;
      if (policy === "skip" || (policy === "once" && this.caughtUp.has(routine.id))) {
        return silent("missed", `happened while Jarvis was not running (catch-up: ${policy})`);
      }
      this.caughtUp.add(routine.id);
    }
    const busy = this.activeCount(routine.id) > 0;
    if (busy && routine.spec.concurrency === "single" && !firing.catchUp) {
      return silent("skipped", "the previous run was still going (one at a time)");
    }
    const record: RoutineRunRecord = {
      ...base,
      status: busy ? "queued" : "running",
      timeMs: Date.now() - started,
    };
    this.options.store.addRun(record);
    if (busy && routine.spec.concurrency !== "parallel") {
      const queue = this.queued.get(routine.id) ?? [];
      queue.push({ firing, recordId: record.id });
      this.queued.set(routine.id, queue);
    } else this.launch(firing, record.id);
    return record;
  }

  private launch(firing: Firing, recordId: string): void {
    const id = firing.routine.id;
    this.running.set(id, this.activeCount(id) + 1);
    const started = this.options.clock.now();
    this.options.store.updateRun(recordId, { status: "running" });
    const work = this.options.runner
      .run(firing, recordId, (runId) => {
        this.byRun.set(runId, firing);
        this.options.store.updateRun(recordId, { runId });
      })
      .catch(
        (error: unknown): RunOutcome => ({
          status: "failed",
          note: (error as Error).message,
          tokensIn: 0,
          tokensOut: 0,
        }),
      )
      .then((outcome) => {
        if (outcome.runId) this.byRun.delete(outcome.runId);
        this.finish(id, recordId, outcome, started);
      });
    this.track(work);
  }

  private finish(routineId: string, recordId: string, outcome: RunOutcome, started: number): void {
    this.options.store.updateRun(recordId, {
      status: outcome.status,
      ...(outcome.runId ? { runId: outcome.runId } : {}),
      ...(outcome.note ? { note: outcome.note } : {}),
      tokensIn: outcome.tokensIn,
      tokensOut: outcome.tokensOut,
      timeMs: Math.max(0, this.options.clock.now() - started),
      endedAt: this.options.clock.now(),
    });
    this.options.store.prune(routineId, this.options.keepRuns ?? 200);
    this.running.set(routineId, Math.max(0, this.activeCount(routineId) - 1));
    const next = this.queued.get(routineId)?.shift();
    if (next && this.started) this.launch(next.firing, next.recordId);
  }

  private track(work: Promise<unknown>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  /** Fires every time routine that is due, each occurrence claimed once. */
  tick(): void {
    if (!this.started) return;
    const now = this.options.clock.now();
    try {
      for (const routine of this.options.store.due(now)) {
        const due = routine.nextDueAt!;
        const next = this.scheduleOf(routine)?.next(Math.max(now, due));
        if (!this.options.store.claim(routine.id, due, next, now)) continue;
        this.trigger(this.timeFiring(routine, due));
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, "routine tick failed");
    }
    this.arm();
  }

  private timeFiring(routine: RoutineRecord, at: number, catchUp = false): Firing {
    return {
      routine,
      scheduledFor: at,
      trigger: `schedule (${new Date(at).toISOString()})`,
      data: {
        time: timeData(at, this.zone(routine.spec.timezone)),
        routine: { id: routine.id, name: routine.name },
      },
      depth: 0,
      chain: [],
      catchUp,
    };
  }

  /** Missed while down: skip (recorded), run once, or replay each (at most MAX_REPLAY). */
  private catchUp(routine: RoutineRecord, now: number): void {
    const schedule = this.scheduleOf(routine);
    if (!schedule || routine.nextDueAt === undefined) return;
    const missed: number[] = [];
    for (
      let at: number | undefined = routine.nextDueAt;
      at !== undefined && at <= now;
      at = schedule.next(at)
    ) {
      missed.push(at);
      if (missed.length > 10_000) break;
    }
    const next = schedule.next(now);
    if (!this.options.store.claim(routine.id, routine.nextDueAt, next, now)) return;
    const policy = routine.spec.catchUp;
    const count = missed.length;
    const while_ = `${count} run${count === 1 ? "" : "s"} missed while Jarvis was not running`;
    const runNow = policy === "skip" ? [] : policy === "once" ? missed.slice(-1) : missed.slice(-MAX_REPLAY);
    const skipped = count - runNow.length;
    if (skipped > 0) {
      this.options.store.addRun({
        id: this.options.ids.next("rrun"),
        routineId: routine.id,
        trigger: `schedule (${new Date(missed[0]!).toISOString()} to ${new Date(missed.at(-1)!).toISOString()})`,
        scheduledFor: missed[0]!,
        depth: 0,
        status: "missed",
        note: `${while_}; ${policy === "skip" ? "skipped (catch-up: skip)" : `${skipped} not replayed`}`,
        tokensIn: 0,
        tokensOut: 0,
        timeMs: 0,
        startedAt: now,
        endedAt: now,
      });
    }
    for (const at of runNow) this.trigger(this.timeFiring(routine, at, true));
  }

  private resumeUnfinished(): void {
    for (const record of this.options.store.unfinished()) {
      const routine = this.options.store.get(record.routineId);
      const resumed = routine && record.runId ? this.options.runner.resume(routine, record) : undefined;
      if (!routine || !resumed) {
        this.options.store.updateRun(record.id, {
          status: "failed",
          note: "Jarvis stopped before this run started; it was not run",
          endedAt: this.options.clock.now(),
        });
        continue;
      }
      this.running.set(routine.id, this.activeCount(routine.id) + 1);
      const started = this.options.clock.now();
      this.track(resumed.then((outcome) => this.finish(routine.id, record.id, outcome, started)));
    }
  }

  private reschedule(routine: RoutineRecord, now: number): void {
    const next = this.scheduleOf(routine)?.next(now);
    this.options.store.update(routine.id, { nextDueAt: next }, now);
  }

  private scheduleOf(routine: RoutineRecord): Schedule | undefined {
    if (!TIME_TRIGGERS.has(routine.spec.trigger.type)) return undefined;
    const cached = this.schedules.get(routine.id);
    if (cached && cached.key === routine.createdAt) return cached.schedule;
    try {
      const schedule = compileSchedule(
        routine.spec.trigger as TimeTrigger,
        routine.spec.timezone,
        routine.createdAt,
      );
      this.schedules.set(routine.id, { key: routine.createdAt, schedule });
      return schedule;
    } catch (error) {
      this.options.logger.warn({ err: error, routine: routine.id }, "a stored schedule no longer compiles");
      return undefined;
    }
  }

  private zone(name: string): Zone {
    let zone = this.zones.get(name);
    if (!zone) {
      zone = new Zone(name);
      this.zones.set(name, zone);
    }
    return zone;
  }

  private arm(): void {
    this.cancelWake?.();
    const now = this.options.clock.now();
    const next = this.options.store.nextDue();
    const poll = now + (this.options.pollMs ?? 60_000);
    const at = Math.max(now, next === undefined ? poll : Math.min(next, poll));
    this.cancelWake = this.options.scheduler.schedule(at, () => this.tick());
  }
}

/** What a time trigger hands to conditions: the occurrence's wall time in the routine's zone. */
export function timeData(at: number, zone: Zone): TriggerData {
  const wall = zone.wall(at);
  return {
    iso: new Date(at).toISOString(),
    date: zone.date(at),
    weekday: zone.weekday(at),
    hour: wall.hour,
    minute: wall.minute,
  };
}
