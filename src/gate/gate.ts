import { linkSignals, whenAborted } from "../core/abort.js";
import type { Clock } from "../core/clock.js";
import { JarvisError, toJarvisError } from "../core/errors.js";
import type { ConfirmAnswer } from "../core/events.js";
import type { IdGenerator } from "../core/ids.js";
import type { Logger } from "../core/logger.js";
import { type Decision, type RiskTier, TAINT_SENSITIVE_EFFECTS, type ToolDefinition } from "../core/tool.js";
import type { AuditLog, AuditStage } from "./audit.js";
import { Executor } from "./execute.js";
import { KillSwitch } from "./kill-switch.js";
import type { PathRoots } from "./paths.js";
import { decide, type PolicySettings } from "./policy.js";
import { prepareCall } from "./prepare.js";
import type { ToolRegistry } from "./registry.js";
import { assessRisk } from "./risk.js";
import type { CallOutcome, ProposedCall, RunScope } from "./types.js";

export interface GateOptions {
  registry: ToolRegistry;
  audit: AuditLog;
  /** Read on every call so settings changes apply without a restart. */
  policy: () => PolicySettings;
  roots: PathRoots;
  /** Values the user configured (roots, accounts, allowlists): provenance-clean. */
  configValues?: string[];
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  confirmTimeoutMs?: number;
  defaultTimeoutMs?: number;
  maxOutputChars?: number;
}

export type { CallOutcome, CallStatus, ProposedCall, RunScope } from "./types.js";

/**
 * The deterministic layer: registry → validate → provenance → risk → policy → confirm →
 * execute → audit. Any step can end the call with a typed error; nothing invalid runs, and
 * every decision is recorded. It never throws for a bad call: the outcome says what happened.
 */
export class Gate {
  readonly killSwitch = new KillSwitch();
  private readonly confirmTimeoutMs: number;
  private readonly executor: Executor;

  constructor(private readonly options: GateOptions) {
    this.confirmTimeoutMs = options.confirmTimeoutMs ?? 120_000;
    this.executor = new Executor({
      killSwitch: this.killSwitch,
      clock: options.clock,
      logger: options.logger,
      defaultTimeoutMs: options.defaultTimeoutMs ?? 30_000,
      maxOutputChars: options.maxOutputChars ?? 32_000,
    });
  }

  get registry(): ToolRegistry {
    return this.options.registry;
  }

  /** Stops every in-flight call and pending confirmation; returns how many were stopped. */
  killAll(reason?: string): number {
    return this.killSwitch.killAll(reason);
  }

