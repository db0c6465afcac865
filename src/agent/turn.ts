import type { NluCall, NluResult } from "../brain/nlu/types.js";
import { isJarvisError, toJarvisError } from "../core/errors.js";
import { callsOf, embeddedReply, NOT_SURE, runFastPath } from "./fast-path.js";
import { modelLoop, type RunEnd, timeLimitEnd } from "./loop.js";
import { askAboutCall, middleBandCall } from "./middle-band.js";
import { loopSetup } from "./model-context.js";
import { answerOffline } from "./offline-answer.js";
import type { ActiveRun } from "./run.js";
import type { TurnResult } from "./types.js";

export { loopSetup } from "./model-context.js";

/**
 * Routes a new turn: the NLU is consulted first. A confident action runs on the fast path, a
 * confident chat line is answered at once; everything else goes to the model loop, with the
 * tools chosen by retrieval (the NLU's guess is one of its signals). Without a model (or when none answers before any tool
 * ran) the embedded brain answers honestly instead.
 */
export async function routeTurn(run: ActiveRun, nlu: NluResult): Promise<RunEnd> {
  const threshold = run.deps.config.models.fast_path_threshold;
  const calls = callsOf(nlu);
  const asking = nlu.kind === "action" && (nlu.missing?.length ?? 0) > 0;
  // Whatever this turn is, an earlier question for a missing value is answered or dropped
  const dropped = run.deps.sessions.clearPending(run.sessionId);
  if (dropped && nlu.kind === "dialog" && (nlu.dialog === "cancel" || nlu.dialog === "no"))
    return reply(run, "Okay, never mind.");
  if (asking && !run.deps.models.available && calls.length === 1) {
    const [call] = calls as [NluCall];
    run.deps.sessions.saveLastCall(run.sessionId, { ...call, missing: nlu.missing ?? [] });
    return reply(run, nlu.reply ?? NOT_SURE);
  }
  if (nlu.kind === "action" && !asking && nlu.confidence >= threshold && calls.length > 0)
    return runFastPath(run, calls);
  // Just below the threshold: the action itself is the question ("Set a timer for 11 minutes?")
  const unsure = middleBandCall(run, nlu);
  if (unsure && nlu.summary) {
    const asked = await askAboutCall(run, unsure, nlu.summary);
    if (asked) return asked;
  }
  if (nlu.kind === "chat" && nlu.confidence >= threshold && nlu.reply) return reply(run, nlu.reply);
  if (nlu.kind === "dialog" && nlu.dialog === "repeat" && nlu.confidence >= threshold) {
    const said = run.deps.sessions
      .history(run.sessionId, 20, run.userMessageId)
      .filter((m) => m.role === "assistant")
      .at(-1);
    return reply(run, said?.text ?? "I haven't said anything yet in this conversation.");
  }
  if (!run.deps.models.available) {
    if (nlu.kind === "question" && !nlu.reply) return answerOffline(run, nlu);
    return reply(run, embeddedReply(nlu));
  }
  try {
    run.mode = "model";
    run.journal.note({ mode: "model" });
    return await modelLoop(run, await loopSetup(run, nlu.groups));
  } catch (error) {
    if (!isJarvisError(error) || error.code !== "MODEL_FAILED") throw error;
    if (run.journal.calls.length > 0) {
      return {
        status: "failed",
        code: "MODEL_FAILED",
        message: `${error.message}; the task stopped part-way`,
      };
    }
    run.emit({
      type: "notice",
      data: { level: "warn", message: "no language model answered; the embedded brain answers instead" },
    });
    return reply(
      run,
      embeddedReply(nlu, error.message.replace(/^no model answered \((.*)\)$/, "$1")),
      "embedded",
    );
  }
}

function reply(run: ActiveRun, text: string, mode: "embedded" = "embedded"): RunEnd {
  run.mode = mode;
  run.journal.note({ mode, model: "embedded" });
  run.emit({ type: "text_delta", data: { text } });
  return { status: "finished", text };
}

/**
 * Runs a turn body and records how it ended: the store first, then the terminal event. A kill
 * ends `cancelled` (in the store and the audit log), the deadline ends with the limit message,
 * anything unexpected ends `failed` with one line instead of a crash.
 */
export async function settle(run: ActiveRun, body: () => Promise<RunEnd>): Promise<TurnResult> {
  let end: RunEnd;
  try {
    end = await body();
  } catch (error) {
    if (run.control.stopReason === "killed") end = { status: "cancelled", reason: "stopped by user" };
    else if (run.control.stopReason === "time_limit") end = timeLimitEnd(run);
    else {
      const failure = toJarvisError(error);
      run.deps.logger.error({ err: error, runId: run.id }, "run failed");
      end = { status: "failed", code: failure.code, message: failure.message };
    }
  }
  if (end.status !== "cancelled" && run.control.stopReason === "killed")
    end = { status: "cancelled", reason: "stopped by user" };
  return finalize(run, end);
}

function finalize(run: ActiveRun, end: RunEnd): TurnResult {
  const { deps } = run;
  const lastSeq = run.emitter.lastSeq + 1; // the terminal event below
  try {
    // One commit for the end of the run: scope, status, and the answer in the conversation.
    deps.runs.batch(() => {
      run.journal.persistScope();
      if (end.status === "finished") {
        deps.runs.finish(run.id, "finished", { result: end.text, lastSeq });
        deps.sessions.appendMessage(run.sessionId, run.id, "assistant", end.text);
      } else if (end.status === "failed") {
        deps.runs.finish(run.id, "failed", { error: { code: end.code, message: end.message }, lastSeq });
        deps.sessions.appendMessage(run.sessionId, run.id, "assistant", end.message);
      } else {
        deps.runs.finish(run.id, "cancelled", { error: { code: "CANCELLED", message: end.reason }, lastSeq });
      }
    });
    if (end.status === "cancelled") deps.gate.recordStop(run.scope, run.input, end.reason);
  } catch (error) {
    deps.logger.error({ err: error, runId: run.id }, "could not record the end of a run");
  } finally {
    run.dispose();
  }
  const base = { runId: run.id, sessionId: run.sessionId, calls: run.journal.calls };
  if (end.status === "finished") {
    run.emit({ type: "run_finished", data: { text: end.text } });
    return { ...base, status: "finished", text: end.text };
  }
  if (end.status === "failed") {
    run.emit({ type: "run_failed", data: { code: end.code, message: end.message } });
    return { ...base, status: "failed", error: { code: end.code, message: end.message } };
  }
  run.emit({ type: "run_cancelled", data: { reason: end.reason } });
  return { ...base, status: "cancelled", error: { code: "CANCELLED", message: end.reason } };
}
