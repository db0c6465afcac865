import type { ModelRouter } from "../brain/models/router.js";
import type { Nlu, NluContext, NluResult } from "../brain/nlu/types.js";
import { JarvisError } from "../core/errors.js";
import type { JarvisEvent } from "../core/events.js";
import { MemoryHandleStore } from "../core/handles.js";
import type { ConfirmationBroker } from "../gate/confirm.js";
import type { Runtime } from "../runtime/runtime.js";
import { AsyncQueue, type EventFilter, EventHub, RunEmitter, type Subscription } from "./events.js";
import { runFastPath } from "./fast-path.js";
import { DEFAULT_LIMITS, estimateSize, type RunLimits } from "./limits.js";
import { PLAN_TOOL, planTool } from "./plan-tool.js";
import { resumeRun } from "./resume.js";
import { ActiveRun, type AgentDeps } from "./run.js";
import { RunStore } from "./run-store.js";
import { type SessionRecord, SessionStore } from "./session-store.js";
import { routeTurn, settle } from "./turn.js";
import {
  type MemoryHook,
  NO_MEMORY,
  type RunDetail,
  type RunExtras,
  type RunSummary,
  type SessionMessage,
  type TaskSize,
  type TurnHandle,
  type TurnRequest,
  type TurnResult,
} from "./types.js";

export interface AgentServiceOptions {
  runtime: Pick<Runtime, "gate" | "registry" | "audit" | "config" | "clock" | "ids" | "logger" | "db">;
  nlu: Nlu;
  models: ModelRouter;
  memory?: MemoryHook;
  limits?: Partial<Record<TaskSize, Partial<RunLimits>>>;
  persona?: string;
  /** The process that owns runs started here (a crashed owner makes them resumable). */
  pid?: number;
  isAlive?: (pid: number) => boolean;
}

interface ActiveEntry {
  runId: string;
  sessionId: string;
  run?: ActiveRun;
  killed: boolean;
  done: Promise<TurnResult>;
}

const MAX_INPUT_CHARS = 20_000;

/**
 * The agent as a service the CLI and the HTTP server share: start a turn (events stream back),
 * kill runs, resume interrupted ones, watch everything (fan-out), read runs and sessions.
 * Turns in one session run one after another, so follow-ups see the previous turn's handles.
 */
export class AgentService {
  readonly deps: AgentDeps;
  private readonly hub = new EventHub();
  private readonly active = new Map<string, ActiveEntry>();
  private readonly chains = new Map<string, Promise<unknown>>();

  constructor(options: AgentServiceOptions) {
    const { runtime } = options;
    if (!runtime.registry.has(PLAN_TOOL)) runtime.registry.register(planTool());
    const limits = { ...DEFAULT_LIMITS };
    for (const size of Object.keys(limits) as TaskSize[])
      limits[size] = { ...limits[size], ...options.limits?.[size] };
    this.deps = {
      gate: runtime.gate,
      registry: runtime.registry,
      audit: runtime.audit,
      config: runtime.config,
      clock: runtime.clock,
      ids: runtime.ids,
      logger: runtime.logger,
      runs: new RunStore(runtime.db, runtime.clock, options.isAlive),
      sessions: new SessionStore(runtime.db, runtime.clock),
      nlu: options.nlu,
      models: options.models,
      memory: options.memory ?? NO_MEMORY,
      limits,
      persona: options.persona,
      pid: options.pid ?? process.pid,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    };
  }

