/**
 * Agent orchestration overhead, model latency excluded: a fake OpenAI-compatible server on
 * loopback answers instantly, and the same scripted conversation (R tool round trips, then an
 * answer) runs through
 *   - Jarvis: AgentService with the full gate, audit log and durable steps (SQLite), the real
 *     embedded NLU and the AI SDK provider;
 *   - LangGraph.js: the prebuilt ReAct agent with ChatOpenAI, tools called directly;
 *   - a baseline: the same HTTP exchanges with fetch and no framework at all.
 * Overhead per round trip = (time per round) − (baseline time per round). Also measured:
 * time-to-first-token overhead vs the fake server directly, and kill-switch latency.
 */
import { loadavg } from "node:os";
import { tool as langchainTool } from "@langchain/core/tools";
import { createReactAgent } from "@langchain/langgraph/prebuilt";
import { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import { AgentService } from "../src/agent/service.js";
import { createModelRouter, routeSdkWarnings } from "../src/brain/models/index.js";
import { silentLogger } from "../src/core/logger.js";
import { parametersFrom } from "../src/core/schema.js";
import { defineTool, ok } from "../src/core/tool.js";
import { FixedConfirmationBroker } from "../src/gate/confirm.js";
import { loadNlu } from "../src/runtime/agent.js";
import { createRuntime } from "../src/runtime/runtime.js";
import { type FakeReply, type RecordedRequest, reply } from "../src/testing/fake-llm-server.js";
import { FakeOpenAIServer } from "../src/testing/fake-openai-server.js";
import { createTempHome } from "../src/testing/home.js";
import { summarize, writeResult } from "./util.js";

const ROUNDS = 5; // tool round trips per conversation
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 40);
const TTFT_SAMPLES = Number(process.env.BENCH_TTFT ?? 150);
const KILL_SAMPLES = 30;

/** Tool calls until the conversation has ROUNDS tool results, then the answer. */
function script(request: RecordedRequest): FakeReply {
  const messages = request.body.messages as Array<{ role: string; content?: unknown }>;
  const last = messages.at(-1);
  if (typeof last?.content === "string" && last.content.startsWith("ttft"))
    return reply.text("Hello there, first token.");
  if (typeof last?.content === "string" && last.content.startsWith("hang"))
    return { text: "working", hang: true };
  const results = messages.filter((m) => m.role === "tool").length;
  if (results >= ROUNDS) return reply.text(`Done after ${results} lookups.`);
  return reply.call("bench_lookup", { key: `k${results}` });
}

const server = await FakeOpenAIServer.start(script);
const temp = createTempHome("jarvis-bench-agent-");
const env = {
  ...temp.env,
  JARVIS_MODEL_PROVIDER: "openai-compatible",
  JARVIS_MODEL_BASE_URL: server.url,
  JARVIS_MODEL: "fake",
};
const runtime = createRuntime({
  env,
  logger: silentLogger,
  tools: () => [
    defineTool<{ key: string }>({
      name: "bench_lookup",
      group: "bench",
      description: "Looks a key up.",
      parameters: parametersFrom(z.object({ key: z.string().max(40) })),
      effects: ["read"],
      risk: "safe",
      execute: async (args) => ok(`value of ${args.key}`),
    }),
  ],
});
routeSdkWarnings(silentLogger);
const agent = new AgentService({
  runtime,
  nlu: await loadNlu(runtime.registry.list(), silentLogger),
  models: await createModelRouter(runtime.config, env),
});
const broker = new FixedConfirmationBroker("deny");

async function jarvisConversation(): Promise<number> {
  const started = performance.now();
  const handle = agent.startTurn({ text: "look up the five keys for me please", source: "bench", broker });
  for await (const _ of handle.events) {
    // drain
  }
  const result = await handle.done;
  if (result.text !== `Done after ${ROUNDS} lookups.`)
    throw new Error(`jarvis: unexpected ${JSON.stringify(result)}`);
  return performance.now() - started;
}

const lookup = langchainTool(async ({ key }: { key: string }) => `value of ${key}`, {
  name: "bench_lookup",
  description: "Looks a key up.",
  schema: z.object({ key: z.string().max(40) }),
});
const langgraph = createReactAgent({
  // ChatOpenAI's default (non-streaming): in streaming mode it downloads tiktoken ranks to
  // estimate usage, which needs the network. Its baseline below is non-streaming too.
  llm: new ChatOpenAI({ model: "fake", apiKey: "not-needed", configuration: { baseURL: server.url } }),
  tools: [lookup],
});

async function langgraphConversation(): Promise<number> {
  const started = performance.now();
  const state = await langgraph.invoke({
    messages: [{ role: "user", content: "look up the five keys for me please" }],
  });
  const last = state.messages.at(-1)?.content;
  if (last !== `Done after ${ROUNDS} lookups.`)
    throw new Error(`langgraph: unexpected ${JSON.stringify(last)}`);
  return performance.now() - started;
}

