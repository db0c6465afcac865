import type { ModelMessage } from "ai";
import type { ModelRouter, ModelSession } from "../brain/models/router.js";
import type { ModelToolCall } from "../brain/models/types.js";
import type { Nlu } from "../brain/nlu/types.js";
import type { JarvisConfig } from "../config/schema.js";
import { linkSignals } from "../core/abort.js";
import type { Clock } from "../core/clock.js";
import type { JarvisError } from "../core/errors.js";
import type { EmitFn } from "../core/events.js";
import { MemoryHandleStore } from "../core/handles.js";
import type { IdGenerator } from "../core/ids.js";
import type { Logger } from "../core/logger.js";
import type { AuditLog } from "../gate/audit.js";
import type { CallOutcome, Gate, RunScope } from "../gate/gate.js";
import type { ToolRegistry } from "../gate/registry.js";
import { createRunScope, type RunScopeInput } from "../gate/scope.js";
import type { RunEmitter } from "./events.js";
import { DEFAULT_LIMITS, type RunLimits } from "./limits.js";
import { type RunStore, STEP_STATUS } from "./run-store.js";
import type { SessionStore } from "./session-store.js";
import type { MemoryHook, RunMode, StepStatus, TaskSize } from "./types.js";

/** Everything a run needs from the outside; all injected. */
export interface AgentDeps {
  gate: Gate;
  registry: ToolRegistry;
  audit: AuditLog;
  config: JarvisConfig;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  runs: RunStore;
  sessions: SessionStore;
  nlu: Nlu;
  models: ModelRouter;
  memory: MemoryHook;
  limits: Record<TaskSize, RunLimits>;
  persona?: string | undefined;
  pid: number;
  /** The user's IANA time zone, resolved once (Intl lookups are slow per call). */
  timezone: string;
}

/**
 * What a tool step stores as its result: enough to replay it to the model after a crash
 * (`observation`) and to tell the person what happened (`message`, `fix`).
 */
export interface StoredCallResult {
  status: CallOutcome["status"] | "uncertain";
  observation: string;
  /** For people; older rows lack it (then the output, or a generic sentence, is used). */
  message?: string | undefined;
  fix?: string | undefined;
  output?: string | undefined;
  code?: string | undefined;
}

/** The stored form of a gate outcome. */
export function storedResult(outcome: CallOutcome): StoredCallResult {
  return {
    status: outcome.status,
    observation: outcome.observation,
    message: outcome.message,
    ...(outcome.fix ? { fix: outcome.fix } : {}),
    ...(outcome.result?.output !== undefined ? { output: outcome.result.output } : {}),
    ...(outcome.code ? { code: String(outcome.code) } : {}),
  };
}

/** What a model (or NLU) step stores: the proposal, replayed verbatim on resume. */
export interface StoredProposal {
  text: string;
  toolCalls: ModelToolCall[];
  model: string;
  /** Tokens the model reported for this step (a routine's cost is the sum over its run). */
  usage?: { input?: number | undefined; output?: number | undefined } | undefined;
}

/** Effects that can be repeated safely after a crash (reading twice changes nothing). */
const REPEATABLE_EFFECTS = new Set(["read", "network"]);

/** One run in memory: its signals, event emitter, gate scope, step counter and transcript. */
export class ActiveRun {
  readonly killController = new AbortController();
  private readonly limitController = new AbortController();
  readonly signal: AbortSignal;
  readonly scope: RunScope;
  readonly model: ModelSession;
  transcript: ModelMessage[] = [];
  limits: RunLimits;
  stepSeq = 0;
  round = 0;
  mode: RunMode | undefined;
  /** Identical calls already made in this run: key → count and whether one succeeded. */
  readonly repeats = new Map<string, { count: number; ok: boolean; observation: string }>();
  private deadline: NodeJS.Timeout | undefined;
  private lastModel: string | undefined;
  /** Run fields to write with the next step write (saves a commit before the first token). */
  private pending: Parameters<RunStore["update"]>[1] = {};
  /** What the store already has, so unchanged state is not rewritten after every call. */
  private readonly saved: { handles: number; grants: number; taint: string };
  private readonly startedAt: number;
  private readonly disposeSignal: () => void;

  constructor(
    readonly deps: AgentDeps,
    readonly id: string,
    readonly sessionId: string,
    readonly input: string,
    public size: TaskSize,
    readonly emitter: RunEmitter,
    scope: Omit<RunScopeInput, "runId" | "signal" | "emit" | "sessionId">,
    /** The user message that started the run (history before it is context). */
    readonly userMessageId: number | undefined,
  ) {
    const linked = linkSignals([this.killController.signal, this.limitController.signal]);
    this.signal = linked.signal;
    this.disposeSignal = linked.dispose;
    this.scope = createRunScope({ ...scope, runId: id, sessionId, signal: this.signal, emit: emitter.emit });
    this.saved = {
      handles: this.scope.handles.list().length,
      grants: this.scope.grants.size,
      taint: `${this.scope.taint.tainted}:${this.scope.taint.sources.length}`,
    };
    this.model = deps.models.session();
    this.limits = deps.limits[size] ?? DEFAULT_LIMITS[size];
    this.startedAt = Date.now();
    this.armDeadline();
  }

  get emit(): EmitFn {
    return this.emitter.emit;
  }

  /** Why the run's signal fired: the user's kill switch, or the task's time limit. */
  get stopReason(): "killed" | "time_limit" | undefined {
    if (this.killController.signal.aborted) return "killed";
    if (this.limitController.signal.aborted) return "time_limit";
    return undefined;
  }

  kill(reason = "stopped by user"): void {
    if (!this.killController.signal.aborted)
      this.killController.abort(new DOMException(reason, "AbortError"));
  }

