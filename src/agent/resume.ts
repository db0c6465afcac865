import type { ModelToolCall } from "../brain/models/types.js";
import { assistantMessage, stableJson, toolMessage } from "./calls.js";
import { finishFastPath } from "./fast-path.js";
import { modelLoop, type RunEnd } from "./loop.js";
import type { ActiveRun, StoredCallResult, StoredProposal } from "./run.js";
import { loopSetup } from "./turn.js";
import type { StepRecord } from "./types.js";

const TERMINAL = new Set(["done", "failed", "refused", "denied", "cancelled", "timeout", "uncertain"]);

/**
 * Continues an interrupted run from its steps. Finished steps are replayed from the store and
 * never re-executed. A call that never reached its tool (or a repeatable read) runs again; a
 * side-effecting call that was running when the process died is `uncertain`: the user is asked
 * whether to run it again, and without a yes it is not repeated. Then the loop goes on.
 */
export async function resumeRun(
  run: ActiveRun,
  steps: StepRecord[],
  groups: string[] | undefined,
): Promise<RunEnd> {
  run.stepSeq = steps.reduce((max, step) => Math.max(max, step.seq), 0);
  rebuildRepeats(run, steps);
  const rounds = [...new Set(steps.map((s) => s.round))].sort((a, b) => a - b);
  for (const round of rounds) {
    const proposalStep = steps.filter((s) => s.round === round && s.kind === "model").at(-1);
    if (proposalStep?.status !== "done") break; // redo this model call
    const proposal = proposalStep.result as StoredProposal;
    run.round = round;
    if (proposal.model === "embedded") run.mode = "fast";
    if (proposal.toolCalls.length === 0) {
      if (proposal.text.trim()) return { status: "finished", text: proposal.text };
      continue;
    }
    const results: Array<StoredCallResult | undefined> = [];
    for (const call of proposal.toolCalls) {
      run.signal.throwIfAborted();
      const step = steps.filter((s) => s.kind === "tool" && s.round === round && s.callId === call.id).at(-1);
      results.push(await recover(run, call, step, round));
    }
    if (run.mode === "fast") return finishFastPath(run, proposal.toolCalls, results);
    run.transcript.push(assistantMessage(proposal), toolMessage(proposal.toolCalls, results));
  }
  run.mode = "model";
  run.note({ mode: "model" });
  if (!run.deps.models.available) {
    return {
      status: "failed",
      code: "MODEL_FAILED",
      message: "this run needs a language model to continue and none is configured",
    };
  }
  return modelLoop(run, await loopSetup(run, groups));
}

async function recover(
  run: ActiveRun,
  call: ModelToolCall,
  step: StepRecord | undefined,
  round: number,
): Promise<StoredCallResult> {
  if (step && TERMINAL.has(step.status) && step.result) return step.result as StoredCallResult;
  if (step && step.status === "running" && step.sideEffect) return decideUncertain(run, call, step, round);
  // Never reached its tool, or a read that can safely run twice.
  if (step)
    run.deps.runs.updateStep(run.id, step.seq, "skipped", {
      note: "interrupted before it finished; ran again",
    });
  return run.callTool(call, round);
}

async function decideUncertain(
  run: ActiveRun,
  call: ModelToolCall,
  step: StepRecord,
  round: number,
): Promise<StoredCallResult> {
  const { deps } = run;
  const reason = "this step was running when Jarvis stopped; it may already have happened";
  deps.runs.updateStep(run.id, step.seq, "uncertain", {
    status: "uncertain",
    observation: `UNCERTAIN: ${reason}`,
  });
  run.emit({ type: "notice", data: { level: "warn", message: `${call.name}: ${reason}` } });
  const confirmationId = deps.ids.next("confirm");
  const timeoutMs = deps.config.policy.confirm_timeout_s * 1000;
  const expiresAt = deps.clock.now() + timeoutMs;
  const preview = `${call.name} ${JSON.stringify(call.input, null, 2)}\n\n${reason}. Run it again?`;
  run.emit({
    type: "confirm_requested",
    data: { confirmationId, callId: call.id, tool: call.name, tier: "dangerous", reason, preview, expiresAt },
  });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException("timed out", "TimeoutError")), timeoutMs);
  const onKill = () => controller.abort(run.signal.reason);
  run.signal.addEventListener("abort", onKill, { once: true });
  const answer = await run.scope.broker
    .request(
      {
        confirmationId,
        runId: run.id,
        callId: call.id,
        tool: call.name,
        args: call.input,
        tier: "dangerous",
        reason,
        preview,
        expiresAt,
      },
      controller.signal,
    )
    .catch(() => "deny" as const)
    .finally(() => {
      clearTimeout(timer);
      run.signal.removeEventListener("abort", onKill);
    });
  run.emit({ type: "confirm_resolved", data: { confirmationId, callId: call.id, answer } });
  deps.audit.append({
    correlationId: run.id,
    runId: run.id,
    callId: call.id,
    tool: call.name,
    stage: "confirmation",
    args: call.input,
    tier: "dangerous",
    reason: `resume: ${reason}`,
    outcome: answer === "approve" || answer === "approve_session" ? "rerun" : `not_rerun:${answer}`,
  });
  run.signal.throwIfAborted();
  if (answer === "approve" || answer === "approve_session") {
    deps.runs.updateStep(run.id, step.seq, "uncertain", {
      status: "uncertain",
      observation: "UNCERTAIN: run again at the user's request",
    });
    return run.callTool(call, round);
  }
  const result: StoredCallResult = {
    status: "uncertain",
    observation: `UNCERTAIN: ${call.name} was interrupted while running and may or may not have taken effect. The user chose not to run it again. Do not retry it; tell the user it may need checking.`,
    code: "UNCERTAIN",
  };
  deps.runs.updateStep(run.id, step.seq, "uncertain", result);
  return result;
}

function rebuildRepeats(run: ActiveRun, steps: StepRecord[]): void {
  for (const step of steps) {
    if (step.kind !== "tool" || !step.tool || !TERMINAL.has(step.status)) continue;
    const key = `${step.tool}\u0000${stableJson(step.args)}`;
    const previous = run.repeats.get(key);
    const result = step.result as StoredCallResult | undefined;
    run.repeats.set(key, {
      count: (previous?.count ?? 0) + 1,
      ok: (previous?.ok ?? false) || step.status === "done" || step.status === "uncertain",
      observation: result?.observation ?? "",
    });
  }
}
