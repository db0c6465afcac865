import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { JarvisEvent } from "../../src/core/events.js";
import { parametersFrom } from "../../src/core/schema.js";
import { defineTool, ok } from "../../src/core/tool.js";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import {
  collect,
  FakeOllamaServer,
  FakeOpenAIServer,
  modelHarnessKit,
  probeTools,
  readProbeLog,
  reply,
} from "../../src/testing/index.js";

/**
 * The quirks of the servers people run small models on, each met by a fake speaking that
 * server's protocol over a real socket (see src/testing/openai-dialects.ts for what each one
 * does): the agent must work through every one of them, or say in one line what to fix.
 */
const kit = modelHarnessKit("jarvis-quirks-");
afterEach(() => kit.close());
const start = kit.start;

const deny = new FixedConfirmationBroker("deny");

/** A tool whose schema carries a pattern LM Studio cannot turn into a grammar (not `^…$`). */
const ticketTool = defineTool<{ code: string }>({
  name: "probe_ticket",
  group: "probe",
  description: "Test probe: looks up a ticket by its code.",
  parameters: parametersFrom(z.object({ code: z.string().regex(/[A-Z]{3}-\d+/) })),
  effects: ["read"],
  risk: "safe",
  execute: async (args) => ok(`ticket ${args.code} is open`),
});

/** The agent on a small local model served at `url`, with the probe tools and a ticket tool. */
function agentOn(provider: "openai-compatible" | "ollama", url: string) {
  return kit.agent(
    { JARVIS_MODEL_PROVIDER: provider, JARVIS_MODEL_BASE_URL: url, JARVIS_MODEL: "small-local" },
    { tools: (deps) => [...probeTools(deps), ticketTool] },
  );
}

const shownText = (events: JarvisEvent[]) =>
  events
    .filter((e) => e.type === "text_delta")
    .map((e) => (e.data as { text: string }).text)
    .join("");
const notices = (events: JarvisEvent[]) =>
  events.filter((e) => e.type === "notice").map((e) => (e.data as { message: string }).message);

describe("llama.cpp server (strict chat templates)", () => {
  it("keeps turns alternating through a nudge, reads a call written as text, and never shows reasoning", async () => {
    const fake = await start(
      FakeOpenAIServer.start(
        [
          reply.text(""),
          reply.text(
            '<think>The inbox first.</think><tool_call>\n{"name": "probe_read", "arguments": {"key": "inbox"}}\n</tool_call>',
            { chunkSize: 5 },
          ),
          reply.text("<think>It said hello.</think>The inbox says hello.", { chunkSize: 4 }),
        ],
        { dialect: "llamacpp" },
      ),
    );
    const { agent, temp } = await agentOn("openai-compatible", fake.url);
    const { events, result } = await collect(
      agent.startTurn({ text: "check my inbox", source: "test", broker: deny }),
    );
    expect(result).toMatchObject({ status: "finished", text: "The inbox says hello." });
    expect(readProbeLog(temp.jarvisHome)).toEqual(["read-start inbox", "read-end inbox"]);
    expect(shownText(events)).toBe("The inbox says hello.");
    // The nudge after the empty reply went out merged with the user's turn: the template accepted it
    expect(fake.requests).toHaveLength(3);
    const roles = (fake.requests[1]!.body.messages as Array<{ role: string }>).map((m) => m.role);
    expect(roles).toEqual(["system", "user"]);
    fake.assertDone();
  });

  it("alternates after a run that was stopped before it answered", async () => {
    const fake = await start(
      FakeOpenAIServer.start([{ text: "thinking…", hang: true }, reply.text("Here is the answer.")], {
        dialect: "llamacpp",
      }),
    );
    const { agent } = await agentOn("openai-compatible", fake.url);
    const first = agent.startTurn({ text: "a long question", source: "test", broker: deny });
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    agent.kill(first.runId);
    expect((await collect(first)).result.status).toBe("cancelled");
    const second = await collect(
      agent.startTurn({
        text: "never mind, a short one",
        sessionId: first.sessionId,
        source: "test",
        broker: deny,
      }),
    );
    expect(second.result).toMatchObject({ status: "finished", text: "Here is the answer." });
    const messages = fake.requests[1]!.body.messages as Array<{ role: string; content: string }>;
    expect(messages.map((m) => m.role)).toEqual(["system", "user"]);
    expect(messages[1]!.content).toContain("a long question");
  });
});

