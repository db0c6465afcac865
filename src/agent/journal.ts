import type { ModelToolCall, ModelTurn } from "../brain/models/types.js";
import type { JarvisError } from "../core/errors.js";
import { MemoryHandleStore } from "../core/handles.js";
import type { Decision, RiskTier } from "../core/tool.js";
import type { CallOutcome, Gate, ProposedCall, RunScope } from "../gate/gate.js";
import type { ToolRegistry } from "../gate/registry.js";
import { taintKey } from "../gate/scope.js";
import { type RunStore, STEP_STATUS } from "./run-store.js";
import type { SessionStore } from "./session-store.js";
import type { CallReport, StepStatus } from "./types.js";

/**
 * What a tool step stores as its result: enough to replay it to the model after a crash
 * (`observation`), to tell the person what happened (`message`, `fix`) and to show how the
 * gate judged it (`tier`, `decision`, `reason`).
 */
export interface StoredCallResult {
  status: CallOutcome["status"] | "uncertain";
  observation: string;
  /** For people; older rows lack it (then the output, or a generic sentence, is used). */
  message?: string | undefined;
  fix?: string | undefined;
  output?: string | undefined;
  code?: string | undefined;
  tier?: RiskTier | null | undefined;
  decision?: Decision | null | undefined;
  reason?: string | undefined;
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
    tier: outcome.tier,
    decision: outcome.decision,
    reason: outcome.reason,
  };
}

/** What a model (NLU, or person) step stores: the proposal, replayed verbatim on resume. */
export interface StoredProposal {
  text: string;
  toolCalls: ModelToolCall[];
  /** Who proposed it: a model's label, `embedded` (the NLU's fast path) or `user` (a direct call). */
  model: string;
  /** For a direct call: what it was for, in words ("add it to the knowledge base"). */
  doing?: string;
  /** For a direct call the person wrote out: its answer says exactly what was wrong. */
  detail?: boolean;
  /** Tokens the provider reported for this call. */
  usage?: ModelTurn["usage"];
}

/** Fields of the run row a step write carries along. */
export type RunFields = Parameters<RunStore["update"]>[1];

/** Effects that can be repeated safely after a crash (reading twice changes nothing). */
const REPEATABLE_EFFECTS = new Set(["read", "network"]);

interface Repeat {
  count: number;
  ok: boolean;
  observation: string;
}

/**
 * The run's durable record: every step is written before it starts and after it ends, with the
 * scope state (handles, grants, taint) a resume needs saved alongside, skipping what did not
 * change. It also remembers identical calls (the repeat guard) and what became of each call.
 */
export class RunJournal {
  stepSeq = 0;
  /** What became of each call in this run (replayed ones too), in order. */
  readonly calls: CallReport[] = [];
  private readonly repeats = new Map<string, Repeat>();
  private pending: RunFields = {};
  private readonly saved: { handles: number; grants: number; taint: string };
  private lastModel: string | undefined;

  constructor(
    private readonly deps: { gate: Gate; registry: ToolRegistry; runs: RunStore; sessions: SessionStore },
    private readonly runId: string,
    private readonly sessionId: string,
    private readonly scope: RunScope,
    /** The seq of the last event emitted (stored with proposals, so a resume numbers on). */
    private readonly lastEventSeq: () => number,
  ) {
    this.saved = {
      handles: scope.handles.list().length,
      grants: scope.grants.size,
      taint: taintKey(scope.taint),
    };
  }

  /** Records run fields now in memory; they reach the store with the next step write. */
  note(fields: RunFields): void {
    Object.assign(this.pending, fields);
  }

  /** Writes a model step before the call; `endProposal` records what came back. */
  beginProposal(round: number): number {
    const seq = this.nextSeq();
    this.deps.runs.batch(() => {
      this.deps.runs.startStep(this.runId, { seq, round, kind: "model", status: "started" });
      this.flush({ rounds: round });
    });
    return seq;
  }

  endProposal(seq: number, proposal: StoredProposal, status: StepStatus = "done"): void {
    this.deps.runs.batch(() => {
      this.deps.runs.updateStep(this.runId, seq, status, proposal);
      this.flush({
        lastSeq: this.lastEventSeq(),
        ...(proposal.model !== this.lastModel ? { model: proposal.model } : {}),
      });
    });
    this.lastModel = proposal.model;
  }

  /** A model step that failed or was stopped. */
  failProposal(seq: number, status: StepStatus, error: string): void {
    this.deps.runs.updateStep(this.runId, seq, status, { error });
  }

  sideEffectOf(tool: string): boolean {
    const definition = this.deps.registry.get(tool)?.definition;
    return definition ? definition.effects.some((effect) => !REPEATABLE_EFFECTS.has(effect)) : false;
  }

