import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Nlu, NluContext, NluResult } from "../brain/nlu/types.js";
import { ManualClock } from "../core/clock.js";
import { parametersFrom } from "../core/schema.js";
import { defineTool, ok } from "../core/tool.js";
import { FixedConfirmationBroker } from "../gate/confirm.js";
import {
  type AgentHarness,
  collect,
  createAgentHarness,
  scriptedHarness,
  typesOf,
} from "../testing/agent-harness.js";
import { probeTools, readProbeLog } from "../testing/probe-tools.js";
import { ScriptedModel } from "../testing/scripted-model.js";
import { TableNlu } from "../testing/table-nlu.js";
import { NOT_SURE } from "./fast-path.js";

let harness: AgentHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const deny = new FixedConfirmationBroker("deny");
const approve = new FixedConfirmationBroker("approve");

const withModel = (...args: Parameters<typeof scriptedHarness>) => {
  harness = scriptedHarness(...args);
  return harness;
};

describe("context and limits", () => {
  it("offers a catalog that fits the model's budget whole, with tools_search and the plan tool", async () => {
    const other = defineTool({
      name: "music_play",
      group: "music",
      description: "plays music",
      parameters: parametersFrom(z.object({})),
      effects: ["ui"],
      risk: "safe",
      execute: async () => ok("playing"),
    });
    const model = new ScriptedModel([{ text: "a" }, { text: "b" }]);
    const nlu = new TableNlu({ "probe something": { kind: "question", confidence: 0.4, groups: ["probe"] } });
    withModel(model, nlu, { tools: (deps) => [...probeTools(deps), other] });
    await collect(harness!.agent.startTurn({ text: "probe something", source: "test", broker: deny }));
    const offered = [
      "music_play",
      "plan_update",
      "probe_danger",
      "probe_open",
      "probe_read",
      "probe_search",
      "probe_write",
      "tools_search",
    ];
    expect(model.calls[0]!.tools.sort()).toEqual(offered);
    await collect(harness!.agent.startTurn({ text: "anything else", source: "test", broker: deny }));
    expect(model.calls[1]!.tools.sort()).toEqual(offered);
  });

  it("ends a run that outlives its time limit (on the runtime's clock) with a clear message", async () => {
    const clock = new ManualClock(1_000);
    const model = new ScriptedModel([{ text: "thinking", hang: true }]);
    const { agent } = withModel(model, new TableNlu(), {
      clock,
      service: { limits: { quick: { ms: 150 } } },
    });
    const handle = agent.startTurn({ text: "think", source: "test", broker: deny });
    for await (const event of handle.events) {
      if (event.type !== "text_delta") continue;
      clock.advance(149);
      expect(agent.activeRuns()).toEqual([handle.runId]); // not yet
      clock.advance(1);
    }
    const result = await handle.done;
    expect(result.status).toBe("failed");
    expect(result.error).toEqual({
      code: "LIMIT_REACHED",
      message:
        "Stopped: this quick task reached its time limit of 150 ms. Ask me to continue, or split the task.",
    });
  });

  it("lets the plan raise the task's size: more rounds and a later deadline", async () => {
    const clock = new ManualClock(0);
    const plan = { steps: [{ title: "look around", status: "running" }], size: "medium" };
    const model = new ScriptedModel([
      { toolCalls: [{ name: "plan_update", args: plan }] },
      { toolCalls: [{ name: "probe_read", args: { key: "a" } }] },
      { text: "slow", hang: true },
    ]);
    const { agent } = withModel(model, new TableNlu(), {
      clock,
      service: { limits: { quick: { rounds: 2, ms: 100 }, medium: { rounds: 5, ms: 1_000 } } },
    });
    const handle = agent.startTurn({ text: "look around", source: "test", broker: deny });
    for await (const event of handle.events) {
      if (event.type !== "text_delta") continue;
      clock.advance(500); // past quick's deadline, within medium's
      expect(agent.activeRuns()).toEqual([handle.runId]);
      clock.advance(500);
    }
    const result = await handle.done;
    expect(result.error?.message).toMatch(/^Stopped: this medium task reached its time limit of 1 s/);
    expect(agent.getRun(result.runId)?.size).toBe("medium");
  });

  it("starts complex tasks on the heavy model when one is configured", async () => {
    const primary = new ScriptedModel([{ text: "from primary" }]);
    const heavy = new ScriptedModel([{ text: "from heavy" }]);
    harness = createAgentHarness({
      models: [
        { label: "scripted:primary", role: "primary", model: primary },
        { label: "scripted:heavy", role: "heavy", model: heavy },
      ],
    });
    const complex = await collect(
      harness.agent.startTurn({ text: "plan it", size: "complex", source: "test", broker: deny }),
    );
    expect(complex.result.text).toBe("from heavy");
    const quick = await collect(harness.agent.startTurn({ text: "hi", source: "test", broker: deny }));
    expect(quick.result.text).toBe("from primary");
  });
});

