import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Nlu, NluResult } from "../brain/nlu/types.js";
import type { JarvisEvent } from "../core/events.js";
import { MemoryHandleStore } from "../core/handles.js";
import { SequentialIds } from "../core/ids.js";
import { silentLogger } from "../core/logger.js";
import { parametersFrom } from "../core/schema.js";
import { defineTool, ok, type ToolDefinition } from "../core/tool.js";
import { FixedConfirmationBroker } from "../gate/confirm.js";
import { createRuntime, type Runtime } from "../runtime/runtime.js";
import { createTempHome, type TempHome } from "../testing/home.js";
import {
  agentTurnHandler,
  createNluTurnHandler,
  keywordDialogClassifier,
  nluDialogClassifier,
  type TurnChunk,
} from "./turn.js";

const table: Record<string, Omit<NluResult, "text">> = {
  "set a timer for five minutes": {
    kind: "action",
    tool: "timer_set",
    args: { duration_s: 300 },
    confidence: 0.95,
  },
  "clear my shopping list": {
    kind: "action",
    tool: "lists_clear",
    args: { list: "shopping" },
    confidence: 0.95,
  },
  "launch the rockets": { kind: "action", tool: "rockets_launch", args: {}, confidence: 0.9 },
  hello: { kind: "chat", reply: "Hello! How can I help?", confidence: 0.9 },
  "yes please": { kind: "dialog", dialog: "yes", confidence: 0.9 },
};
const fakeNlu: Nlu = {
  parse: (text) => ({ text, ...(table[text] ?? { kind: "unknown", confidence: 0 }) }),
};

function testTools(effects: string[]): () => ToolDefinition[] {
  return () => [
    defineTool<{ duration_s: number }>({
      name: "timer_set",
      group: "timers",
      description: "Set a timer.",
      parameters: parametersFrom(z.object({ duration_s: z.number().int().positive() })),
      effects: ["write"],
      risk: "safe",
      async execute(args) {
        effects.push(`timer ${args.duration_s}`);
        return ok(`Timer set for ${args.duration_s / 60} minutes.\n(id t1)`);
      },
    }),
    defineTool<{ list: string }>({
      name: "lists_clear",
      group: "lists",
      description: "Clear a list.",
      parameters: parametersFrom(z.object({ list: z.string() })),
      effects: ["delete"],
      risk: "dangerous",
      async execute(args) {
        effects.push(`cleared ${args.list}`);
        return ok(`Cleared the ${args.list} list.`);
      },
    }),
  ];
}

let home: TempHome | undefined;
let runtime: Runtime | undefined;
afterEach(async () => {
  await runtime?.close();
  home?.cleanup();
  runtime = undefined;
  home = undefined;
});

async function turn(text: string, answer: "approve" | "deny" = "approve") {
  home = createTempHome();
  const effects: string[] = [];
  runtime = createRuntime({
    env: home.env,
    tools: testTools(effects),
    logger: silentLogger,
    ids: new SequentialIds(),
  });
  const rt = runtime;
  const handler = createNluTurnHandler({
    nlu: fakeNlu,
    gate: rt.gate,
    handles: new MemoryHandleStore(),
    newRunId: () => rt.ids.next("run"),
  });
  const broker = new FixedConfirmationBroker(answer);
  const chunks: TurnChunk[] = [];
  for await (const chunk of handler.run({ text, signal: new AbortController().signal, broker }))
    chunks.push(chunk);
  const spoken = chunks
    .flatMap((c) => (c.type === "text" ? [c.text] : []))
    .join("")
    .trim();
  const events = chunks.flatMap((c) => (c.type === "event" ? [c.event.type] : []));
  return { spoken, events, effects, broker };
}

describe("createNluTurnHandler", () => {
  it("runs the parsed call through the gate and speaks its output", async () => {
    const result = await turn("set a timer for five minutes");
    expect(result.effects).toEqual(["timer 300"]);
    expect(result.spoken).toBe("Timer set for 5 minutes. (id t1).");
    expect(result.broker.seen).toHaveLength(0);
  });

  it("asks the broker for a dangerous call and does nothing when denied", async () => {
    const denied = await turn("clear my shopping list", "deny");
    expect(denied.broker.seen[0]).toMatchObject({ tool: "lists_clear", tier: "dangerous" });
    expect(denied.effects).toEqual([]);
    expect(denied.spoken).toBe("Okay, I didn't do that.");
    const approved = await turn("clear my shopping list", "approve");
    expect(approved.effects).toEqual(["cleared shopping"]);
    expect(approved.spoken).toBe("Cleared the shopping list.");
  });

  it("says when a tool is not available", async () => {
    const spoken = (await turn("launch the rockets")).spoken;
    expect(spoken).toBe("I can't do that yet.");
    expect(spoken).not.toContain("rockets_launch");
  });

  it("speaks chat replies and admits what it cannot do", async () => {
    expect((await turn("hello")).spoken).toBe("Hello! How can I help?");
    expect((await turn("write me a poem")).spoken).toMatch(/without a language model/);
  });
});

describe("dialog classifiers", () => {
  it.each([
    ["yes", "yes"],
    ["yeah sure", "yes"],
    ["go ahead", "yes"],
    ["no", "no"],
    ["nope", "no"],
    ["cancel", "cancel"],
    ["never mind", "cancel"],
    ["say that again", "repeat"],
    ["the weather is nice", undefined],
    ["", undefined],
  ])("keywords: %j → %s", (text, expected) => {
    expect(keywordDialogClassifier.classify(text)).toBe(expected);
  });

  it("prefers the NLU's dialog kind, falling back to keywords", () => {
    const classifier = nluDialogClassifier(fakeNlu);
    expect(classifier.classify("yes please")).toBe("yes");
    expect(classifier.classify("nope")).toBe("no");
  });
});

describe("agentTurnHandler", () => {
  const event = (seq: number, e: Pick<JarvisEvent, "type" | "data">) =>
    ({ runId: "run_1", seq, ts: 0, ...e }) as JarvisEvent;

  it("speaks text deltas, passes other events on, says a failure, and cancels on barge-in", async () => {
    const cancelled: string[] = [];
    const controller = new AbortController();
    const sessions: Array<string | undefined> = [];
    const handler = agentTurnHandler((request) => ({
      sessionId: "ses_1",
      events: (async function* () {
        sessions.push(request.sessionId);
        yield event(1, { type: "run_started", data: { input: request.text, source: request.source } });
        yield event(2, { type: "text_delta", data: { text: "Hello " } });
        yield event(3, { type: "text_delta", data: { text: "there." } });
        yield event(4, { type: "run_failed", data: { code: "MODEL_FAILED", message: "the model is down" } });
        controller.abort();
        yield event(5, { type: "text_delta", data: { text: "never spoken" } });
      })(),
      cancel: (reason) => cancelled.push(reason),
    }));
    const chunks: TurnChunk[] = [];
    const broker = new FixedConfirmationBroker("deny");
    for await (const chunk of handler.run({ text: "hi", signal: controller.signal, broker }))
      chunks.push(chunk);
    expect(chunks.map((c) => (c.type === "text" ? c.text : c.event.type))).toEqual([
      "run_started",
      "Hello ",
      "there.",
      "run_failed",
      "Sorry, that failed: the model is down.",
    ]);
    expect(cancelled).toEqual(["interrupted by the user"]);
    // The next voice turn continues the same conversation.
    for await (const _ of handler.run({ text: "and then?", signal: new AbortController().signal, broker }))
      break;
    expect(sessions).toEqual([undefined, "ses_1"]);
  });
});