  /** Sizes only grow; a larger size re-arms the deadline from the run's start. */
  grow(size: TaskSize): void {
    if (size === this.size) return;
    this.size = size;
    this.limits = this.deps.limits[size] ?? DEFAULT_LIMITS[size];
    this.armDeadline();
    this.note({ size });
  }

  /** Records run fields now in memory; they reach the store with the next step write. */
  note(fields: Parameters<RunStore["update"]>[1]): void {
    Object.assign(this.pending, fields);
  }

  /** Writes noted run fields (with `extra`) as part of the current transaction. */
  private flushRun(extra: Parameters<RunStore["update"]>[1] = {}): void {
    const fields = { ...this.pending, ...extra };
    this.pending = {};
    if (Object.values(fields).some((v) => v !== undefined)) this.deps.runs.update(this.id, fields);
  }

  dispose(): void {
    if (this.deadline) clearTimeout(this.deadline);
    this.disposeSignal();
  }

  private armDeadline(): void {
    if (this.deadline) clearTimeout(this.deadline);
    const remaining = Math.max(0, this.limits.ms - (Date.now() - this.startedAt));
    this.deadline = setTimeout(
      () => this.limitController.abort(new DOMException("time limit reached", "TimeoutError")),
      remaining,
    );
    this.deadline.unref?.();
  }

  nextSeq(): number {
    this.stepSeq += 1;
    return this.stepSeq;
  }

  /** Writes a model step before the call; `endProposal` records what came back. */
  beginProposal(round: number): number {
    const seq = this.nextSeq();
    this.deps.runs.batch(() => {
      this.deps.runs.startStep(this.id, { seq, round, kind: "model", status: "started" });
      this.flushRun({ rounds: round });
    });
    return seq;
  }

  endProposal(seq: number, proposal: StoredProposal, status: StepStatus = "done"): void {
    this.deps.runs.batch(() => {
      this.deps.runs.updateStep(this.id, seq, status, proposal);
      this.flushRun({
        lastSeq: this.emitter.lastSeq,
        ...(proposal.model !== this.lastModel ? { model: proposal.model } : {}),
      });
    });
    this.lastModel = proposal.model;
  }

  sideEffectOf(tool: string): boolean {
    const definition = this.deps.registry.get(tool)?.definition;
    return definition ? definition.effects.some((effect) => !REPEATABLE_EFFECTS.has(effect)) : false;
  }

  /**
   * One call through the gate as a durable step: written `pending` before the gate, `running`
   * the instant the gate starts the tool (synchronously, before any side effect), and its
   * outcome after. Handles and taint are saved with it so a resume sees exactly this state.
   */
  async callTool(
    call: { id: string; name: string; input: unknown },
    round: number,
  ): Promise<StoredCallResult> {
    const seq = this.nextSeq();
    const runs = this.deps.runs;
    runs.startStep(this.id, {
      seq,
      round,
      kind: "tool",
      status: "pending",
      callId: call.id,
      tool: call.name,
      args: call.input,
      sideEffect: this.sideEffectOf(call.name),
    });
    const scope: RunScope = {
      ...this.scope,
      onStarted: () => runs.updateStep(this.id, seq, "running", undefined, false),
    };
    const outcome = await this.deps.gate.call({ tool: call.name, args: call.input, callId: call.id }, scope);
    const result = storedResult(outcome);
    runs.batch(() => {
      runs.updateStep(this.id, seq, STEP_STATUS[outcome.status], result);
      this.persistScope();
    });
    this.afterCall(call.name, outcome);
    return result;
  }

  /** A refusal the agent detects (a repeated call) goes through the gate: a step, an event, an audit entry. */
  refuse(
    call: { id: string; name: string; input: unknown },
    round: number,
    refusal: JarvisError,
  ): StoredCallResult {
    const seq = this.nextSeq();
    this.deps.runs.startStep(this.id, {
      seq,
      round,
      kind: "tool",
      status: "refused",
      callId: call.id,
      tool: call.name,
      args: call.input,
      sideEffect: false,
    });
    const outcome = this.deps.gate.refuse(
      { tool: call.name, args: call.input, callId: call.id },
      this.scope,
      refusal,
    );
    const result = storedResult(outcome);
    this.deps.runs.updateStep(this.id, seq, "refused", result);
    return result;
  }

  /** Saves what a call may have changed (handles, grants, taint), skipping what did not. */
  persistScope(): void {
    const handles = this.scope.handles;
    const handleCount = handles.list().length;
    if (handles instanceof MemoryHandleStore && handleCount !== this.saved.handles) {
      this.deps.sessions.saveHandles(this.sessionId, handles.toJSON());
      this.saved.handles = handleCount;
    }
    if (this.scope.grants.size !== this.saved.grants) {
      this.deps.sessions.saveGrants(this.sessionId, this.scope.grants);
      this.saved.grants = this.scope.grants.size;
    }
    const taint = `${this.scope.taint.tainted}:${this.scope.taint.sources.length}`;
    if (taint !== this.saved.taint) {
      this.note({ taint: this.scope.taint });
      this.saved.taint = taint;
    }
    this.flushRun();
  }

  private afterCall(tool: string, outcome: CallOutcome): void {
    if (tool !== "plan_update" || outcome.status !== "ok") return;
    const size = (outcome.result?.data as { size?: TaskSize } | undefined)?.size;
    if (size && size !== this.size && ["medium", "complex"].includes(size)) {
      const order: TaskSize[] = ["quick", "medium", "complex"];
      if (order.indexOf(size) > order.indexOf(this.size)) this.grow(size);
    }
  }
}
