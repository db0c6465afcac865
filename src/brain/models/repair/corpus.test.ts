import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolSpecsFor } from "../../../agent/context.js";
import { silentLogger } from "../../../core/logger.js";
import { createRuntime, type Runtime } from "../../../runtime/runtime.js";
import { corpusTotals, judgeTurn, replyFor } from "../../../testing/corpus-runner.js";
import { FakeAnthropicServer } from "../../../testing/fake-anthropic-server.js";
import type { FakeLlmServer } from "../../../testing/fake-llm-server.js";
import { FakeOllamaServer } from "../../../testing/fake-ollama-server.js";
import { FakeOpenAIServer } from "../../../testing/fake-openai-server.js";
import { createTempHome, type TempHome } from "../../../testing/home.js";
import { CORPUS_TOOLS, MALFORMED_CALLS, type MalformedCase } from "../../../testing/malformed-calls.js";
import { entryFor } from "../lazy.js";
import { streamOnce } from "../stream.js";
import type { ModelProvider, ModelToolSpec } from "../types.js";

/**
 * The malformed-call corpus, table-driven, over real sockets: each row is what a fake server
 * speaking a real protocol sends, read by the real provider and repaired by the real code,
 * then judged by the gate's own schema validation. Every recoverable shape must come out as
 * exactly the expected calls; nothing else may ever be runnable.
 */
let temp: TempHome;
let runtime: Runtime;
let specs: ModelToolSpec[];
const servers: FakeLlmServer[] = [];

beforeAll(() => {
  temp = createTempHome("jarvis-corpus-");
  runtime = createRuntime({ env: temp.env, logger: silentLogger });
  specs = toolSpecsFor(CORPUS_TOOLS.map((name) => runtime.registry.get(name)!.definition));
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await runtime.close();
  temp.cleanup();
});

async function runCorpus(provider: ModelProvider, server: FakeLlmServer, cases: readonly MalformedCase[]) {
  servers.push(server);
  const entry = entryFor({
    role: "primary",
    provider,
    model: "small-local",
    baseUrl: server.url,
    apiKey: provider === "anthropic" ? "test-key" : undefined,
    timeoutMs: 10_000,
    label: `${provider}:small-local`,
    tools: 12,
    contextTokens: 8_192,
  });
  const verdicts = [];
  for (const item of cases) {
    const shown: string[] = [];
    const turn = await streamOnce(
      entry,
      { system: "You are a test.", messages: [{ role: "user", content: item.id }], tools: specs },
      { signal: new AbortController().signal, onText: (t) => shown.push(t), onNotice: () => undefined },
    );
    const verdict = judgeTurn(item, turn, runtime.registry);
    verdicts.push(verdict);
    // Markup never reaches the person reading along
    expect(shown.join(""), item.id).not.toMatch(/<tool_call>|\[TOOL_CALLS\]|<\|python_tag\|>|<think>/);
  }
  return verdicts;
}

const byId = (cases: readonly MalformedCase[]) => (request: { body: Record<string, unknown> }) => {
  const messages = request.body.messages as Array<{ content: unknown }>;
  const last = messages.at(-1)!.content;
  const id = typeof last === "string" ? last : (last as Array<{ text?: string }>)[0]?.text;
  return replyFor(cases.find((c) => c.id === id)!);
};

describe("malformed tool calls from small local models", () => {
  it("llama.cpp's OpenAI-compatible server: every shape is recovered or sent back, none run on a guess", async () => {
    const server = await FakeOpenAIServer.start(byId(MALFORMED_CALLS), { dialect: "llamacpp" });
    const verdicts = await runCorpus("openai-compatible", server, MALFORMED_CALLS);
    const wrong = verdicts.filter((v) => !v.correct).map((v) => `${v.id}: ${v.detail}`);
    expect(wrong).toEqual([]);
    const totals = corpusTotals(verdicts);
    expect(totals.wronglyExecuted).toBe(0);
    expect(totals.recoveredShare).toBeGreaterThanOrEqual(0.95);
  });

  it("Anthropic's protocol: the same argument shapes read through tool_use deltas", async () => {
    const cases = MALFORMED_CALLS.filter((c) => c.reply.calls && !c.reply.text);
    const server = await FakeAnthropicServer.start(byId(cases));
    const verdicts = await runCorpus("anthropic", server, cases);
    expect(verdicts.filter((v) => !v.correct).map((v) => `${v.id}: ${v.detail}`)).toEqual([]);
    expect(corpusTotals(verdicts).wronglyExecuted).toBe(0);
  });

  it("Ollama's native /api/chat: calls written as text in the message content", async () => {
    const cases = MALFORMED_CALLS.filter((c) => c.reply.text !== undefined);
    const server = await FakeOllamaServer.start(byId(cases));
    const verdicts = await runCorpus("ollama", server, cases);
    expect(verdicts.filter((v) => !v.correct).map((v) => `${v.id}: ${v.detail}`)).toEqual([]);
    expect(corpusTotals(verdicts).wronglyExecuted).toBe(0);
  });
});