  async call(proposal: ProposedCall, scope: RunScope): Promise<CallOutcome> {
    const started = this.options.clock.now();
    const callId = proposal.callId ?? this.options.ids.next("call");
    const toolName = typeof proposal.tool === "string" ? proposal.tool : String(proposal.tool);
    const audit = (stage: AuditStage, fields: AuditFields) =>
      this.options.audit.append({
        correlationId: scope.correlationId ?? scope.runId,
        runId: scope.runId,
        callId,
        tool: toolName,
        stage,
        args: fields.args ?? proposal.args,
        tier: fields.tier,
        decision: fields.decision,
        reason: fields.reason,
        outcome: fields.outcome,
      });
    const finish = (outcome: Omit<CallOutcome, "callId" | "tool" | "durationMs">): CallOutcome => ({
      callId,
      tool: toolName,
      durationMs: this.options.clock.now() - started,
      ...outcome,
    });

    scope.emit?.({ type: "tool_proposed", data: { callId, tool: toolName, args: proposal.args } });

    // 1–3: registry, validate, provenance, paths. A failure here is refused before any policy.
    let prepared: ReturnType<typeof prepareCall>;
    try {
      prepared = prepareCall(
        this.options.registry,
        toolName,
        proposal.args,
        scope,
        this.options.roots,
        this.options.configValues ?? [],
      );
    } catch (error) {
      const failure = toJarvisError(error, "ARGS_INVALID");
      const stage: AuditStage =
        failure.code === "TOOL_UNKNOWN"
          ? "registry"
          : failure.code === "HANDLE_UNKNOWN"
            ? "provenance"
            : "validate";
      audit(stage, { decision: "deny", reason: failure.message, outcome: `refused:${failure.code}` });
      scope.emit?.({
        type: "tool_decided",
        data: {
          callId,
          tool: toolName,
          tier: null,
          decision: "deny",
          reason: failure.message,
          code: failure.code,
        },
      });
      return finish({
        status: "refused",
        tier: null,
        decision: "deny",
        reason: failure.message,
        code: failure.code,
        observation: `REFUSED ${failure.toLine()}`,
      });
    }
    const { tool, args } = prepared;

    // 4–5: risk and policy.
    let tier: RiskTier;
    let decision: Decision;
    let reason: string;
    let refusal: JarvisError | undefined;
    try {
      const risk = assessRisk(tool, args, prepared.findings, scope.taint.tainted);
      tier = risk.tier;
      // After untrusted text, a side effect or a world-pointing value nobody vouched for (a URL
      // the model made up can carry data out in its query) must be seen by the user.
      const taintSensitive =
        scope.taint.tainted &&
        (tool.effects.some((e) => TAINT_SENSITIVE_EFFECTS.has(e)) ||
          prepared.findings.some((f) => f.origin === "unknown"));
      const policy = decide(
        tier,
        tool.name,
        tool.effects,
        this.options.policy(),
        scope.grants.has(tool.name),
        taintSensitive,
      );
      decision = policy.decision;
      reason = [...risk.reasons, policy.reason].join("; ");
    } catch (error) {
      // A tool's risk function may refuse its arguments with a JarvisError (e.g. a program not
      // on the shell allowlist); anything else thrown means risk is unknown. Both deny.
      tier = "destructive";
      decision = "deny";
      refusal = error instanceof JarvisError ? error : undefined;
      reason = refusal ? refusal.message : `risk could not be assessed: ${(error as Error).message}`;
    }
    audit("decision", { args, tier, decision, reason, outcome: decision === "deny" ? "denied" : "proceed" });
    scope.emit?.({ type: "tool_decided", data: { callId, tool: tool.name, tier, decision, reason } });

    if (decision === "deny" && refusal) {
      return finish({
        status: "denied",
        tier,
        decision,
        reason,
        code: refusal.code,
        args,
        observation: `DENIED ${refusal.toLine()}`,
      });
    }
    if (decision === "deny") {
      return finish({
        status: "denied",
        tier,
        decision,
        reason,
        code: "POLICY_DENIED",
        args,
        observation: `DENIED POLICY_DENIED: ${tool.name} is not allowed (${reason}). Do not retry it; tell the user or find another way.`,
      });
    }
    if (decision === "notify") {
      scope.emit?.({ type: "notice", data: { level: "info", message: `${tool.name}: ${reason}` } });
    }

    // 6: confirmation.
    if (decision === "confirm") {
      const answer = await this.confirm(tool, args, tier, reason, callId, scope);
      audit("confirmation", { args, tier, decision, reason, outcome: answer });
      if (answer === "approve_session" && tier !== "destructive") scope.grants.add(tool.name);
      if (answer !== "approve" && answer !== "approve_session") {
        const code = answer === "timeout" ? "CONFIRM_TIMEOUT" : "USER_DENIED";
        const said =
          answer === "timeout" ? "no answer before the confirmation timed out" : "the user said no";
        return finish({
          status: "denied",
          tier,
          decision,
          reason: `${reason}; ${said}`,
          code,
          args,
          observation: `DENIED ${code}: ${said} to ${tool.name}. Do not retry it without asking the user.`,
        });
      }
    }

    // 7–8: execute and record the result.
    const outcome = await this.executor.run(tool, args, callId, scope);
    audit("result", {
      args,
      tier,
      decision,
      reason: outcome.error ? outcome.error.message : "completed",
      outcome: outcome.status === "ok" ? "ok" : `${outcome.status}:${outcome.error?.code ?? "ERROR"}`,
    });
    return finish({
      status: outcome.status,
      tier,
      decision,
      reason,
      args,
      ...(outcome.error ? { code: outcome.error.code } : {}),
      result: outcome.result,
      observation: outcome.observation,
    });
  }

  private async confirm(
    tool: ToolDefinition,
    args: Record<string, unknown>,
    tier: RiskTier,
    reason: string,
    callId: string,
    scope: RunScope,
  ): Promise<ConfirmAnswer> {
    const tracked = this.killSwitch.track();
    const linked = linkSignals([scope.signal, tracked.controller.signal], this.confirmTimeoutMs);
    const confirmationId = this.options.ids.next("confirm");
    try {
      let preview: string;
      try {
        preview = tool.preview
          ? await tool.preview(args, { signal: linked.signal, handles: scope.handles })
          : defaultPreview(tool.name, args);
      } catch (error) {
        preview = `${defaultPreview(tool.name, args)}\n(preview unavailable: ${(error as Error).message})`;
      }
      const expiresAt = this.options.clock.now() + this.confirmTimeoutMs;
      scope.emit?.({
        type: "confirm_requested",
        data: { confirmationId, callId, tool: tool.name, tier, reason, preview, expiresAt },
      });
      const answer = await Promise.race([
        scope.broker.request(
          {
            confirmationId,
            runId: scope.runId,
            callId,
            tool: tool.name,
            args,
            tier,
            reason,
            preview,
            expiresAt,
          },
          linked.signal,
        ),
        whenAborted(linked.signal).catch(() => "timeout" as const),
      ]).catch(() => "deny" as const);
      scope.emit?.({ type: "confirm_resolved", data: { confirmationId, callId, answer } });
      return answer;
    } finally {
      linked.dispose();
      tracked.release();
    }
  }
}

interface AuditFields {
  args?: unknown;
  tier?: RiskTier;
  decision?: Decision;
  reason: string;
  outcome: string;
}

export function defaultPreview(tool: string, args: Record<string, unknown>): string {
  return `${tool} ${JSON.stringify(args, null, 2)}`;
}
