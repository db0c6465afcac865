import {
  FakeLlmServer,
  type FakeReply,
  type FakeScript,
  type RecordedRequest,
  type StreamWriter,
  splitChunks,
} from "./fake-llm-server.js";

/**
 * A real HTTP server speaking Ollama's native `/api/chat`: newline-delimited JSON streaming,
 * tool calls as whole objects with object arguments and no id unless scripted (as Ollama sends
 * them), reasoning in `thinking`, `done_reason` and eval counts. Like Ollama it refuses (400) a
 * history whose tool-call arguments are a JSON string instead of an object, and a scripted
 * `streamError` ends the stream with an `{"error": …}` line the way Ollama reports a tool call
 * it failed to parse mid-stream.
 */
export class FakeOllamaServer extends FakeLlmServer {
  static async start(script: FakeScript = []): Promise<FakeOllamaServer> {
    return new FakeOllamaServer(script).start();
  }

  /** Base URL as a user configures it (`http://127.0.0.1:PORT`); the provider adds `/api`. */
  get url(): string {
    return this.origin;
  }

  protected matches(method: string, path: string): boolean {
    return method === "POST" && path === "/api/chat";
  }

  protected override extraRoute(method: string, path: string): unknown {
    return method === "GET" && path === "/api/tags"
      ? { models: [{ name: "qwen3:8b", model: "qwen3:8b" }] }
      : undefined;
  }

  protected errorBody(_status: number, message: string): unknown {
    return { error: message };
  }

  protected override refusal(body: Record<string, unknown>): { status: number; body: unknown } | undefined {
    const messages = (body.messages ?? []) as Array<{
      tool_calls?: Array<{ function?: { arguments?: unknown } }>;
    }>;
    const stringArgs = messages.some((m) =>
      (m.tool_calls ?? []).some((c) => typeof c.function?.arguments === "string"),
    );
    return stringArgs
      ? { status: 400, body: { error: "Value looks like object, but can't find closing '}' symbol" } }
      : undefined;
  }

  protected async writeReply(
    request: RecordedRequest,
    reply: FakeReply,
    writer: StreamWriter,
  ): Promise<void> {
    if (reply.kind === "error") return;
    const { res } = writer;
    const model = String(request.body.model ?? "fake");
    const line = (message: Record<string, unknown>, done = false, extra: Record<string, unknown> = {}) =>
      res.write(
        `${JSON.stringify({ model, created_at: new Date().toISOString(), message: { role: "assistant", content: "", ...message }, done, ...extra })}\n`,
      );
    res.writeHead(200, { "content-type": "application/x-ndjson" });
    if (reply.kind === "malformed") {
      res.end('{"model": "x", "message": {"content": "oops"\n');
      return;
    }
    if (reply.kind === "drop") {
      line({ content: "partial " });
      await new Promise((resolve) => setTimeout(resolve, 5));
      res.socket?.destroy();
      return;
    }
    for (const piece of splitChunks(reply.reasoning ?? "", reply.chunkSize ?? 8)) {
      if (!(await writer.pause())) return;
      line({ thinking: piece });
    }
    for (const piece of splitChunks(reply.text ?? "", reply.chunkSize ?? 8)) {
      if (!(await writer.pause())) return;
      line({ content: piece });
      if (reply.hang) {
        await this.waitForClose(writer);
        return;
      }
    }
    if (reply.streamError) {
      res.end(`${JSON.stringify({ error: reply.streamError })}\n`);
      return;
    }
    const calls = reply.toolCalls ?? [];
    if (calls.length > 0) {
      if (!(await writer.pause())) return;
      line({
        tool_calls: calls.map((call) => ({
          ...(call.id ? { id: call.id } : {}),
          function: { name: call.name, arguments: parseArguments(call.arguments) },
        })),
      });
    }
    if (reply.hang) {
      await this.waitForClose(writer);
      return;
    }
    line({}, true, {
      done_reason: "stop",
      prompt_eval_count: reply.usage?.input ?? 10,
      eval_count: reply.usage?.output ?? 5,
    });
    res.end();
  }
}

function parseArguments(value: string | Record<string, unknown>): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value; // invalid on purpose: the provider reports it
  }
}
