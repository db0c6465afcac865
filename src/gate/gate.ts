import type { Clock } from "../core/clock.js";
import { JarvisError, toJarvisError } from "../core/errors.js";
import type { IdGenerator } from "../core/ids.js";
import type { Logger } from "../core/logger.js";
import type { NestedCallOutcome, ScopeRestriction } from "../core/tool.js";
import { askUser } from "./ask.js";
import type { AuditLog, AuditStage } from "./audit.js";
import { effectWords } from "./describe-call.js";
import { current, Executor, type ExecutorOptions } from "./execute.js";
import { applyStandingGrants } from "./grants.js";
import { KillSwitch } from "./kill-switch.js";
import type { PathRoots } from "./paths.js";
import { decide, type PolicySettings } from "./policy.js";
import { type Prepared, prepareCall } from "./prepare.js";
import { denialWords, POLICY_DENIAL, refusedOutcome } from "./refusal.js";
import type { ToolRegistry } from "./registry.js";
import { applyRestrictions } from "./restrictions.js";
import { assessRisk } from "./risk.js";
import { doneWithoutAsking, RELAYED, WHY_ASK, WHY_RELAYED } from "./speak.js";
import { taintVerdict } from "./taint.js";
import type { Assessment, CallOutcome, Judgement, ProposedCall, RunScope } from "./types.js";

export interface GateOptions extends Pick<ExecutorOptions, "describe"> {
  registry: ToolRegistry;
  audit: AuditLog;
  /** Read on every call so settings changes apply without a restart. */
  policy: () => PolicySettings;
  roots: PathRoots;
  /**
   * Values the user configured (roots, accounts, allowlists): provenance-clean. A function is
   * read on every call, so a reloaded config.yaml applies at once (as are the two timeouts).
   */
  configValues?: string[] | (() => string[]);
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  confirmTimeoutMs?: number | (() => number);
  defaultTimeoutMs?: number | (() => number);
  maxOutputChars?: number;
}

export { previewInWords } from "./preview-words.js";
export type { Assessment, CallOutcome, CallStatus, ProposedCall, RunScope } from "./types.js";

type Finish = Omit<CallOutcome, "callId" | "tool" | "durationMs">;

/**
 * The deterministic layer: registry → validate → provenance → risk → policy → confirm →
 * execute → audit. Any step can end the call with a typed error; nothing invalid runs, and
 * every decision is recorded. It never throws for a bad call: the outcome says what happened.
 */
export class Gate {
  readonly killSwitch = new KillSwitch();
  private readonly executor: Executor;

  constructor(private readonly options: GateOptions) {
    this.executor = new Executor({
      killSwitch: this.killSwitch,
      clock: options.clock,
      logger: options.logger,
      defaultTimeoutMs: options.defaultTimeoutMs ?? 30_000,
      maxOutputChars: options.maxOutputChars ?? 32_000,
      ...(options.describe ? { describe: options.describe } : {}),
    });
  }

  get registry(): ToolRegistry {
    return this.options.registry;
  }

  /** Stops every in-flight call and pending confirmation; returns how many were stopped. */
  killAll(reason?: string): number {
    return this.killSwitch.killAll(reason);
  }

  /**
   * A dry run of steps 1–5 for planners (may these calls run side by side? would this call ask
   * anyway?): nothing runs, nothing is asked, nothing is recorded, the scope is not changed.
   */
  assess(proposal: ProposedCall, scope: RunScope): Assessment {
    const tool = String(proposal.tool);
    let prepared: Prepared;
    try {
      prepared = this.prepare(tool, proposal.args, scope);
    } catch (error) {
      const failure = toJarvisError(error, "ARGS_INVALID");
      return {
        tool,
        valid: false,
        tier: null,
        decision: "deny",
        reason: failure.message,
        code: failure.code,
      };
    }
    const judged = this.judge(prepared, scope, proposal.confirm);
    return {
      tool,
      valid: true,
      tier: judged.tier,
      decision: judged.decision,
      reason: judged.reason,
      ...(judged.refusal ? { code: judged.refusal.code } : {}),
      args: prepared.args,
    };
  }

  /**
   * Records a call refused before it reached the gate's own steps (the agent saw it repeat, or a
   * plan limit): audited and announced like any refusal, and nothing runs.
   */
  refuse(proposal: ProposedCall, scope: RunScope, refusal: JarvisError): CallOutcome {
    const callId = proposal.callId ?? this.options.ids.next("call");
    const tool = String(proposal.tool);
    scope.emit?.({ type: "tool_proposed", data: { callId, tool, args: proposal.args } });
    return this.refused(callId, tool, proposal.args, scope, refusal, "validate", this.options.clock.now());
  }

  /**
   * A run the user stopped, in the audit log beside the gate's own decisions (the kill switch
   * that stopped it is the gate's).
   */
  recordStop(scope: RunScope, input: string, reason: string): void {
    this.record(scope, scope.runId, "agent_run", "result", {
      args: { input: input.slice(0, 200) },
      reason: `run cancelled: ${reason}`,
      outcome: "cancelled",
    });
  }

