import type { ModelToolCall } from "../brain/models/types.js";
import type { NluCall, NluResult } from "../brain/nlu/types.js";
import { describeOutcome } from "../gate/describe.js";
import { executeProposal } from "./calls.js";
import type { RunEnd } from "./loop.js";
import type { ActiveRun, StoredCallResult } from "./run.js";

/** The NLU's calls for a result: `calls` when several, else the single `tool`/`args`. */
export function callsOf(result: NluResult): NluCall[] {
  if (result.calls && result.calls.length > 0) return result.calls;
  return result.tool ? [{ tool: result.tool, args: result.args ?? {} }] : [];
}

/**
 * The fast path: a confident command runs through the gate with no model round trip and is
 * answered from the tool outputs. The NLU's proposal is stored like a model step, so a crash
 * resumes it the same way.
 */
export async function runFastPath(run: ActiveRun, calls: NluCall[]): Promise<RunEnd> {
  run.mode = "fast";
  run.note({ mode: "fast", model: "embedded" });
  run.round = 1;
  const toolCalls: ModelToolCall[] = calls.map((call) => ({
    id: run.deps.ids.next("call"),
    name: call.tool,
    input: call.args,
  }));
  const seq = run.beginProposal(1);
  run.endProposal(seq, { text: "", toolCalls, model: "embedded" });
  const results = await executeProposal(run, toolCalls, 1);
  run.signal.throwIfAborted();
  return finishFastPath(run, toolCalls, results);
}

export function finishFastPath(
  run: ActiveRun,
  toolCalls: ModelToolCall[],
  results: Array<StoredCallResult | undefined>,
): RunEnd {
  const text = composeAnswer(toolCalls, results);
  const only = toolCalls.length === 1 ? toolCalls[0] : undefined;
  if (only && results[0]?.status === "ok") {
    run.deps.sessions.saveLastCall(run.sessionId, {
      tool: only.name,
      args: only.input as Record<string, unknown>,
    });
  }
  run.emit({ type: "text_delta", data: { text } });
  return { status: "finished", text };
}

/** Answers from tool outputs, one line (or block) per call, failures in plain words. */
export function composeAnswer(
  calls: ModelToolCall[],
  results: Array<StoredCallResult | undefined>,
  options: { spoken?: boolean } = {},
): string {
  return calls
    .map((_call, i) => {
      const result = results[i];
      if (!result) return "I stopped before doing that.";
      const message = result.message ?? (result.status === "ok" ? (result.output ?? "") : "");
      return describeOutcome(
        { status: result.status, code: result.code, message, fix: result.fix },
        options.spoken ? { spoken: true } : {},
      );
    })
    .join("\n");
}

export const NO_MODEL_QUESTION = "I need a language model for that; run `jarvis doctor` to set one up.";
export const NOT_SURE = "I'm not sure what you mean.";
export const NOTHING_PENDING = "There is nothing waiting for a yes or no right now.";

/**
 * What the embedded brain says when no model is configured (or none answered): chat replies,
 * an honest "I need a language model" for questions, "not sure" for everything else.
 */
export function embeddedReply(result: NluResult, modelFailure?: string): string {
  switch (result.kind) {
    case "chat":
      return result.reply ?? "Hello!";
    case "dialog":
      return NOTHING_PENDING;
    case "question":
    case "action":
      return modelFailure
        ? `I need a language model for that, and none answered (${modelFailure}); run \`jarvis doctor\`.`
        : result.kind === "question"
          ? NO_MODEL_QUESTION
          : `${NOT_SURE} Did you mean ${describeGuess(result)}? Say it more precisely, or set up a language model with \`jarvis doctor\`.`;
    default:
      return modelFailure ? `${NOT_SURE} (No language model answered: ${modelFailure}.)` : NOT_SURE;
  }
}

function describeGuess(result: NluResult): string {
  const calls = callsOf(result);
  return calls.length ? calls.map((c) => c.tool).join(" then ") : "something else";
}
