import { afterEach, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import {
  collect,
  FakeAnthropicServer,
  FakeOllamaServer,
  FakeOpenAIServer,
  modelHarnessKit,
  readProbeLog,
  reply,
} from "../../src/testing/index.js";

/**
 * The agent loop over real sockets: the AI SDK providers talk HTTP to fake model servers
 * that speak the real wire protocols (OpenAI SSE, Ollama NDJSON, Anthropic SSE).
 */
const kit = modelHarnessKit("jarvis-loop-");
afterEach(() => kit.close());
const start = kit.start;
const agentFor = (env: Record<string, string>, config = "") => kit.agent(env, { config });

const openai = (url: string) => ({
  JARVIS_MODEL_PROVIDER: "openai-compatible",
  JARVIS_MODEL_BASE_URL: url,
  JARVIS_MODEL: "fake-1",
});
const deny = new FixedConfirmationBroker("deny");
const approve = new FixedConfirmationBroker("approve");

describe("OpenAI-compatible over a real socket", () => {
  it("runs a multi-step task with streamed text and tool-call argument deltas split across chunks", async () => {
    const fake = await start(
      FakeOpenAIServer.start([
        {
          text: "Let me look.",
          toolCalls: [{ name: "probe_read", arguments: { key: "inbox" } }],
          chunkSize: 3,
        },
        { toolCalls: [{ name: "probe_write", arguments: { key: "summary" } }], chunkSize: 2 },
        reply.text("Read the inbox and wrote the summary."),
      ]),
    );
    const { agent, temp } = await agentFor(openai(fake.url));
    const { events, result } = await collect(
      agent.startTurn({ text: "summarize my inbox", source: "test", broker: deny }),
    );
    expect(result).toMatchObject({ status: "finished", text: "Read the inbox and wrote the summary." });
    expect(events.filter((e) => e.type === "text_delta").length).toBeGreaterThan(4);
    expect(readProbeLog(temp.jarvisHome)).toEqual(["read-start inbox", "read-end inbox", "write summary"]);
    const second = fake.requests[1]!.body as {
      messages: Array<{ role: string; content?: string; tool_calls?: unknown[] }>;
      tools: unknown[];
    };
    expect(second.messages.at(-1)).toMatchObject({ role: "tool", content: "value of inbox" });
    expect(second.messages.at(-2)?.tool_calls).toHaveLength(1);
    expect(second.tools.length).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(second.tools)).not.toContain("x-provenance");
    expect(agent.getRun(result.runId)?.model).toBe("openai-compatible:fake-1");
    fake.assertDone();
  });

  it("works around a denied call, with confirmations approved and denied", async () => {
    const fake = await start(
      FakeOpenAIServer.start([
        reply.call("probe_danger", { key: "first" }),
        (request) => {
          const last = (request.body.messages as Array<{ content?: string }>).at(-1)?.content ?? "";
          return last.startsWith("DENIED USER_DENIED")
            ? reply.call("probe_read", { key: "instead" })
            : reply.text("unexpected");
        },
        reply.text("You declined, so I only read it."),
      ]),
    );
    const { agent, temp } = await agentFor(openai(fake.url));
    const denied = await collect(agent.startTurn({ text: "delete first", source: "test", broker: deny }));
    expect(denied.result.text).toBe("You declined, so I only read it.");
    expect(readProbeLog(temp.jarvisHome)).toEqual(["read-start instead", "read-end instead"]);

    fake.push(reply.call("probe_danger", { key: "second" }), reply.text("Deleted."));
    const approved = await collect(
      agent.startTurn({ text: "delete second", source: "test", broker: approve }),
    );
    expect(approved.result.text).toBe("Deleted.");
    expect(approved.events.find((e) => e.type === "confirm_resolved")?.data).toMatchObject({
      answer: "approve",
    });
    expect(readProbeLog(temp.jarvisHome).at(-1)).toBe("danger second");
  });

  it("runs parallel tool calls of one proposal side by side", async () => {
    const fake = await start(
      FakeOpenAIServer.start([
        reply.tools(
          { name: "probe_read", arguments: { key: "a", delay_ms: 200 } },
          { name: "probe_read", arguments: { key: "b", delay_ms: 200 } },
          { name: "probe_read", arguments: { key: "c", delay_ms: 200 } },
        ),
        reply.text("three values"),
      ]),
    );
    const { agent, temp } = await agentFor(openai(fake.url));
    const { result } = await collect(agent.startTurn({ text: "read three", source: "test", broker: deny }));
    expect(result.text).toBe("three values");
    expect(readProbeLog(temp.jarvisHome).slice(0, 3)).toEqual([
      "read-start a",
      "read-start b",
      "read-start c",
    ]);
    const toolMessages = (fake.requests[1]!.body.messages as Array<{ role: string }>).filter(
      (m) => m.role === "tool",
    );
    expect(toolMessages).toHaveLength(3);
  });

  it("retries a 429 after its retry-after header, on the same model", async () => {
    const fake = await start(
      FakeOpenAIServer.start([reply.error(429, { "retry-after": "1" }), reply.text("after the wait")]),
    );
    const { agent } = await agentFor(openai(fake.url));
    const { events, result } = await collect(agent.startTurn({ text: "hi", source: "test", broker: deny }));
    expect(result.text).toBe("after the wait");
    expect(
      events.some((e) => e.type === "notice" && e.data.message.includes("rate limited; retrying in 1 s")),
    ).toBe(true);
    // The second request came no sooner than the header asked.
    expect(fake.requests[1]!.receivedAt - fake.requests[0]!.receivedAt).toBeGreaterThanOrEqual(950);
  });

  it("falls back from an unreachable primary to the next configured model, saying so", async () => {
    const dead = await start(FakeOpenAIServer.start([]));
    const deadUrl = dead.url;
    await dead.close();
    const live = await start(FakeOpenAIServer.start([reply.text("from the fallback")]));
    const config = `models:\n  primary: { provider: openai-compatible, base_url: "${deadUrl}", model: dead }\n  fallbacks:\n    - { provider: openai-compatible, base_url: "${live.url}", model: live }\n`;
    const { agent } = await agentFor({ JARVIS_MODEL_PROVIDER: "" }, config);
    const { events, result } = await collect(agent.startTurn({ text: "hi", source: "test", broker: deny }));
    expect(result.text).toBe("from the fallback");
    const notice = events.find((e) => e.type === "notice");
    expect(notice?.data).toMatchObject({ level: "warn" });
    expect(notice?.type === "notice" ? notice.data.message : "").toMatch(
      /openai-compatible:dead is unavailable \(cannot connect\); falling back to openai-compatible:live/,
    );
    expect(agent.getRun(result.runId)?.model).toBe("openai-compatible:live");
  });

  it("survives malformed JSON, a dropped connection and a 500 from the model", async () => {
    const fake = await start(
      FakeOpenAIServer.start([
        reply.malformed(),
        reply.text("recovered once"),
        reply.drop("partial"),
        reply.error(500),
        reply.drop("headers"),
      ]),
    );
    const { agent } = await agentFor(openai(fake.url));
    const first = await collect(agent.startTurn({ text: "one", source: "test", broker: deny }));
    expect(first.result.text).toBe("recovered once");
    const second = await collect(agent.startTurn({ text: "two", source: "test", broker: deny }));
    // Dropped, retried once (500), then unreachable: the embedded brain answers.
    expect(second.result.status).toBe("finished");
    expect(second.result.text).toMatch(/not sure what you mean/);
    expect(second.events.some((e) => e.type === "notice" && e.data.message.includes("cut off"))).toBe(true);
  });
});

