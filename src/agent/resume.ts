import type { ModelToolCall } from "../brain/models/types.js";
import { assistantMessage, toolMessage } from "./calls.js";
import { finishProposal } from "./fast-path.js";
import type { StoredCallResult, StoredProposal } from "./journal.js";
import { modelLoop, type RunEnd } from "./loop.js";
import type { ActiveRun } from "./run.js";
import { loopSetup } from "./turn.js";
import type { StepRecord } from "./types.js";

const TERMINAL = new Set(["done", "failed", "refused", "denied", "cancelled", "timeout", "uncertain"]);

/** Proposers whose proposal is the whole run: its answer is the calls' outcomes, no model follows. */
const WHOLE_RUN = new Set(["embedded", "user"]);

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
  const { journal, transcript } = run;
  journal.stepSeq = steps.reduce((max, step) => Math.max(max, step.seq), 0);
  const rounds = [...new Set(steps.map((s) => s.round))].sort((a, b) => a - b);
  for (const round of rounds) {
    const proposalStep = steps.filter((s) => s.round === round && s.kind === "model").at(-1);
    if (proposalStep?.status !== "done") break; // redo this model call
    const proposal = proposalStep.result as StoredProposal;
    transcript.round = round;
    if (WHOLE_RUN.has(proposal.model)) run.mode = proposal.model === "user" ? "direct" : "fast";
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
    if (WHOLE_RUN.has(proposal.model)) return finishProposal(run, proposal, results);
    transcript.push(assistantMessage(proposal), toolMessage(proposal.toolCalls, results));
  }
  run.mode = "model";
  journal.note({ mode: "model" });
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
  const { journal } = run;
  if (step && TERMINAL.has(step.status) && step.result) {
    const result = step.result as StoredCallResult;
    journal.replayed(call, result);
    return result;
  }
  if (step && step.status === "running" && step.sideEffect) return decideUncertain(run, call, step, round);
  // Never reached its tool, or a read that can safely run again.
  if (step) journal.markStep(step.seq, "skipped", { note: "interrupted before it finished; ran again" });
  const result = await journal.callTool(call, round);
  journal.remember(call.name, call.input, result);
  return result;
}

const UNCERTAIN_REASON = "this step was running when Jarvis stopped; it may already have happened";
const UNCERTAIN_WHY = "It was under way when Jarvis stopped, so it may already have happened.";

/**
 * A side effect that may or may not have happened: the gate asks the user whether to run it
 * again (with the call's own preview and this reason, whatever its tier), and records the
 * answer. Without a yes it is not repeated, and the proposer is told to leave it alone.
 */
async function decideUncertain(
  run: ActiveRun,
  call: ModelToolCall,
  step: StepRecord,
  round: number,
): Promise<StoredCallResult> {
  const { journal } = run;
  journal.markStep(step.seq, "uncertain", {
    status: "uncertain",
    observation: `UNCERTAIN: ${UNCERTAIN_REASON}`,
  });
  run.emit({
    type: "notice",
    data: {
      level: "warn",
      message: "A step was under way when Jarvis stopped; I will ask before doing it again.",
    },
  });
  const again = await journal.callTool(call, round, { confirm: UNCERTAIN_WHY });
  run.signal.throwIfAborted();
  if (again.status !== "denied" || again.decision !== "confirm") {
    journal.remember(call.name, call.input, again);
    return again;
  }
  const result: StoredCallResult = {
    status: "uncertain",
    observation: `UNCERTAIN: ${call.name} was interrupted while running and may or may not have taken effect. The user chose not to run it again. Do not retry it; tell the user it may need checking.`,
    code: "UNCERTAIN",
    message: "It was interrupted and may not have finished; it was not run again.",
  };
  journal.remember(call.name, call.input, result);
  return result;
}
