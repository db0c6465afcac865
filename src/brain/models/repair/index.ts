import { APICallError } from "ai";
import type { ModelToolCall, ModelToolSpec, ModelTurn } from "../types.js";
import { coerceArguments } from "./coerce.js";
import { parseLenient } from "./lenient-json.js";
import { extractTextCalls, stripPrefix } from "./text-calls.js";

export { coerceArguments } from "./coerce.js";
export { parseLenient } from "./lenient-json.js";
export { parsePythonCalls } from "./python-calls.js";
export { TextCallFilter } from "./stream-filter.js";
export { extractTextCalls } from "./text-calls.js";

/**
 * Makes one model turn readable: tool calls written as text become calls, reasoning blocks
 * and call markup leave the answer, names and arguments are brought to the offered tools'
 * schemas where exactly one reading exists. What cannot be read is marked — `invalid` on a
 * call, `problem` on the turn — and is never run: the gate refuses it and the model hears why.
 */
export function repairTurn(turn: ModelTurn, tools: readonly ModelToolSpec[]): ModelTurn {
  const specs = new Map(tools.map((tool) => [tool.name, tool]));
  const extracted = extractTextCalls(turn.text, new Set(specs.keys()));
  let toolCalls = turn.toolCalls;
  let problem = extracted.problem;
  if (toolCalls.length === 0 && extracted.calls.length > 0) {
    if (problem) {
      // Part of what the model wrote could not be read: none of it runs, all of it is sent back
      problem = `${problem} (${extracted.calls.length} other call${extracted.calls.length === 1 ? "" : "s"} in the same reply were not run either)`;
    } else {
      toolCalls = extracted.calls.map((call, i) => ({
        id: `text_call_${i + 1}`,
        name: call.name,
        input: call.args,
        repairs: [`written as text (${call.shape})`, ...call.fixes],
      }));
    }
  }
  return {
    ...turn,
    text: extracted.text,
    toolCalls: toolCalls.map((call) => repairCall(call, specs)),
    ...(problem && toolCalls.length === 0 ? { problem } : {}),
  };
}

function repairCall(call: ModelToolCall, specs: ReadonlyMap<string, ModelToolSpec>): ModelToolCall {
  const repairs = [...(call.repairs ?? [])];
  let name = call.name;
  if (!specs.has(name)) {
    const resolved = resolveName(name, [...specs.keys()]);
    if (resolved) {
      repairs.push(`tool name "${name}" → "${resolved}"`);
      name = resolved;
    }
  }
  const spec = specs.get(name);
  let input = call.input;
  if (spec) {
    const coerced = coerceArguments(input, spec.parameters);
    input = coerced.value;
    repairs.push(...coerced.fixes);
  } else if (typeof input === "string") {
    const parsed = parseLenient(input);
    if (parsed.ok) {
      input = parsed.value;
      repairs.push(...parsed.fixes);
    }
  }
  const readable = input !== null && typeof input === "object" && !Array.isArray(input);
  const { invalid: _invalid, repairs: _repairs, ...rest } = call;
  return {
    ...rest,
    name,
    input,
    ...(readable ? {} : { invalid: call.invalid ?? "the arguments are not a JSON object" }),
    ...(repairs.length > 0 ? { repairs } : {}),
  };
}

/** The one offered tool a misspelt name means (`functions.files_read`, `Files-Read`). */
function resolveName(name: string, known: readonly string[]): string | undefined {
  const flat = (s: string) =>
    stripPrefix(s.trim())
      .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
      .replace(/[-\s.]/g, "_")
      .toLowerCase();
  const matches = known.filter((k) => flat(k) === flat(name));
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * A server that failed to parse the model's tool call itself (Ollama answers 500 "error
 * parsing tool call: raw='…'"): the model wrote a broken call, which is the model's problem
 * to fix, not a reason to give up on the server.
 */
export function serverParseFailure(error: unknown): string | undefined {
  const api = APICallError.isInstance(error)
    ? error
    : APICallError.isInstance((error as { cause?: unknown })?.cause)
      ? ((error as { cause: APICallError }).cause as APICallError)
      : undefined;
  const said = `${api?.message ?? (error instanceof Error ? error.message : String(error))} ${api?.responseBody ?? ""}`;
  const m = /error parsing tool call[^"}]*?(?:err=([^"}\n]*))?["}\n]/i.exec(`${said}\n`);
  if (!m) return undefined;
  return `the server could not read your tool call as JSON${m[1] ? ` (${m[1].trim().slice(0, 160)})` : ""}`;
}