  startTurn(request: TurnRequest): TurnHandle {
    const text = request.text.trim();
    if (!text)
      throw new JarvisError("USAGE", "nothing to do: the request is empty", {
        fix: 'say what you want, e.g. "set a timer for 5 minutes"',
      });
    if (text.length > MAX_INPUT_CHARS) {
      throw new JarvisError("USAGE", `the request is longer than ${MAX_INPUT_CHARS} characters`, {
        fix: "shorten it, or put the text in a file and refer to it",
      });
    }
    const { runs, sessions, ids } = this.deps;
    let session: SessionRecord | undefined;
    if (request.sessionId) {
      session = sessions.get(request.sessionId);
      if (!session)
        throw new JarvisError("NOT_FOUND", `no session ${request.sessionId.slice(0, 60)}`, {
          fix: "omit it to start a new session",
        });
    }
    const runId = ids.next("run");
    let userMessageId = 0;
    // One transaction: the session, the run and the user's words land together or not at all.
    runs.batch(() => {
      session ??= sessions.create(ids.next("ses"), request.source);
      runs.create({
        id: runId,
        sessionId: session.id,
        input: text,
        source: request.source,
        size: request.size ?? estimateSize(text),
        pid: this.deps.pid,
      });
      userMessageId = sessions.appendMessage(session.id, runId, "user", text);
    });
    if (!session) throw new JarvisError("INTERNAL", "the session was not created");
    const created: SessionRecord = session;
    return this.launch(runId, created.id, (sink) => {
      const fresh = sessions.get(created.id) ?? created;
      const calls = request.calls;
      const nlu = calls ? undefined : this.parse(text, fresh);
      const size = request.size ?? (nlu ? estimateSize(text, nlu) : "quick");
      const run = this.newRun(
        runId,
        fresh,
        text,
        size,
        request.broker,
        userMessageId,
        sink,
        0,
        request.scope,
      );
      run.note({ size });
      run.emit({ type: "run_started", data: { input: text, sessionId: created.id, source: request.source } });
      return { run, body: () => (nlu ? routeTurn(run, nlu) : runFastPath(run, calls ?? [])) };
    });
  }

  /** Continues an interrupted run (its process died); see `resumeRun` for what is repeated. */
  resume(runId: string, broker: ConfirmationBroker, scope?: RunExtras): TurnHandle {
    const { runs, sessions } = this.deps;
    const stored = runs.get(runId);
    if (!stored)
      throw new JarvisError("NOT_FOUND", `no run ${runId.slice(0, 60)}`, { fix: "see `jarvis runs list`" });
    if (stored.status === "running") {
      throw new JarvisError("USAGE", `run ${runId} is still running (process ${stored.pid})`, {
        fix: "stop it first, or wait",
      });
    }
    if (stored.status !== "interrupted") {
      throw new JarvisError(
        "USAGE",
        `run ${runId} already ended (${stored.status}); only interrupted runs can be resumed`,
        { fix: "see `jarvis runs list`" },
      );
    }
    if (!runs.claim(runId, stored.pid, this.deps.pid)) {
      throw new JarvisError("USAGE", `run ${runId} was resumed by another process`, {
        fix: "see `jarvis runs list`",
      });
    }
    const steps = runs.steps(runId);
    return this.launch(runId, stored.sessionId, (sink) => {
      const session = sessions.get(stored.sessionId);
      if (!session) throw new JarvisError("NOT_FOUND", `the session of run ${runId} is gone`);
      const run = this.newRun(
        runId,
        session,
        stored.input,
        stored.size,
        broker,
        sessions.runMessageId(runId),
        sink,
        stored.lastSeq,
        scope,
      );
      run.scope.taint.tainted = stored.taint.tainted;
      run.scope.taint.sources.push(...stored.taint.sources);
      run.emit({
        type: "run_started",
        data: { input: stored.input, sessionId: stored.sessionId, source: "resume" },
      });
      const done = steps.filter((s) => s.status === "done").length;
      run.emit({
        type: "notice",
        data: {
          level: "info",
          message: `resuming run ${runId}: ${done} of ${steps.length} steps already done`,
        },
      });
      const groups = this.parse(stored.input, session).groups;
      return { run, body: () => resumeRun(run, steps, groups) };
    });
  }

  /** Stops one run, or every run (and every in-flight gate call) when no id is given. */
  kill(runId?: string): number {
    if (runId) {
      const entry = this.active.get(runId);
      if (!entry) return 0;
      entry.killed = true;
      entry.run?.kill();
      return 1;
    }
    let count = 0;
    for (const entry of this.active.values()) {
      entry.killed = true;
      entry.run?.kill();
      count += 1;
    }
    this.deps.gate.killAll("stopped by user");
    return count;
  }