describe("dialog", () => {
  it("repeats the last answer when asked to, without a model", async () => {
    const nlu = new TableNlu({
      hello: { kind: "chat", reply: "Hi there!", confidence: 0.99 },
      "say that again": { kind: "dialog", dialog: "repeat", confidence: 0.95 },
    });
    harness = createAgentHarness({ nlu });
    const first = await collect(
      harness.agent.startTurn({ text: "say that again", source: "test", broker: deny }),
    );
    expect(first.result.text).toBe("I haven't said anything yet in this conversation.");
    const hello = await collect(
      harness.agent.startTurn({
        text: "hello",
        sessionId: first.result.sessionId,
        source: "test",
        broker: deny,
      }),
    );
    expect(hello.result.text).toBe("Hi there!");
    const again = await collect(
      harness.agent.startTurn({
        text: "say that again",
        sessionId: first.result.sessionId,
        source: "test",
        broker: deny,
      }),
    );
    expect(again.result.text).toBe("Hi there!");
  });
});

describe("slot filling without a model", () => {
  /** Asks for the key of a write, then reads the next utterance as that key. */
  const askingNlu: Nlu = {
    parse(text: string, context?: NluContext): NluResult {
      if (text === "cancel") return { text, kind: "dialog", dialog: "cancel", confidence: 0.95 };
      if (context?.pending)
        return {
          text,
          kind: "action",
          tool: context.pending.tool,
          args: { ...context.pending.args, key: text },
          confidence: 0.92,
        };
      if (text === "write something")
        return {
          text,
          kind: "action",
          tool: "probe_write",
          args: {},
          missing: ["key"],
          reply: "Which key?",
          confidence: 0.7,
        };
      return { text, kind: "unknown", confidence: 0 };
    },
  };

  it("asks for the missing value, runs the call with the answer, and never runs it incomplete", async () => {
    harness = createAgentHarness({ nlu: askingNlu });
    const { agent, temp } = harness;
    const ask = await collect(agent.startTurn({ text: "write something", source: "test", broker: approve }));
    expect(ask.result).toMatchObject({ status: "finished", text: "Which key?" });
    expect(typesOf(ask.events)).not.toContain("tool_proposed");
    expect(readProbeLog(temp.jarvisHome)).toEqual([]);
    const answer = await collect(
      agent.startTurn({ text: "alpha", sessionId: ask.result.sessionId, source: "test", broker: approve }),
    );
    expect(answer.result).toMatchObject({ status: "finished", text: "wrote alpha" });
    expect(readProbeLog(temp.jarvisHome)).toEqual(["write alpha"]);
    // Answered: the next utterance is not read as that value again
    const after = await collect(
      agent.startTurn({ text: "beta", sessionId: ask.result.sessionId, source: "test", broker: approve }),
    );
    expect(after.result.text).toBe(NOT_SURE);
    expect(readProbeLog(temp.jarvisHome)).toEqual(["write alpha"]);
  });

  it("drops the question when the user cancels", async () => {
    harness = createAgentHarness({ nlu: askingNlu });
    const { agent, temp } = harness;
    const ask = await collect(agent.startTurn({ text: "write something", source: "test", broker: approve }));
    const cancel = await collect(
      agent.startTurn({ text: "cancel", sessionId: ask.result.sessionId, source: "test", broker: approve }),
    );
    expect(cancel.result.text).toBe("Okay, never mind.");
    const later = await collect(
      agent.startTurn({ text: "gamma", sessionId: ask.result.sessionId, source: "test", broker: approve }),
    );
    expect(later.result.text).toBe(NOT_SURE);
    expect(readProbeLog(temp.jarvisHome)).toEqual([]);
  });
});
