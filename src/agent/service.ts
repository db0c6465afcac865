import { ModelRouter } from "../brain/models/router.js";
import type { Nlu, NluContext, NluResult } from "../brain/nlu/types.js";
import { type ToolEmbedder, ToolRetriever } from "../brain/retrieval/retriever.js";
import { JarvisError } from "../core/errors.js";
import type { JarvisEvent } from "../core/events.js";
import { MemoryHandleStore } from "../core/handles.js";
import type { UserVocabulary } from "../core/language.js";
import type { ConfirmationBroker } from "../gate/confirm.js";
import { mergeTaint } from "../gate/scope.js";
import type { PromptSection } from "./context.js";
import { type EventFilter, RunEmitter, type Subscription } from "./events.js";
import { runDirectCall, runFastPath } from "./fast-path.js";
import { RunLauncher } from "./launcher.js";
import { DEFAULT_LIMITS, estimateSize, type RunLimits } from "./limits.js";
import { NULL_NLU } from "./nlu-loader.js";
import { TOOLS_SEARCH, toolsSearchTool } from "./offer/search-tool.js";
import { PLAN_TOOL, planTool } from "./plan-tool.js";
import { resumeRun } from "./resume.js";
import { ActiveRun, type AgentDeps, type AgentRuntime } from "./run.js";
import { RunStore } from "./run-store.js";
import { type SessionRecord, SessionStore } from "./session-store.js";
import { routeTurn } from "./turn.js";
import {
  type CallRequest,
  type MemoryHook,
  NO_MEMORY,
  type RunDetail,
  type RunExtras,
  type RunSummary,
  type SessionMessage,
  type TaskSize,
  type TurnHandle,
  type TurnRequest,
} from "./types.js";

export interface AgentServiceOptions {
  runtime: AgentRuntime;
  /** The first proposer; none (every request goes to the model, or is answered honestly) by default. */
  nlu?: Nlu;
  /** No model by default: the embedded brain answers what it can. */
  models?: ModelRouter;
  memory?: MemoryHook;
  limits?: Partial<Record<TaskSize, Partial<RunLimits>>>;
  persona?: string;
  /** System-prompt sections from extensions (installed skills), with the tools they need offered. */
  promptSections?: () => PromptSection[];
  /** Optional meaning-based signal for choosing tools (config `embeddings`); never required. */
  embedder?: ToolEmbedder | undefined;
  /** The process that owns runs started here (a crashed owner makes them resumable). */
  pid?: number;
  isAlive?: (pid: number) => boolean;
  /** The person's own names (their lists) the NLU reads as values; read at every turn. */
  vocabulary?: () => UserVocabulary;
}

const MAX_INPUT_CHARS = 20_000;

/**
 * The agent as a service the CLI and the HTTP server share: start a turn (events stream back)
 * or a person's own call, kill runs, resume interrupted ones, watch everything (fan-out), read
 * runs and sessions. Turns in one session run one after another, so follow-ups see the previous
 * turn's handles.
 */
export class AgentService {
  readonly deps: AgentDeps;
  private readonly launcher: RunLauncher;