  /**
   * One call through the gate as a durable step: written `pending` before the gate, `running`
   * the instant the gate starts the tool (synchronously, before any side effect), and its
   * outcome after, with the scope's state.
   */
  async callTool(
    call: { id: string; name: string; input: unknown },
    round: number,
    options: Pick<ProposedCall, "confirm"> = {},
  ): Promise<StoredCallResult> {
    const seq = this.startToolStep(call, round, "pending", this.sideEffectOf(call.name));
    const runs = this.deps.runs;
    const scope: RunScope = {
      ...this.scope,
      onStarted: () => runs.updateStep(this.runId, seq, "running", undefined, false),
    };
    const outcome = await this.deps.gate.call(
      { tool: call.name, args: call.input, callId: call.id, ...options },
      scope,
    );
    const result = storedResult(outcome);
    runs.batch(() => {
      runs.updateStep(this.runId, seq, STEP_STATUS[outcome.status], result);
      this.persistScope();
    });
    this.report(call, result, outcome);
    return result;
  }

  /** A refusal the agent detects (a repeated call) goes through the gate: a step, an event, an audit entry. */
  refuse(
    call: { id: string; name: string; input: unknown },
    round: number,
    refusal: JarvisError,
  ): StoredCallResult {
    const seq = this.startToolStep(call, round, "refused", false);
    const outcome = this.deps.gate.refuse(
      { tool: call.name, args: call.input, callId: call.id },
      this.scope,
      refusal,
    );
    const result = storedResult(outcome);
    this.deps.runs.updateStep(this.runId, seq, "refused", result);
    this.report(call, result, outcome);
    return result;
  }

  /** Marks a step an earlier process left (on resume): skipped, or uncertain. */
  markStep(seq: number, status: StepStatus, result: unknown): void {
    this.deps.runs.updateStep(this.runId, seq, status, result);
  }

  /** A call's result from the store (a resumed run's finished step) joins the record. */
  replayed(call: { id: string; name: string; input: unknown }, result: StoredCallResult): void {
    this.remember(call.name, call.input, result);
    this.report(call, result);
  }

  /** The earlier identical call, when there was one (`key` of tool and arguments). */
  repeatOf(tool: string, args: unknown): Repeat | undefined {
    return this.repeats.get(callKey(tool, args));
  }

  remember(tool: string, args: unknown, result: StoredCallResult): void {
    const key = callKey(tool, args);
    const previous = this.repeats.get(key);
    this.repeats.set(key, {
      count: (previous?.count ?? 0) + 1,
      ok: (previous?.ok ?? false) || result.status === "ok" || result.status === "uncertain",
      observation: result.observation,
    });
  }

  /** Saves what a call may have changed (handles, grants, taint), skipping what did not. */
  persistScope(): void {
    const { handles, grants } = this.scope;
    const handleCount = handles.list().length;
    if (handles instanceof MemoryHandleStore && handleCount !== this.saved.handles) {
      this.deps.sessions.saveHandles(this.sessionId, handles.toJSON());
      this.saved.handles = handleCount;
    }
    if (grants.size !== this.saved.grants) {
      this.deps.sessions.saveGrants(this.sessionId, grants);
      this.saved.grants = grants.size;
    }
    const taint = taintKey(this.scope.taint);
    if (taint !== this.saved.taint) {
      this.note({ taint: this.scope.taint });
      // The session keeps it too: the next turn's context carries this turn's answers.
      this.deps.sessions.saveTaint(this.sessionId, this.scope.taint);
      this.saved.taint = taint;
    }
    this.flush();
  }

  private nextSeq(): number {
    this.stepSeq += 1;
    return this.stepSeq;
  }

  private startToolStep(
    call: { id: string; name: string; input: unknown },
    round: number,
    status: StepStatus,
    sideEffect: boolean,
  ): number {
    const seq = this.nextSeq();
    this.deps.runs.startStep(this.runId, {
      seq,
      round,
      kind: "tool",
      status,
      callId: call.id,
      tool: call.name,
      args: call.input,
      sideEffect,
    });
    return seq;
  }

  /** Writes noted run fields (with `extra`) as part of the current transaction. */
  private flush(extra: RunFields = {}): void {
    const fields = { ...this.pending, ...extra };
    this.pending = {};
    if (Object.values(fields).some((v) => v !== undefined)) this.deps.runs.update(this.runId, fields);
  }

  private report(call: { id: string; name: string }, result: StoredCallResult, outcome?: CallOutcome): void {
    this.calls.push({
      callId: call.id,
      tool: call.name,
      ...result,
      ...(outcome?.data !== undefined ? { data: outcome.data } : {}),
    });
  }
}

/** A call's identity for the repeat guard: the tool and its arguments with sorted keys. */
function callKey(tool: string, args: unknown): string {
  return `${tool}\u0000${stableJson(args)}`;
}

/** JSON with sorted keys, so `{a,b}` and `{b,a}` count as the same call. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
