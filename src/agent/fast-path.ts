import type { ModelToolCall } from "../brain/models/types.js";
import type { NluCall, NluResult } from "../brain/nlu/types.js";
import { type DescribeOptions, describeOutcome } from "../gate/describe.js";
import { executeProposal } from "./calls.js";
import type { StoredCallResult, StoredProposal } from "./journal.js";
import type { RunEnd } from "./loop.js";
import type { ActiveRun } from "./run.js";
import type { CallRequest } from "./types.js";

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
  run.journal.note({ mode: "fast", model: "embedded" });
  const toolCalls: ModelToolCall[] = calls.map((call) => ({
    id: run.deps.ids.next("call"),
    name: call.tool,
    input: call.args,
  }));
  return runProposal(run, { text: "", toolCalls, model: "embedded" });
}

/**
 * A call a person made themselves (a button in the web UI, `jarvis tools call`): a run with this
 * one proposal, through the same gate, steps, audit and resume as any other, answered in words.
 */
export async function runDirectCall(run: ActiveRun, request: CallRequest): Promise<RunEnd> {
  run.mode = "direct";
  run.journal.note({ mode: "direct", model: "user" });
  const call: ModelToolCall = { id: run.deps.ids.next("call"), name: request.tool, input: request.args };
  return runProposal(run, {
    text: "",
    toolCalls: [call],
    model: "user",
    ...(request.doing ? { doing: request.doing } : {}),
    ...(request.detail ? { detail: true } : {}),
  });
}

async function runProposal(run: ActiveRun, proposal: StoredProposal): Promise<RunEnd> {
  run.transcript.round = 1;
  const seq = run.journal.beginProposal(1);
  run.journal.endProposal(seq, proposal);
  const results = await executeProposal(run, proposal.toolCalls, 1);
  run.signal.throwIfAborted();
  return finishProposal(run, proposal, results);
}

/**
 * Ends a run whose answer is its calls' outcomes (the fast path, a direct call): the words for
 * them, and a failed run when nothing worked because something went wrong (not when it was
 * refused or denied: that answer is the honest one).
 */
export function finishProposal(
  run: ActiveRun,
  proposal: StoredProposal,
  results: Array<StoredCallResult | undefined>,
): RunEnd {
  const { toolCalls } = proposal;
  const text = composeAnswer(toolCalls, results, {
    spoken: run.spoken,
    ...(proposal.doing ? { doing: proposal.doing } : {}),
    ...(proposal.detail ? { detail: true } : {}),
  });
  // The last call made (after "make it 4 minutes", the new timer) is what a follow-up leans on
  const allOk = results.every((r) => r?.status === "ok");
  const only = allOk && proposal.model === "embedded" ? toolCalls.at(-1) : undefined;
  if (only) {
    const args = only.input as Record<string, unknown>;
    run.deps.sessions.saveLastCall(run.sessionId, { tool: only.name, args });
    // What the tool's language says to remember (the weather's city) is reused next time
    const language = run.deps.registry.get(only.name)?.definition.language ?? [];
    const keep = Object.fromEntries(
      language
        .flatMap((spec) => spec.remember ?? [])
        .flatMap((arg) => (args[arg] === undefined ? [] : [[arg, args[arg]]])),
    );
    run.deps.sessions.remember(keep);
  }
  const failure = results.every((r) => r && FAILED.has(r.status)) ? results[0] : undefined;
  if (failure) return { status: "failed", code: failure.code ?? "TOOL_FAILED", message: text };
  run.emit({ type: "text_delta", data: { text } });
  return { status: "finished", text };
}

/** Outcomes that mean something went wrong (as opposed to a refusal or a denial). */
const FAILED = new Set(["failed", "timeout"]);

/** Answers from tool outputs, one line (or block) per call, failures in plain words. */
export function composeAnswer(
  calls: ModelToolCall[],
  results: Array<StoredCallResult | undefined>,
  options: DescribeOptions = {},
): string {
  return calls
    .map((_call, i) => {
      const result = results[i];
      if (!result) return "I stopped before doing that.";
      const message = withoutHandles(result.message ?? (result.status === "ok" ? (result.output ?? "") : ""));
      return describeOutcome({ ...result, message }, options);
    })
    .join("\n");
}

/** Handles (#t1, #e2) point things out to a model; a person reads the words around them. */
export function withoutHandles(text: string): string {
  return text
    .replace(/ ?\(#[a-z]\d+\)/g, "")
    .replace(/(^|\n)#[a-z]\d+ +/g, "$1")
    .replace(/ #[a-z]\d+(?=[\s.,;:!?)]|$)/g, "")
    .replace(/#[a-z]\d+ /g, "");
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
      if (modelFailure)
        return `I need a language model for that, and none answered (${modelFailure}); run \`jarvis doctor\`.`;
      if (result.reply) return result.reply;
      return result.kind === "question"
        ? NO_MODEL_QUESTION
        : `${NOT_SURE}${result.summary ? ` Did you want me to ${lowerFirst(result.summary)}? Say it more precisely.` : ""}`;
    default:
      if (modelFailure) return `${NOT_SURE} (No language model answered: ${modelFailure}.)`;
      return result.reply ?? NOT_SURE;
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
