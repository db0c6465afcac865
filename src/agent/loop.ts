import type { ModelMessage } from "ai";
import type { ModelToolSpec } from "../brain/models/types.js";
import { assistantMessage, executeProposal, toolMessage } from "./calls.js";
import { describeLimit } from "./limits.js";
import type { ActiveRun } from "./run.js";

export type RunEnd =
  | { status: "finished"; text: string }
  | { status: "failed"; code: string; message: string }
  | { status: "cancelled"; reason: string };

export interface LoopSetup {
  system: string;
  tools: ModelToolSpec[];
  /** Earlier turns and this turn's user message; the run's own transcript follows them. */
  prefix: ModelMessage[];
}

/** Empty answers and all-invalid rounds tolerated before the run ends (model misbehaviour). */
const MAX_EMPTY_ANSWERS = 2;
const MAX_INVALID_ROUNDS = 3;

const NUDGE: ModelMessage = {
  role: "user",
  content: "(Your last reply was empty. Answer the user, or call a tool.)",
};

/**
 * propose → gate → observe → repeat → respond. Each round is one model call (a durable step)
 * whose tool calls all go through the gate (durable steps too); the observations go back to
 * the model until it answers without calls or a limit ends the run. Throws MODEL_FAILED when
 * no model answers, and the run's abort reason when it is stopped.
 */
export async function modelLoop(run: ActiveRun, setup: LoopSetup): Promise<RunEnd> {
  let emptyAnswers = 0;
  let invalidRounds = 0;
  for (;;) {
    run.signal.throwIfAborted();
    if (run.round >= run.limits.rounds) {
      return {
        status: "failed",
        code: "LIMIT_REACHED",
        message: describeLimit(run.size, run.limits, "rounds"),
      };
    }
    run.round += 1;
    const round = run.round;
    const seq = run.beginProposal(round);
    const turn = await run.model
      .complete(
        {
          system: setup.system,
          messages: [...setup.prefix, ...run.transcript],
          tools: setup.tools,
          preferHeavy: run.size === "complex",
        },
        {
          signal: run.signal,
          onText: (text) => run.emit({ type: "text_delta", data: { text } }),
          onNotice: (message) => run.emit({ type: "notice", data: { level: "warn", message } }),
          onReset: () =>
            run.emit({
              type: "notice",
              data: { level: "warn", message: "the partial answer above was cut off; retrying" },
            }),
        },
      )
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        run.deps.runs.updateStep(run.id, seq, run.signal.aborted ? "cancelled" : "failed", {
          error: message,
        });
        throw error;
      });
    const proposal = {
      text: turn.text,
      toolCalls: turn.toolCalls,
      model: turn.model,
      ...(turn.usage ? { usage: turn.usage } : {}),
    };
    run.endProposal(seq, proposal);

    if (turn.toolCalls.length === 0) {
      if (turn.text.trim()) return { status: "finished", text: turn.text };
      emptyAnswers += 1;
      if (emptyAnswers > MAX_EMPTY_ANSWERS) {
        return { status: "failed", code: "MODEL_INVALID", message: "the model kept returning empty answers" };
      }
      run.transcript.push(NUDGE);
      continue;
    }
    run.transcript.push(assistantMessage(proposal));
    const results = await executeProposal(run, turn.toolCalls, round);
    run.transcript.push(toolMessage(turn.toolCalls, results));
    run.signal.throwIfAborted();
    invalidRounds = results.every((r) => r?.status === "refused") ? invalidRounds + 1 : 0;
    if (invalidRounds >= MAX_INVALID_ROUNDS) {
      return {
        status: "failed",
        code: "MODEL_INVALID",
        message: `the model proposed only invalid tool calls ${MAX_INVALID_ROUNDS} rounds in a row`,
      };
    }
  }
}

/** The time-limit message when the run's deadline fired. */
export function timeLimitEnd(run: ActiveRun): RunEnd {
  return { status: "failed", code: "LIMIT_REACHED", message: describeLimit(run.size, run.limits, "time") };
}
