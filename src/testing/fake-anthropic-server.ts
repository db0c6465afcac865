import {
  argumentsText,
  FakeLlmServer,
  type FakeReply,
  type FakeScript,
  type RecordedRequest,
  type StreamWriter,
  splitChunks,
} from "./fake-llm-server.js";

/**
 * A real HTTP server speaking Anthropic's `/v1/messages` with SSE: message_start, text and
 * tool_use content blocks (tool input as `input_json_delta` pieces), message_delta with the
 * stop reason and usage, message_stop.
 */
export class FakeAnthropicServer extends FakeLlmServer {
  static async start(script: FakeScript = []): Promise<FakeAnthropicServer> {
    return new FakeAnthropicServer(script).start();
  }

  get url(): string {
    return `${this.origin}/v1`;
  }

  protected matches(method: string, path: string): boolean {
    return method === "POST" && path === "/v1/messages";
  }

  protected errorBody(status: number, message: string): unknown {
    const type = status === 429 ? "rate_limit_error" : status === 529 ? "overloaded_error" : "api_error";
    return { type: "error", error: { type, message } };
  }

  protected async writeReply(
    request: RecordedRequest,
    reply: FakeReply,
    writer: StreamWriter,
  ): Promise<void> {
    if (reply.kind === "error") return;
    const { res } = writer;
    const send = (event: string, data: Record<string, unknown>) =>
      res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`);
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    send("message_start", {
      message: {
        id: `msg_${this.requests.length}`,
        type: "message",
        role: "assistant",
        model: String(request.body.model ?? "fake"),
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: reply.kind === "reply" || !reply.kind ? (reply.usage?.input ?? 10) : 10,
          output_tokens: 1,
        },
      },
    });
    if (reply.kind === "malformed") {
      res.end('event: content_block_start\ndata: {"type": "content_block_start", "index": 0,\n\n');
      return;
    }
    if (reply.kind === "drop") {
      send("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
      send("content_block_delta", { index: 0, delta: { type: "text_delta", text: "partial " } });
      await new Promise((resolve) => setTimeout(resolve, 5));
      res.socket?.destroy();
      return;
    }
    const size = reply.chunkSize ?? 8;
    let index = 0;
    if (reply.text) {
      send("content_block_start", { index, content_block: { type: "text", text: "" } });
      for (const piece of splitChunks(reply.text, size)) {
        if (!(await writer.pause())) return;
        send("content_block_delta", { index, delta: { type: "text_delta", text: piece } });
        if (reply.hang) {
          await this.waitForClose(writer);
          return;
        }
      }
      send("content_block_stop", { index });
      index += 1;
    }
    const calls = reply.toolCalls ?? [];
    for (const [i, call] of calls.entries()) {
      if (!(await writer.pause())) return;
      send("content_block_start", {
        index,
        content_block: {
          type: "tool_use",
          id: call.id ?? `toolu_${this.requests.length}_${i}`,
          name: call.name,
          input: {},
        },
      });
      for (const piece of splitChunks(argumentsText(call), size)) {
        send("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: piece } });
      }
      send("content_block_stop", { index });
      index += 1;
    }
    if (reply.hang) {
      await this.waitForClose(writer);
      return;
    }
    send("message_delta", {
      delta: { stop_reason: calls.length ? "tool_use" : "end_turn", stop_sequence: null },
      usage: { output_tokens: reply.usage?.output ?? 5 },
    });
    send("message_stop", {});
    res.end();
  }
}