  subscribe(filter?: EventFilter): Subscription {
    return this.hub.subscribe(filter);
  }

  listRuns(
    options: { limit?: number; status?: RunSummary["status"]; sessionId?: string } = {},
  ): RunSummary[] {
    return this.deps.runs.list(options);
  }

  getRun(id: string): RunDetail | undefined {
    return this.deps.runs.detail(id);
  }

  activeRuns(): string[] {
    return [...this.active.keys()];
  }

  newSession(source: string): string {
    return this.deps.sessions.create(this.deps.ids.next("ses"), source).id;
  }

  latestSession(source?: string): string | undefined {
    return this.deps.sessions.latest(source)?.id;
  }

  history(sessionId: string, limit = 50): SessionMessage[] {
    return this.deps.sessions.history(sessionId, limit);
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

  private launch(
    runId: string,
    sessionId: string,
    prepare: (sink: (event: JarvisEvent) => void) => {
      run: ActiveRun;
      body: () => ReturnType<typeof routeTurn>;
    },
  ): TurnHandle {
    const queue = new AsyncQueue<JarvisEvent>();
    this.hub.bind(runId, sessionId);
    const sink = (event: JarvisEvent) => {
      queue.push(event);
      this.hub.publish(event);
    };
    const entry: ActiveEntry = { runId, sessionId, killed: false, done: Promise.resolve() as never };
    const work = async (): Promise<TurnResult> => {
      let prepared: ReturnType<typeof prepare>;
      try {
        prepared = prepare(sink);
      } catch (error) {
        return this.failEarly(runId, sessionId, sink, error);
      }
      entry.run = prepared.run;
      if (entry.killed) prepared.run.kill();
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

  private newRun(
    runId: string,
    session: SessionRecord,
    input: string,
    size: TaskSize,
    broker: ConfirmationBroker,
    userMessageId: number | undefined,
    sink: (event: JarvisEvent) => void,
    startSeq: number,
    extras: RunExtras = {},
  ): ActiveRun {
    const emitter = new RunEmitter(runId, this.deps.clock, [sink], startSeq);
    return new ActiveRun(
      this.deps,
      runId,
      session.id,
      input,
      size,
      emitter,
      {
        userText: [...this.deps.sessions.userTexts(session.id), ...(extras.userText ?? [])],
        handles: MemoryHandleStore.fromJSON(session.handles),
        grants: new Set(session.grants),
        broker,
        ...(extras.taint
          ? { taint: { tainted: extras.taint.tainted, sources: [...extras.taint.sources] } }
          : {}),
        ...(extras.standing ? { standing: extras.standing } : {}),
        ...(extras.confirmTimeoutMs !== undefined ? { confirmTimeoutMs: extras.confirmTimeoutMs } : {}),
      },
      userMessageId,
    );
  }

  private parse(text: string, session: SessionRecord): NluResult {
    try {
      return this.deps.nlu.parse(text, {
        handles: MemoryHandleStore.fromJSON(session.handles)
          .list()
          .map((h) => ({ handle: h.handle, kind: h.kind, label: h.label })),
        ...pendingOrLast(session.lastCall),
        now: new Date(this.deps.clock.now()),
      });
    } catch (error) {
      this.deps.logger.warn({ err: error }, "the NLU failed; treating the input as unknown");
      return { text, kind: "unknown", confidence: 0 };
    }
  }

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
    return { runId, sessionId, status: "failed", error: { code: failure.code, message: failure.message } };
  }
}

/** The session's last call for follow-ups, or the call waiting for the value just asked for. */
function pendingOrLast(call: SessionRecord["lastCall"]): Pick<NluContext, "lastCall" | "pending"> {
  if (!call) return {};
  if ("missing" in call && Array.isArray(call.missing) && call.missing.length > 0) return { pending: call };
  return { lastCall: call };
}
