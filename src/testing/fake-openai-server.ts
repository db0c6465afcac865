import {
  argumentsText,
  FakeLlmServer,
  type FakeReply,
  type FakeScript,
  type RecordedRequest,
  type StreamWriter,
  splitChunks,
} from "./fake-llm-server.js";
import { type DialectOptions, dialectRefusal, toolCallDeltas } from "./openai-dialects.js";

/**
 * A real HTTP server speaking OpenAI's `/v1/chat/completions`: SSE streaming with text deltas,
 * tool-call argument deltas split across chunks, parallel tool calls, a usage chunk, and the
 * scripted failures of `FakeReply` (429 + retry-after, 500, malformed JSON, dropped connection).
 * Non-streaming requests get a whole `chat.completion` object.
 */
export class FakeOpenAIServer extends FakeLlmServer {
  /** `options.dialect` makes it llama.cpp's, LM Studio's or vLLM's server (see openai-dialects.ts). */
  static async start(script: FakeScript = [], options: DialectOptions = {}): Promise<FakeOpenAIServer> {
    return new FakeOpenAIServer(script, options).start();
  }

  constructor(
    script: FakeScript = [],
    private readonly options: DialectOptions = {},
  ) {
    super(script);
  }

  protected override refusal(body: Record<string, unknown>): { status: number; body: unknown } | undefined {
    return dialectRefusal(this.options, body);
  }

  /** Base URL for OpenAI-compatible clients (`…/v1`). */
  get url(): string {
    return `${this.origin}/v1`;
  }

  protected matches(method: string, path: string): boolean {
    return method === "POST" && path === "/v1/chat/completions";
  }

  protected override extraRoute(method: string, path: string): unknown {
    if (method === "GET" && path === "/health" && this.options.dialect === "llamacpp")
      return { status: "ok" };
    return method === "GET" && path === "/v1/models"
      ? { object: "list", data: [{ id: "fake-model", object: "model", owned_by: "fake" }] }
      : undefined;
  }

  protected errorBody(status: number, message: string): unknown {
    return {
      error: { message, type: status === 429 ? "rate_limit_exceeded" : "server_error", code: status },
    };
  }

  protected async writeReply(
    request: RecordedRequest,
    reply: FakeReply,
    writer: StreamWriter,
  ): Promise<void> {
    const model = String(request.body.model ?? "fake-model");
    const id = `chatcmpl-${this.requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    const base = { id, object: "chat.completion.chunk", created, model };
    if (reply.kind === "error") return;
    const { res } = writer;
    if (request.body.stream !== true) {
      if (reply.kind === "malformed") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end('{"id": "broken", "choices": [');
        return;
      }
      if (reply.kind === "drop") {
        res.socket?.destroy();
        return;
      }
      const calls = reply.toolCalls ?? [];
      this.sendJson(res, 200, {
        id,
        object: "chat.completion",
        created,
        model,
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: reply.text ?? (calls.length ? null : ""),
              ...(calls.length
                ? {
                    tool_calls: calls.map((call, i) => ({
                      id: call.id ?? `call_${this.requests.length}_${i}`,
                      type: "function",
                      function: { name: call.name, arguments: argumentsText(call) },
                    })),
                  }
                : {}),
            },
            finish_reason: calls.length ? "tool_calls" : "stop",
          },
        ],
        usage: usageOf(request, reply),
      });
      return;
    }
    res.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-cache",
      connection: "keep-alive",
    });
    const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
    const delta = (d: Record<string, unknown>, finish: string | null = null) =>
      send({ ...base, choices: [{ index: 0, delta: d, finish_reason: finish }] });

    delta({ role: "assistant", content: "" });
    if (reply.kind === "malformed") {
      res.write('data: {"id": "broken", "choices": [{"delta": {"content": "oops"\n\n');
      res.end();
      return;
    }
    if (reply.kind === "drop") {
      delta({ content: "partial " });
      await new Promise((resolve) => setTimeout(resolve, 5));
      res.socket?.destroy();
      return;
    }
    const size = reply.chunkSize ?? 8;
    for (const piece of splitChunks(reply.reasoning ?? "", size)) {
      if (!(await writer.pause())) return;
      delta({ reasoning_content: piece });
    }
    for (const piece of splitChunks(reply.text ?? "", size)) {
      if (!(await writer.pause())) return;
      delta({ content: piece });
      if (reply.hang) {
        await this.waitForClose(writer);
        return;
      }
    }
    const calls = reply.toolCalls ?? [];
    const dialect = this.options.dialect;
    for (const [index, call] of calls.entries()) {
      const id = call.id ?? `call_${this.requests.length}_${index}`;
      for (const toolCall of toolCallDeltas(dialect, call, index, id, (text) => splitChunks(text, size))) {
        if (!(await writer.pause())) return;
        delta({ ...(dialect === "vllm" ? { content: null } : {}), tool_calls: [toolCall] });
      }
    }
    if (reply.hang) {
      await this.waitForClose(writer);
      return;
    }
    delta({}, calls.length ? "tool_calls" : "stop");
    send({
      ...base,
      choices: [],
      usage: usageOf(request, reply),
      ...(this.options.dialect === "llamacpp"
        ? { timings: { prompt_n: usageOf(request, reply).prompt_tokens, predicted_n: 1 } }
        : {}),
    });
    res.write("data: [DONE]\n\n");
    res.end();
  }
}

function usageOf(request: RecordedRequest, reply: Extract<FakeReply, { kind?: "reply" }>) {
  const input = reply.usage?.input ?? Math.ceil(JSON.stringify(request.body.messages ?? []).length / 4);
  const output =
    reply.usage?.output ??
    Math.ceil(((reply.text ?? "").length + JSON.stringify(reply.toolCalls ?? []).length) / 4);
  return { prompt_tokens: input, completion_tokens: output, total_tokens: input + output };
}