  async call(proposal: ProposedCall, scope: RunScope): Promise<CallOutcome> {
    const started = this.options.clock.now();
    const callId = proposal.callId ?? this.options.ids.next("call");
    const toolName = typeof proposal.tool === "string" ? proposal.tool : String(proposal.tool);
    const finish = (outcome: Finish): CallOutcome => ({
      callId,
      tool: toolName,
      durationMs: this.options.clock.now() - started,
      ...outcome,
    });

    scope.emit?.({ type: "tool_proposed", data: { callId, tool: toolName, args: proposal.args } });

    // A tool registered from its description (a one-shot CLI's catalog) runs as its own code:
    // the group loads now. If it cannot, the described tool stands and its run reports why.
    await this.options.registry.ready([toolName]).catch(() => undefined);

    // 1–3: registry, validate, provenance, paths. A failure here is refused before any policy.
    let prepared: Prepared;
    try {
      prepared = this.prepare(toolName, proposal.args, scope);
    } catch (error) {
      const failure = toJarvisError(error, "ARGS_INVALID");
      const stage: AuditStage =
        failure.code === "TOOL_UNKNOWN"
          ? "registry"
          : failure.code === "HANDLE_UNKNOWN"
            ? "provenance"
            : "validate";
      return this.refused(callId, toolName, proposal.args, scope, failure, stage, started);
    }
    const { tool, args } = prepared;
    const audit = (stage: AuditStage, fields: Omit<AuditFields, "args">) =>
      this.record(scope, callId, toolName, stage, { ...fields, args });

    // 4–5: risk and policy.
    const { tier, decision, reason, why, refusal } = this.judge(prepared, scope, proposal.confirm);
    audit("decision", { tier, decision, reason, outcome: decision === "deny" ? "denied" : "proceed" });
    // The call in words, described once: the decision's event, the question, the progress line
    const described =
      scope.emit || decision === "confirm" || decision === "notify"
        ? await this.options.describe?.(tool, args).catch(() => undefined)
        : undefined;
    const said = described ?? effectWords(tool.effects);
    const words = { says: said, ...denialWords(decision, refusal) };
    scope.emit?.({
      type: "tool_decided",
      data: { callId, tool: tool.name, tier, decision, reason, ...words },
    });

    const denied = (code: string, message: string, fix: string | undefined, observation: string) =>
      finish({
        status: "denied",
        tier,
        decision,
        reason,
        code,
        message,
        ...(fix ? { fix } : {}),
        args,
        observation,
      });
    if (decision === "deny" && refusal) {
      return denied(refusal.code, refusal.message, refusal.fix, `DENIED ${refusal.toLine()}`);
    }
    if (decision === "deny") {
      return denied(
        "POLICY_DENIED",
        POLICY_DENIAL.message,
        POLICY_DENIAL.fix,
        `DENIED POLICY_DENIED: ${tool.name} is not allowed (${reason}). Do not retry it; tell the user or find another way.`,
      );
    }
    // 6: confirmation, in the person's words (the tool's name stays in `tool` and the audit).
    if (decision === "confirm") {
      const question = { tool, args, tier, reason, ask: `${said}?`, why: why ?? WHY_ASK, callId, scope };
      const answer = await askUser(question, this.askOptions(scope));
      audit("confirmation", { tier, decision, reason, outcome: answer });
      if (answer === "approve_session" && tier !== "destructive") scope.grants.add(tool.name);
      if (answer !== "approve" && answer !== "approve_session") {
        const timedOut = answer === "timeout";
        const said = timedOut ? "no answer before the confirmation timed out" : "the user said no";
        const code = timedOut ? "CONFIRM_TIMEOUT" : "USER_DENIED";
        return finish({
          status: "denied",
          tier,
          decision,
          reason: `${reason}; ${said}`,
          code,
          message: timedOut ? "no answer came before the question timed out" : "you said no",
          args,
          observation: `DENIED ${code}: ${said} to ${tool.name}. Do not retry it without asking the user.`,
        });
      }
    }

    // 7–8: execute and record the result.
    const outcome = await this.executor.run(tool, args, callId, scope, {
      described: { words: described },
      callTool: (call, options) => this.nested(call, scope, options?.restrict),
      // The question's own words lead the preview; only a yes approves, and it is audited.
      confirm: async (question) => {
        const ask = `${said}?`;
        const relayed = { tool, args: {}, tier, reason: RELAYED, ask, why: WHY_RELAYED, callId, scope };
        const answer = await askUser({ ...relayed, preview: question }, this.askOptions(scope));
        audit("confirmation", { tier, decision: "confirm", reason: RELAYED, outcome: answer });
        return answer === "approve" || answer === "approve_session";
      },
    });
    // `notify`: told after it ran (a failed call was reported already; nothing happened to tell)
    if (decision === "notify" && outcome.status === "ok")
      scope.emit?.({ type: "notice", data: { level: "info", message: doneWithoutAsking(said), callId } });
    audit("result", {
      tier,
      decision,
      reason: [outcome.error ? outcome.error.message : "completed", outcome.result?.record]
        .filter(Boolean)
        .join("; "),
      outcome: outcome.status === "ok" ? "ok" : `${outcome.status}:${outcome.error?.code ?? "ERROR"}`,
    });
    return finish({
      status: outcome.status,
      tier,
      decision,
      reason,
      args,
      ...(outcome.error ? { code: outcome.error.code } : {}),
      message: outcome.message,
      ...(outcome.fix ? { fix: outcome.fix } : {}),
      ...(outcome.result?.data !== undefined ? { data: outcome.result.data } : {}),
      ...(outcome.result ? { result: outcome.result } : {}),
      observation: outcome.observation,
    });
  }