describe("other providers end to end", () => {
  it("Ollama's native /api/chat: NDJSON text and tool calls", async () => {
    const fake = await start(
      FakeOllamaServer.start([reply.call("probe_write", { key: "ollama" }), reply.text("Done via Ollama.")]),
    );
    const { agent, temp } = await agentFor({
      JARVIS_MODEL_PROVIDER: "ollama",
      JARVIS_MODEL_BASE_URL: fake.url,
      JARVIS_MODEL: "qwen3:8b",
    });
    const { result } = await collect(
      agent.startTurn({ text: "write with ollama", source: "test", broker: deny }),
    );
    expect(result.text).toBe("Done via Ollama.");
    expect(readProbeLog(temp.jarvisHome)).toEqual(["write ollama"]);
    expect(fake.requests[0]!.path).toBe("/api/chat");
    expect(fake.requests[0]!.body.model).toBe("qwen3:8b");
  });

  it("Anthropic /v1/messages: SSE text blocks and tool_use with input_json_delta", async () => {
    const fake = await start(
      FakeAnthropicServer.start([
        { text: "Checking.", toolCalls: [{ name: "probe_read", arguments: { key: "cal" } }], chunkSize: 4 },
        reply.text("Your calendar is clear."),
      ]),
    );
    const { agent } = await agentFor({
      JARVIS_MODEL_PROVIDER: "anthropic",
      JARVIS_MODEL_BASE_URL: fake.url,
      JARVIS_MODEL: "claude-test",
      JARVIS_MODEL_API_KEY: "sk-test-secret",
    });
    const { result } = await collect(
      agent.startTurn({ text: "check my calendar", source: "test", broker: deny }),
    );
    expect(result.text).toBe("Your calendar is clear.");
    expect(fake.requests[0]!.headers["x-api-key"]).toBe("sk-test-secret");
    const second = fake.requests[1]!.body as {
      messages: Array<{ role: string; content: Array<{ type: string }> }>;
    };
    expect(second.messages.at(-1)?.content[0]?.type).toBe("tool_result");
  });
});
