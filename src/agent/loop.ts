import type { ModelMessage } from "ai";
import type { ModelToolSpec } from "../brain/models/types.js";
import { assistantMessage, executeProposal, toolMessage } from "./calls.js";
import { ProposalGuard } from "./guard.js";
import { describeLimit } from "./limits.js";
import type { ToolOffer } from "./offer/tool-offer.js";
import type { ActiveRun } from "./run.js";

export type RunEnd =
  | { status: "finished"; text: string }
  | { status: "failed"; code: string; message: string }
  | { status: "cancelled"; reason: string };

export interface LoopSetup {
  system: string;
  tools: ModelToolSpec[];
  /** The run's tool offer; it grows when `tools_search` finds more (read every round). */
  offer?: ToolOffer;
  /** Earlier turns and this turn's user message; the run's own transcript follows them. */
  prefix: ModelMessage[];
  /** Fits a round's messages to the model's window (older tool results cut first). */
  fit?: (messages: ModelMessage[]) => ModelMessage[];
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
  const guard = new ProposalGuard();
  for (;;) {
    run.signal.throwIfAborted();
    const { control, journal, transcript } = run;
    if (transcript.round >= control.limits.rounds) {
      return {
        status: "failed",
        code: "LIMIT_REACHED",
        message: describeLimit(control.size, control.limits, "rounds"),
      };
    }
    transcript.round += 1;
    const round = transcript.round;
    const seq = journal.beginProposal(round);
    const turn = await run.model
      .complete(
        {
          system: setup.system,
          messages: (setup.fit ?? ((all) => all))([...setup.prefix, ...transcript]),
          tools: setup.offer?.specs() ?? setup.tools,
          preferHeavy: control.size === "complex",
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
        journal.failProposal(seq, run.signal.aborted ? "cancelled" : "failed", message);
        throw error;
      });
    const proposal = {
      text: turn.text,
      toolCalls: turn.toolCalls,
      model: turn.model,
      ...(turn.usage ? { usage: turn.usage } : {}),
    };
    journal.endProposal(seq, proposal);

    if (turn.toolCalls.length === 0) {
      if (turn.problem) {
        const verdict = guard.unreadable(turn.problem);
        if ("end" in verdict) return verdict.end;
        run.transcript.push(verdict.retry);
        continue;
      }
      if (turn.text.trim()) return { status: "finished", text: turn.text };
      emptyAnswers += 1;
      if (emptyAnswers > MAX_EMPTY_ANSWERS) {
        return { status: "failed", code: "MODEL_INVALID", message: "the model kept returning empty answers" };
      }
      transcript.push(NUDGE);
      continue;
    }
    transcript.push(assistantMessage(proposal));
    const results = await executeProposal(run, turn.toolCalls, round);
    transcript.push(toolMessage(turn.toolCalls, results));
    run.signal.throwIfAborted();
    const stop = guard.afterRound(turn.toolCalls, results);
    if (stop) return stop;
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
  return {
    status: "failed",
    code: "LIMIT_REACHED",
    message: describeLimit(run.control.size, run.control.limits, "time"),
  };
}