/** The floor: the same exchanges with fetch (streamed or not), reading every byte, no framework. */
async function rawConversation(stream: boolean): Promise<number> {
  const started = performance.now();
  const messages: unknown[] = [{ role: "user", content: "look up the five keys for me please" }];
  for (let round = 0; round <= ROUNDS; round++) {
    const response = await fetch(`${server.url}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "fake", stream, messages }),
    });
    const text = await response.text();
    if (round < ROUNDS) {
      if (!text.includes("bench_lookup")) throw new Error("raw: expected a tool call");
      messages.push({
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: `c${round}`,
            type: "function",
            function: { name: "bench_lookup", arguments: `{"key":"k${round}"}` },
          },
        ],
      });
      messages.push({ role: "tool", tool_call_id: `c${round}`, content: `value of k${round}` });
    }
  }
  return performance.now() - started;
}

async function measure(fn: () => Promise<number>, n: number): Promise<number[]> {
  for (let i = 0; i < 5; i++) await fn(); // warm up
  const samples: number[] = [];
  for (let i = 0; i < n; i++) samples.push(await fn());
  return samples;
}

/** Time to the first content byte from the fake server, directly. */
async function rawTtft(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      model: "fake",
      stream: true,
      messages: [{ role: "user", content: "ttft please" }],
    }),
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let seen = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error("no content");
    seen += decoder.decode(value);
    if (seen.includes('"content":"Hello')) break;
  }
  const elapsed = performance.now() - started;
  await reader.cancel();
  return elapsed;
}

async function jarvisTtft(): Promise<number> {
  const started = performance.now();
  const handle = agent.startTurn({ text: "ttft please", source: "bench", broker });
  let elapsed = Number.NaN;
  for await (const event of handle.events) {
    if (event.type === "text_delta" && Number.isNaN(elapsed)) elapsed = performance.now() - started;
  }
  await handle.done;
  return elapsed;
}

async function killLatency(): Promise<number> {
  const handle = agent.startTurn({ text: "hang on", source: "bench", broker });
  for await (const event of handle.events) if (event.type === "text_delta") break;
  const started = performance.now();
  agent.kill(handle.runId);
  const result = await handle.done;
  if (result.status !== "cancelled") throw new Error("kill did not cancel");
  return performance.now() - started;
}

/** Interleaved so a busy machine slows every contender alike. */
async function interleaved(fns: Array<() => Promise<number>>, n: number): Promise<number[][]> {
  for (let i = 0; i < 5; i++) for (const fn of fns) await fn(); // warm up
  const samples = fns.map(() => [] as number[]);
  for (let i = 0; i < n; i++) for (const [k, fn] of fns.entries()) samples[k]!.push(await fn());
  return samples;
}

const perRound = (samples: number[]) => summarize(samples.map((ms) => ms / (ROUNDS + 1)));
const [rawStreamed, rawWhole, jarvisRuns, langRuns] = await interleaved(
  [() => rawConversation(true), () => rawConversation(false), jarvisConversation, langgraphConversation],
  CONVERSATIONS,
);
const raw = perRound(rawStreamed!);
const rawPlain = perRound(rawWhole!);
const jarvis = perRound(jarvisRuns!);
const lang = perRound(langRuns!);
const [ttftRawSamples, ttftJarvisSamples] = await interleaved([rawTtft, jarvisTtft], TTFT_SAMPLES);
const ttftRaw = summarize(ttftRawSamples!);
const ttftJarvis = summarize(ttftJarvisSamples!);
const kill = summarize(await measure(killLatency, KILL_SAMPLES));

const round3 = (x: number) => Math.round(x * 1000) / 1000;
const jarvisOverhead = round3(jarvis.p50 - raw.p50);
const langgraphOverhead = round3(lang.p50 - rawPlain.p50);
writeResult("agent", {
  description:
    "per model round trip (ms), fake OpenAI-compatible server on loopback answering instantly; overhead = per-round time minus the raw-fetch baseline of the same kind (Jarvis streams; LangGraph's ChatOpenAI default does not)",
  /** The run shares its cores with other work; absolute times scale with this, ratios much less. */
  load_average_1m_at_end: Math.round(loadavg()[0]! * 100) / 100,
  rounds_per_conversation: ROUNDS + 1,
  conversations: CONVERSATIONS,
  per_round_ms: {
    baseline_fetch_streamed: raw,
    baseline_fetch_whole: rawPlain,
    jarvis_full_gate_durable_streamed: jarvis,
    langgraph_prebuilt_react_whole: lang,
  },
  overhead_per_round_trip_ms_p50: { jarvis: jarvisOverhead, langgraph: langgraphOverhead },
  ratio_jarvis_to_langgraph: round3(jarvisOverhead / langgraphOverhead),
  target_ratio_at_most: 1,
  time_to_first_token_ms: {
    fake_server_direct: ttftRaw,
    jarvis_turn: ttftJarvis,
    overhead_p50: round3(ttftJarvis.p50 - ttftRaw.p50),
    target_overhead_at_most: 5,
  },
  kill_switch_ms: { ...kill, target_at_most: 200 },
});

await agent.close();
await runtime.close();
await server.close();
temp.cleanup();