  /** A call a running tool makes (a capability): the same gate, run, taint and broker. */
  private async nested(
    call: { tool: string; args: unknown },
    scope: RunScope,
    restrict: ScopeRestriction | undefined,
  ): Promise<NestedCallOutcome> {
    // What a running tool's code asks for is judged like a tainted run's calls: a side effect
    // or a world-pointing value nobody vouched for goes to the person.
    const source = restrict?.source ?? "a running tool";
    const inner: RunScope = {
      ...scope,
      taint: { ...scope.taint, tainted: true, sources: [...new Set([...scope.taint.sources, source])] },
      restrictions: [...(scope.restrictions ?? []), ...(restrict ? [restrict] : [])],
    };
    const outcome = await this.call({ tool: call.tool, args: call.args }, inner);
    return {
      ok: outcome.status === "ok",
      status: outcome.status,
      code: outcome.code === undefined ? undefined : String(outcome.code),
      message: outcome.message,
      output: outcome.result?.output,
      ...(outcome.data !== undefined ? { data: outcome.data } : {}),
    };
  }

  private prepare(toolName: string, args: unknown, scope: RunScope): Prepared {
    return prepareCall(
      this.options.registry,
      toolName,
      args,
      scope,
      this.options.roots,
      current(this.options.configValues) ?? [],
    );
  }

  /**
   * Steps 4–5 for a prepared call: the taint verdict once, then risk, then policy; a caller's
   * own reason to ask (`confirm`) turns an allow into a question.
   */
  private judge(prepared: Prepared, scope: RunScope, confirm?: string): Judgement {
    const { tool, args, findings } = prepared;
    try {
      const taint = taintVerdict({ tool, args, findings }, scope);
      const risk = assessRisk(tool, args, findings, taint);
      const policy = applyStandingGrants(
        decide(
          risk.tier,
          tool.name,
          tool.effects,
          this.options.policy(),
          scope.grants.has(tool.name),
          taint.mustAsk ? taint.reason : undefined,
        ),
        tool,
        args,
        risk.tier,
        scope.standing,
      );
      // A question or refusal in a tainted run names the flow in the audit, whoever decided it.
      const flow = taint.reason && taint.reason !== policy.reason ? [taint.reason] : [];
      const decision = confirm && policy.decision !== "deny" ? "confirm" : policy.decision;
      const reasons = [...risk.reasons, ...(decision === "allow" ? [] : flow), policy.reason];
      const reason = [...reasons, ...(confirm ? [confirm] : [])].join("; ");
      // For people, the one reason that decided: the caller's, the flow's, or the policy's.
      const why = confirm ?? (taint.mustAsk && taint.why ? taint.why : policy.why);
      const judged: Judgement = { tier: risk.tier, decision, reason, ...(why ? { why } : {}) };
      return applyRestrictions(judged, tool.name, scope.restrictions);
    } catch (error) {
      // A tool's risk function may refuse its arguments with a JarvisError; anything else thrown
      // means risk is unknown. Both deny.
      const refusal = error instanceof JarvisError ? error : undefined;
      const reason = refusal ? refusal.message : `risk could not be assessed: ${(error as Error).message}`;
      return { tier: "destructive", decision: "deny", reason, ...(refusal ? { refusal } : {}) };
    }
  }

  private refused(
    callId: string,
    tool: string,
    args: unknown,
    scope: RunScope,
    failure: JarvisError,
    stage: AuditStage,
    started: number,
  ): CallOutcome {
    this.record(scope, callId, tool, stage, {
      args,
      decision: "deny",
      reason: failure.message,
      outcome: `refused:${failure.code}`,
    });
    return refusedOutcome(callId, tool, failure, scope, this.options.clock.now() - started);
  }

  private askOptions(scope: RunScope) {
    const timeoutMs = scope.confirmTimeoutMs ?? current(this.options.confirmTimeoutMs) ?? 120_000;
    return { killSwitch: this.killSwitch, ids: this.options.ids, clock: this.options.clock, timeoutMs };
  }

  private record(
    scope: RunScope,
    callId: string,
    tool: string,
    stage: AuditStage,
    fields: AuditFields,
  ): void {
    this.options.audit.append({
      correlationId: scope.correlationId ?? scope.runId,
      runId: scope.runId,
      callId,
      tool,
      stage,
      args: fields.args,
      tier: fields.tier,
      decision: fields.decision,
      reason: fields.reason,
      outcome: fields.outcome,
    });
  }
}

type AuditFields = { args: unknown; reason: string; outcome: string } & Partial<
  Pick<Judgement, "tier" | "decision">
>;
