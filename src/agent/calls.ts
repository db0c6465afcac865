import type { ModelMessage } from "ai";
import type { ModelToolCall } from "../brain/models/types.js";
import { JarvisError } from "../core/errors.js";
import type { StoredCallResult, StoredProposal } from "./journal.js";
import type { ActiveRun } from "./run.js";

const PARALLEL_EFFECTS = new Set(["read", "network"]);

/**
 * Runs one proposal's calls through the gate. Consecutive calls that are safe, read-only and
 * allowed without asking run in parallel; anything else runs alone, in the order proposed.
 * Nothing new starts once the run is stopped.
 */
export async function executeProposal(
  run: ActiveRun,
  calls: ModelToolCall[],
  round: number,
): Promise<Array<StoredCallResult | undefined>> {
  const results: Array<StoredCallResult | undefined> = new Array(calls.length).fill(undefined);
  // The gate's dry run below reads each tool's own code (a tier that depends on the arguments)
  await run.deps.registry.ready(calls.map((call) => call.name)).catch(() => undefined);
  let index = 0;
  while (index < calls.length) {
    if (run.signal.aborted) break;
    const batch = [index];
    if (parallelSafe(run, calls[index]!)) {
      while (index + batch.length < calls.length && parallelSafe(run, calls[index + batch.length]!)) {
        batch.push(index + batch.length);
      }
    }
    const outcomes = await Promise.all(batch.map((i) => runOne(run, calls[i]!, round)));
    for (const [k, i] of batch.entries()) results[i] = outcomes[k];
    index += batch.length;
  }
  return results;
}

async function runOne(run: ActiveRun, call: ModelToolCall, round: number): Promise<StoredCallResult> {
  const { journal } = run;
  // A model's call that cannot run as written is refused with words the model can act on
  const unrunnable = run.mode === "model" ? unrunnableCall(run, call) : undefined;
  if (unrunnable) return journal.refuse(call, round, unrunnable);
  // A registered tool called by its exact name is offered from now on (it has a schema to show)
  run.offer?.load([call.name]);
  const previous = journal.repeatOf(call.name, call.input);
  if (previous && ((previous.ok && journal.sideEffectOf(call.name)) || previous.count >= 2)) {
    const message = previous.ok
      ? `${call.name} already ran with these arguments in this task and was not run again (its result: ${previous.observation.slice(0, 300)}). Do not repeat it; continue or answer.`
      : `${call.name} was called with these same arguments ${previous.count} times already; change the arguments or answer without it.`;
    return journal.refuse(call, round, new JarvisError("REPEATED_CALL", message));
  }
  const result = await journal.callTool(call, round);
  journal.remember(call.name, call.input, result);
  return result;
}

/**
 * A call that cannot run as written, refused (through the gate, audited) with words the model
 * can act on: arguments that could not be read even after repair, or a tool that does not
 * exist — with the way to find the right one.
 */
function unrunnableCall(run: ActiveRun, call: ModelToolCall): JarvisError | undefined {
  if (!run.deps.registry.has(call.name)) {
    return new JarvisError("TOOL_UNKNOWN", `there is no tool named "${call.name.slice(0, 80)}"`, {
      fix: "call tools_search with what you need to do, then use a tool it finds",
    });
  }
  if (call.invalid) {
    return new JarvisError(
      "ARGS_INVALID",
      `the arguments of ${call.name} could not be read: ${call.invalid}`,
      {
        fix: "send the call again with its arguments as one JSON object",
      },
    );
  }
  return undefined;
}

function parallelSafe(run: ActiveRun, call: ModelToolCall): boolean {
  const definition = run.deps.registry.get(call.name)?.definition;
  if (!definition || call.invalid) return false;
  if (!definition.effects.every((effect) => PARALLEL_EFFECTS.has(effect))) return false;
  // Two confirmation prompts at once would interleave on a terminal: only safe calls the gate
  // would allow outright run side by side (its dry run, so taint and overrides count).
  const assessment = run.deps.gate.assess({ tool: call.name, args: call.input }, run.scope);
  return assessment.valid && assessment.tier === "safe" && assessment.decision === "allow";
}

/** The assistant message for a proposal (tool inputs that are not objects are wrapped). */
export function assistantMessage(proposal: StoredProposal): ModelMessage {
  const content: Array<
    | { type: "text"; text: string }
    | { type: "tool-call"; toolCallId: string; toolName: string; input: unknown }
  > = [];
  if (proposal.text) content.push({ type: "text", text: proposal.text });
  for (const call of proposal.toolCalls) {
    const input =
      call.input !== null && typeof call.input === "object" && !Array.isArray(call.input)
        ? call.input
        : { invalid_arguments: String(call.input) };
    content.push({ type: "tool-call", toolCallId: call.id, toolName: call.name, input });
  }
  return { role: "assistant", content } as ModelMessage;
}

/** The tool message answering a proposal's calls, errors marked as errors. */
export function toolMessage(
  calls: ModelToolCall[],
  results: Array<StoredCallResult | undefined>,
): ModelMessage {
  return {
    role: "tool",
    content: calls.map((call, i) => {
      const result = results[i] ?? {
        status: "cancelled",
        observation: "NOT RUN: the task was stopped first",
      };
      return {
        type: "tool-result",
        toolCallId: call.id,
        toolName: call.name,
        output:
          result.status === "ok"
            ? { type: "text", value: result.observation }
            : { type: "error-text", value: result.observation },
      };
    }),
  } as ModelMessage;
}