  constructor(options: AgentServiceOptions) {
    const { runtime } = options;
    if (!runtime.registry.has(PLAN_TOOL)) runtime.registry.register(planTool(), { builtIn: true });
    const retriever = new ToolRetriever({
      catalog: () => runtime.registry.list(),
      embedder: options.embedder,
      logger: runtime.logger,
    });
    if (!runtime.registry.has(TOOLS_SEARCH)) {
      runtime.registry.register(
        toolsSearchTool({
          retriever,
          registry: runtime.registry,
          offerOf: (runId) => this.launcher.running(runId)?.offer,
        }),
        { builtIn: true },
      );
    }
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
      nlu: options.nlu ?? NULL_NLU,
      models: options.models ?? new ModelRouter([]),
      retriever,
      memory: options.memory ?? NO_MEMORY,
      limits,
      persona: options.persona,
      promptSections: options.promptSections,
      pid: options.pid ?? process.pid,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      vocabulary: options.vocabulary,
    };
    this.launcher = new RunLauncher(this.deps);
  }

  startTurn(request: TurnRequest): TurnHandle {
    const text = checkedInput(request.text);
    const opened = this.openRun(text, request, request.size ?? estimateSize(text));
    return this.launcher.launch(opened.runId, opened.session.id, (sink) => {
      const session = this.deps.sessions.get(opened.session.id) ?? opened.session;
      // A routine's actions are exact calls: the fast path, without reading the text
      const calls = request.calls;
      const nlu = calls ? undefined : this.parse(text, session);
      const size = request.size ?? (nlu ? estimateSize(text, nlu) : "quick");
      const run = this.newRun(
        opened.runId,
        session,
        text,
        request,
        size,
        opened.userMessageId,
        sink,
        0,
        request.scope,
      );
      run.journal.note({ size });
      run.emit({ type: "run_started", data: { input: text, sessionId: session.id, source: request.source } });
      return { run, body: () => (nlu ? routeTurn(run, nlu) : runFastPath(run, calls ?? [])) };
    });
  }

  /**
   * A call the person made themselves (a button, `jarvis tools call`): a run of its own with
   * this one proposal, so it streams, is stored, audited, listed and resumed like any run.
   */
  startCall(request: CallRequest): TurnHandle {
    const input = checkedInput(request.input);
    const opened = this.openRun(input, request, "quick");
    return this.launcher.launch(opened.runId, opened.session.id, (sink) => {
      const session = this.deps.sessions.get(opened.session.id) ?? opened.session;
      const run = this.newRun(opened.runId, session, input, request, "quick", opened.userMessageId, sink, 0);
      run.emit({ type: "run_started", data: { input, sessionId: session.id, source: request.source } });
      return { run, body: () => runDirectCall(run, request) };
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
    return this.launcher.launch(runId, stored.sessionId, (sink) => {
      const session = sessions.get(stored.sessionId);
      if (!session) throw new JarvisError("NOT_FOUND", `the session of run ${runId} is gone`);
      const request = { source: stored.source, broker };
      const messageId = sessions.runMessageId(runId);
      const run = this.newRun(
        runId,
        session,
        stored.input,
        request,
        stored.size,
        messageId,
        sink,
        stored.lastSeq,
        scope,
      );
      mergeTaint(run.scope.taint, stored.taint);
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
    const count = this.launcher.kill(runId);
    if (!runId) this.deps.gate.killAll("stopped by user");
    return count;
  }

  subscribe(filter?: EventFilter): Subscription {
    return this.launcher.subscribe(filter);
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
    return this.launcher.activeRuns();
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
    this.deps.gate.killAll("stopped by user");
    await this.launcher.close();
  }

  /** The session (new unless one is named), the run and the user's words, in one transaction. */
  private openRun(
    input: string,
    request: { sessionId?: string | undefined; source: string },
    size: TaskSize,
  ): { runId: string; session: SessionRecord; userMessageId: number } {
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
    runs.batch(() => {
      session ??= sessions.create(ids.next("ses"), request.source);
      runs.create({
        id: runId,
        sessionId: session.id,
        input,
        source: request.source,
        size,
        pid: this.deps.pid,
      });
      userMessageId = sessions.appendMessage(session.id, runId, "user", input);
    });
    if (!session) throw new JarvisError("INTERNAL", "the session was not created");
    return { runId, session, userMessageId };
  }

  private newRun(
    id: string,
    session: SessionRecord,
    input: string,
    request: { source: string; broker: ConfirmationBroker },
    size: TaskSize,
    userMessageId: number | undefined,
    sink: (event: JarvisEvent) => void,
    startSeq: number,
    extras: RunExtras = {},
  ): ActiveRun {
    return new ActiveRun(this.deps, {
      id,
      sessionId: session.id,
      input,
      source: request.source,
      size,
      emitter: new RunEmitter(id, this.deps.clock, [sink], startSeq),
      scope: {
        userText: [...this.deps.sessions.userTexts(session.id), ...(extras.userText ?? [])],
        handles: MemoryHandleStore.fromJSON(session.handles),
        grants: new Set(session.grants),
        // What earlier turns read stays with the session: their answers are in this turn's context;
        // a routine's run starts having read its trigger's data.
        taint: mergeTaint(
          mergeTaint({ tainted: false, sources: [] }, this.deps.sessions.taint(session.id)),
          extras.taint,
        ),
        broker: request.broker,
        ...(extras.standing ? { standing: extras.standing } : {}),
        ...(extras.confirmTimeoutMs !== undefined ? { confirmTimeoutMs: extras.confirmTimeoutMs } : {}),
      },
      userMessageId,
    });
  }

  /** The person's own names; a store that cannot be read costs those names, never the reading. */
  private vocabulary(): UserVocabulary | undefined {
    try {
      return this.deps.vocabulary?.();
    } catch (error) {
      this.deps.logger.warn({ err: error }, "the person's own names could not be read; reading without them");
      return undefined;
    }
  }

  /** Settings that answer what a tool's language would otherwise ask once (a default city). */
  private defaults(): Record<string, unknown> {
    const city = this.deps.config.weather.default_city;
    return city ? { city } : {};
  }

  private parse(text: string, session: SessionRecord): NluResult {
    const vocabulary = this.vocabulary();
    try {
      return this.deps.nlu.parse(text, {
        ...(vocabulary ? { vocabulary } : {}),
        handles: MemoryHandleStore.fromJSON(session.handles)
          .list()
          .map((h) => ({ handle: h.handle, kind: h.kind, label: h.label })),
        ...pendingOrLast(session.lastCall),
        remembered: { ...this.defaults(), ...this.deps.sessions.remembered() },
        now: new Date(this.deps.clock.now()),
      });
    } catch (error) {
      this.deps.logger.warn({ err: error }, "the NLU failed; treating the input as unknown");
      return { text, kind: "unknown", confidence: 0 };
    }
  }
}

/** The request's words, or one line saying what is wrong with them. */
function checkedInput(raw: string): string {
  const text = raw.trim();
  if (!text)
    throw new JarvisError("USAGE", "nothing to do: the request is empty", {
      fix: 'say what you want, e.g. "set a timer for 5 minutes"',
    });
  if (text.length > MAX_INPUT_CHARS) {
    throw new JarvisError("USAGE", `the request is longer than ${MAX_INPUT_CHARS} characters`, {
      fix: "shorten it, or put the text in a file and refer to it",
    });
  }
  return text;
}

/** The session's last call for follow-ups, or the call waiting for the value just asked for. */
function pendingOrLast(call: SessionRecord["lastCall"]): Pick<NluContext, "lastCall" | "pending"> {
  if (!call) return {};
  if ("missing" in call && Array.isArray(call.missing) && call.missing.length > 0) return { pending: call };
  return { lastCall: call };
}