describe("LM Studio", () => {
  it("reads calls with empty ids and blank continuation names, and sends back a history and schemas it accepts", async () => {
    const fake = await start(
      FakeOpenAIServer.start(
        [
          { toolCalls: [{ name: "probe_ticket", arguments: { code: "ABC-12" }, id: "" }], chunkSize: 4 },
          reply.text("Ticket ABC-12 is open."),
        ],
        { dialect: "lmstudio" },
      ),
    );
    const { agent } = await agentOn("openai-compatible", fake.url);
    const { result } = await collect(
      agent.startTurn({ text: "is ABC-12 open", source: "test", broker: deny }),
    );
    expect(result).toMatchObject({ status: "finished", text: "Ticket ABC-12 is open." });
    const tools = JSON.stringify(fake.requests[0]!.body.tools);
    expect(tools).toContain("probe_ticket");
    expect(tools).not.toContain("pattern");
    const history = fake.requests[1]!.body.messages as Array<{
      role: string;
      tool_calls?: Array<{ id: string }>;
    }>;
    expect(history.find((m) => m.role === "assistant")?.tool_calls?.[0]?.id).toMatch(/\S/);
    fake.assertDone();
  });
});

describe("vLLM", () => {
  it("says in one line how to start the server when it has no tool parser, and the embedded brain answers", async () => {
    const fake = await start(FakeOpenAIServer.start([], { dialect: "vllm", autoToolChoice: false }));
    const { agent } = await agentOn("openai-compatible", fake.url);
    const { events, result } = await collect(
      agent.startTurn({ text: "do the thing", source: "test", broker: deny }),
    );
    expect(result.status).toBe("finished");
    expect(notices(events).some((n) => n.includes("--enable-auto-tool-choice"))).toBe(true);
    expect(fake.requests).toHaveLength(1); // a 400 is not retried
  });

  it("keeps reasoning out of the answer and reads calls whose type comes only on the first delta", async () => {
    const fake = await start(
      FakeOpenAIServer.start(
        [
          {
            reasoning: "The user wants the inbox.",
            toolCalls: [{ name: "probe_read", arguments: { key: "inbox" } }],
          },
          { reasoning: "Done reading.", text: "Read it." },
        ],
        { dialect: "vllm" },
      ),
    );
    const { agent, temp } = await agentOn("openai-compatible", fake.url);
    const { events, result } = await collect(
      agent.startTurn({ text: "read the inbox", source: "test", broker: deny }),
    );
    expect(result).toMatchObject({ status: "finished", text: "Read it." });
    expect(shownText(events)).toBe("Read it.");
    expect(readProbeLog(temp.jarvisHome)).toEqual(["read-start inbox", "read-end inbox"]);
  });
});

describe("Ollama's native /api/chat", () => {
  it("sends a call the server could not parse back to the model once; its second try runs", async () => {
    const fake = await start(
      FakeOllamaServer.start([
        {
          kind: "error",
          status: 500,
          body: {
            error: 'error parsing tool call: raw=\'{"key": "inbox"\', err=unexpected end of JSON input',
          },
        },
        {
          reasoning: "Try again, properly.",
          toolCalls: [{ name: "probe_read", arguments: { key: "inbox" } }],
        },
        reply.text("Done."),
      ]),
    );
    const { agent, temp } = await agentOn("ollama", fake.url);
    const { events, result } = await collect(
      agent.startTurn({ text: "read the inbox", source: "test", broker: deny }),
    );
    expect(result).toMatchObject({ status: "finished", text: "Done." });
    expect(readProbeLog(temp.jarvisHome)).toEqual(["read-start inbox", "read-end inbox"]);
    const retry = fake.requests[1]!.body.messages as Array<{ role: string; content: string }>;
    expect(retry.at(-1)?.content).toMatch(/could not read your tool call as JSON/);
    expect(shownText(events)).toBe("Done.");
    fake.assertDone();
  });

  it("stops after a second unreadable call in a row, in one line, with nothing run", async () => {
    const fake = await start(
      FakeOllamaServer.start([
        {
          kind: "error",
          status: 500,
          body: { error: "error parsing tool call: raw='{', err=unexpected end" },
        },
        {
          text: "",
          streamError: "error parsing tool call: raw='{\"key\":', err=unexpected end of JSON input",
        },
      ]),
    );
    const { agent, temp } = await agentOn("ollama", fake.url);
    const { result } = await collect(
      agent.startTurn({ text: "read the inbox", source: "test", broker: deny }),
    );
    expect(result.status).toBe("failed");
    expect(result.error?.code).toBe("MODEL_INVALID");
    expect(result.error?.message).toMatch(
      /^Stopped: .*could not be run twice in a row.*nothing was run on a guess\.$/,
    );
    expect(result.error?.message).not.toMatch(/\n/);
    expect(readProbeLog(temp.jarvisHome)).toEqual([]);
    fake.assertDone();
  });
});
