import {
  experimental_streamLanguageModelCall,
  type JSONSchema7,
  jsonSchema,
  type Tool,
  type ToolSet,
} from "ai";
import { linkSignals } from "../../core/abort.js";
import { classifyFailure, type ModelFailure } from "./failures.js";
import { normalizeMessages } from "./messages.js";
import { repairTurn, serverParseFailure, TextCallFilter } from "./repair/index.js";
import type {
  ModelCallbacks,
  ModelEntry,
  ModelRequest,
  ModelToolCall,
  ModelToolSpec,
  ModelTurn,
} from "./types.js";

/** One failed attempt: what went wrong and whether text had already been streamed. */
export class ModelAttemptError extends Error {
  constructor(
    readonly failure: ModelFailure,
    readonly emittedText: boolean,
  ) {
    super(failure.message);
  }
}

const toolCache = new WeakMap<ModelToolSpec, Tool>();

/**
 * Tools are declared without `execute`: the SDK only parses the model's proposals and every
 * call goes to the gate. No schema validation here either (the gate's ajv does it), so a bad
 * argument reaches the gate and is refused there, audited, as a tool error the model reads.
 */
function toolSet(specs: ModelToolSpec[]): ToolSet {
  const tools: ToolSet = {};
  for (const spec of specs) {
    let tool = toolCache.get(spec);
    if (!tool) {
      tool = { description: spec.description, inputSchema: jsonSchema(spec.parameters as JSONSchema7) };
      toolCache.set(spec, tool);
    }
    tools[spec.name] = tool;
  }
  return tools;
}

/**
 * Streams one model call. The SDK's single-call primitive is used rather than `streamText`:
 * Jarvis owns the loop (every call goes to the gate) and the retries (the router), so the
 * multi-step machinery would only add latency to every round.
 */
export async function streamOnce(
  entry: ModelEntry,
  request: ModelRequest,
  callbacks: ModelCallbacks,
): Promise<ModelTurn> {
  const linked = linkSignals([callbacks.signal], entry.timeoutMs);
  // Streamed text passes through the filter: reasoning dropped, calls written as text held
  const filter = new TextCallFilter((text) => callbacks.onText(text));
  try {
    const call = await experimental_streamLanguageModelCall({
      model: entry.model,
      instructions: request.system,
      messages: normalizeMessages(request.messages),
      ...(request.tools.length > 0 ? { tools: toolSet(request.tools) } : {}),
      abortSignal: linked.signal,
    });
    const toolCalls: ModelToolCall[] = [];
    let finishReason = "unknown";
    let usage: ModelTurn["usage"];
    let failure: unknown;
    for await (const part of call.stream) {
      switch (part.type) {
        case "text-delta":
          if (part.text) filter.push(part.text);
          break;
        case "tool-call":
          toolCalls.push({
            id: part.toolCallId,
            name: part.toolName,
            input: part.input,
            ...(part.invalid ? { invalid: describe(part.error) } : {}),
          });
          break;
        case "error":
          failure ??= part.error;
          break;
        case "model-call-end":
          finishReason = part.finishReason;
          usage = { input: part.usage.inputTokens, output: part.usage.outputTokens };
          break;
        default:
          break;
      }
    }
    if (linked.signal.aborted) throw linked.signal.reason;
    if (failure !== undefined) throw failure;
    filter.end();
    const turn = repairTurn(
      { text: filter.text, toolCalls, finishReason, ...(usage ? { usage } : {}), model: entry.label },
      request.tools,
    );
    filter.finish(turn.text);
    return turn;
  } catch (error) {
    if (callbacks.signal.aborted) throw callbacks.signal.reason ?? error;
    const problem = serverParseFailure(error);
    if (problem) return { text: "", toolCalls: [], finishReason: "error", model: entry.label, problem };
    const reason = linked.signal.aborted ? linked.signal.reason : error;
    throw new ModelAttemptError(classifyFailure(reason), filter.emitted !== "");
  } finally {
    linked.dispose();
  }
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split("\n")[0] ?? message).slice(0, 300);
}
