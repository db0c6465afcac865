import { argumentsText, type FakeToolCall } from "./fake-llm-server.js";

/**
 * How the OpenAI-compatible servers people run locally differ from OpenAI itself, as their
 * public trackers report it — each fake reproduces its server's quirks on the wire:
 *
 * - `llamacpp`: llama.cpp's server renders the model's own chat template, and strict templates
 *   (Mistral, Gemma, Devstral) raise an exception — a 500 — unless user and assistant turns
 *   alternate and the system message comes first. Tool arguments arrive in one piece; the
 *   last chunk carries `timings`; reasoning streams as `reasoning_content`.
 * - `lmstudio`: tool calls may carry an empty `id`, continuation deltas repeat an empty
 *   function `name`, and a history whose tool calls have empty ids is refused with 400; a JSON
 *   Schema `pattern` not written `^…$` is refused with 400 when it is turned into a grammar.
 * - `vllm`: tools with automatic tool choice are refused with 400 unless the server was
 *   started with a tool parser; `type` appears only on a call's first delta, content is null
 *   around tool calls, reasoning streams as `reasoning_content`.
 */
export type OpenAIDialect = "openai" | "llamacpp" | "lmstudio" | "vllm";

export interface DialectOptions {
  dialect?: OpenAIDialect;
  /** vLLM: started with --enable-auto-tool-choice and a --tool-call-parser (default true). */
  autoToolChoice?: boolean;
}

interface Message {
  role?: string;
  content?: unknown;
  tool_calls?: Array<{ id?: string }>;
  tool_call_id?: string;
}

/** The error a real server of this dialect answers a request with, if any. */
export function dialectRefusal(
  options: DialectOptions,
  body: Record<string, unknown>,
): { status: number; body: unknown } | undefined {
  const messages = (body.messages ?? []) as Message[];
  switch (options.dialect) {
    case "llamacpp": {
      const problem = templateProblem(messages);
      return problem
        ? {
            status: 500,
            body: {
              error: {
                code: 500,
                message: `\n------------\nWhile executing CallExpression in source:\n...\nError: Jinja Exception: ${problem}`,
                type: "server_error",
              },
            },
          }
        : undefined;
    }
    case "lmstudio": {
      const emptyId = messages.some(
        (m) =>
          (m.role === "assistant" && (m.tool_calls ?? []).some((c) => !c.id)) ||
          (m.role === "tool" && !m.tool_call_id),
      );
      if (emptyId) {
        return {
          status: 400,
          body: {
            error:
              "Invalid 'messages' in payload. Please check the structure of your 'messages' and try again.",
          },
        };
      }
      const pattern = unanchoredPattern(body.tools);
      return pattern
        ? {
            status: 400,
            body: {
              error: {
                code: 400,
                message: `JSON schema conversion failed:\nPattern must start with '^' and end with '$' (${pattern.slice(0, 40)})`,
                type: "invalid_request_error",
              },
            },
          }
        : undefined;
    }
    case "vllm": {
      const tools = Array.isArray(body.tools) && body.tools.length > 0;
      const auto = body.tool_choice === undefined || body.tool_choice === "auto";
      if (tools && auto && options.autoToolChoice === false) {
        return {
          status: 400,
          body: {
            object: "error",
            message: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
            type: "BadRequestError",
            param: null,
            code: 400,
          },
        };
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The deltas that stream one tool call, in the dialect's shape. */
export function toolCallDeltas(
  dialect: OpenAIDialect | undefined,
  call: FakeToolCall,
  index: number,
  id: string,
  chunk: (text: string) => string[],
): Array<Record<string, unknown>> {
  const args = argumentsText(call);
  switch (dialect) {
    case "llamacpp":
      return [{ index, id, type: "function", function: { name: call.name, arguments: args } }];
    case "lmstudio":
      return [
        { index, id: call.id ?? "", type: "function", function: { name: call.name, arguments: "" } },
        ...chunk(args).map((piece) => ({
          index,
          type: "function",
          function: { name: "", arguments: piece },
        })),
      ];
    case "vllm":
      return [
        {
          index,
          id: `chatcmpl-tool-${id.replace(/\W/g, "")}`,
          type: "function",
          function: { name: call.name },
        },
        ...chunk(args).map((piece) => ({ index, function: { arguments: piece } })),
      ];
    default:
      return [
        { index, id, type: "function", function: { name: call.name, arguments: "" } },
        ...chunk(args).map((piece) => ({ index, function: { arguments: piece } })),
      ];
  }
}

/**
 * What a strict template rejects (the check Mistral's template makes): a system turn after the
 * first, or — leaving tool calls and results aside — turns that do not go user, assistant, user…
 */
function templateProblem(messages: Message[]): string | undefined {
  const rest = messages[0]?.role === "system" ? messages.slice(1) : messages;
  if (rest.some((m) => m.role === "system")) return "System message must be at the beginning.";
  const turns = rest.filter(
    (m) => !(m.role === "tool" || (m.role === "assistant" && (m.tool_calls?.length ?? 0) > 0)),
  );
  for (const [i, turn] of turns.entries()) {
    if ((turn.role === "user") !== (i % 2 === 0)) {
      return "After the optional system message, conversation roles must alternate user and assistant roles except for tool calls and results.";
    }
  }
  return undefined;
}

function unanchoredPattern(tools: unknown): string | undefined {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key === "pattern" && typeof inner === "string" && !(inner.startsWith("^") && inner.endsWith("$")))
          found.push(inner);
        else walk(inner);
      }
    }
  };
  walk(tools);
  return found[0];
}
