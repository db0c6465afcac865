import { afterEach, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../gate/confirm.js";
import {
  type AgentHarness,
  collect,
  createAgentHarness,
  scriptedHarness,
  typesOf,
} from "../testing/agent-harness.js";
import { readProbeLog } from "../testing/probe-tools.js";
import { ScriptedModel } from "../testing/scripted-model.js";
import { TableNlu } from "../testing/table-nlu.js";
import { NO_MODEL_QUESTION, NOT_SURE } from "./fast-path.js";

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

describe("routing", () => {
  it("runs a confident NLU action through the gate with no model round trip", async () => {
    const model = new ScriptedModel([]);
    const nlu = new TableNlu({
      "write x": { kind: "action", tool: "probe_write", args: { key: "x" }, confidence: 0.97 },
    });
    const { agent, temp } = withModel(model, nlu);
    const { events, result } = await collect(
      agent.startTurn({ text: "write x", source: "test", broker: deny }),
    );
    expect(result).toMatchObject({ status: "finished", text: "wrote x" });
    expect(model.calls).toHaveLength(0);
    expect(typesOf(events)).toEqual([
      "run_started",
      "tool_proposed",
      "tool_decided",
      "tool_started",
      "tool_finished",
      "notice", // done without asking: told after it ran, in words
      "text_delta",
      "run_finished",
    ]);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(readProbeLog(temp.jarvisHome)).toEqual(["write x"]);
    expect(agent.getRun(result.runId)).toMatchObject({ status: "finished", mode: "fast" });
  });

  it("answers honestly without a model: questions need one, unknown input is not understood", async () => {
    const nlu = new TableNlu({ "why is the sky blue": { kind: "question", confidence: 0.9 } });
    harness = createAgentHarness({ nlu });
    const question = await collect(
      harness.agent.startTurn({ text: "why is the sky blue", source: "test", broker: deny }),
    );
    expect(question.result).toMatchObject({ status: "finished", text: NO_MODEL_QUESTION });
    const unknown = await collect(
      harness.agent.startTurn({ text: "flibber the jabber", source: "test", broker: deny }),
    );
    expect(unknown.result).toMatchObject({ status: "finished", text: NOT_SURE });
  });

  it("refuses empty input and unknown sessions without creating a run", () => {
    harness = createAgentHarness();
    const { agent } = harness;
    expect(() => agent.startTurn({ text: "   ", source: "test", broker: deny })).toThrow(/USAGE|empty/);
    expect(() =>
      agent.startTurn({ text: "hi", sessionId: "ses_nope", source: "test", broker: deny }),
    ).toThrow(/no session/);
    expect(agent.listRuns()).toEqual([]);
  });

  it("falls back to the next model, then to the embedded brain, saying so", async () => {
    const broken = new ScriptedModel([{ error: { status: 500 } }, { error: { status: 500 } }]);
    const good = new ScriptedModel([{ text: "from the fallback" }]);
    harness = createAgentHarness({
      models: [
        { label: "scripted:broken", role: "primary", model: broken },
        { label: "scripted:good", role: "fallback", model: good },
      ],
    });
    const first = await collect(
      harness.agent.startTurn({ text: "hello there", source: "test", broker: deny }),
    );
    expect(first.result).toMatchObject({ status: "finished", text: "from the fallback" });
    const notices = first.events
      .filter((e) => e.type === "notice")
      .map((e) => (e.data as { message: string }).message);
    expect(notices.some((m) => m.includes("retrying"))).toBe(true);
    expect(notices.some((m) => m.includes("falling back to scripted:good"))).toBe(true);

    const down = new ScriptedModel([{ error: { message: "connect ECONNREFUSED" } }]);
    await harness.close();
    harness = createAgentHarness({
      models: [{ label: "scripted:down", role: "primary", model: down }],
      nlu: new TableNlu({ "what's up": { kind: "question", confidence: 0.5 } }),
    });
    const second = await collect(
      harness.agent.startTurn({ text: "what's up", source: "test", broker: deny }),
    );
    expect(second.result.status).toBe("finished");
    expect(second.result.text).toMatch(/I need a language model for that, and none answered/);
    expect(second.events.some((e) => e.type === "notice" && e.data.message.includes("embedded brain"))).toBe(
      true,
    );
  });

  it("waits for retry-after on a 429 and retries the same model", async () => {
    const model = new ScriptedModel([
      { error: { status: 429, headers: { "retry-after-ms": "30" } } },
      { text: "ok now" },
    ]);
    const { agent } = withModel(model);
    const { events, result } = await collect(agent.startTurn({ text: "hi", source: "test", broker: deny }));
    expect(result).toMatchObject({ status: "finished", text: "ok now" });
    expect(
      events.some((e) => e.type === "notice" && /rate limited; retrying in 30 ms/.test(e.data.message)),
    ).toBe(true);
    expect(model.calls).toHaveLength(2);
  });
});

describe("the model loop", () => {
  it("runs a multi-step task with a plan, streaming plan updates", async () => {
    const model = new ScriptedModel([
      {
        toolCalls: [
          {
            name: "plan_update",
            args: {
              steps: [
                { title: "read a", status: "running" },
                { title: "write b", status: "pending" },
              ],
            },
          },
        ],
      },
      { toolCalls: [{ name: "probe_read", args: { key: "a" } }] },
      { text: "writing", toolCalls: [{ name: "probe_write", args: { key: "b" } }] },
      { text: "All done: read a, wrote b." },
    ]);
    const { agent, temp } = withModel(model);
    const { events, result } = await collect(
      agent.startTurn({ text: "read a then write b", source: "test", broker: deny }),
    );
    expect(result).toMatchObject({ status: "finished", text: "All done: read a, wrote b." });
    const plan = events.find((e) => e.type === "plan_updated");
    expect(plan?.data).toEqual({
      steps: [
        { id: "1", title: "read a", status: "running" },
        { id: "2", title: "write b", status: "pending" },
      ],
    });
    expect(readProbeLog(temp.jarvisHome)).toEqual(["read-start a", "read-end a", "write b"]);
    expect(model.calls[2]?.toolResults.at(-1)).toBe("value of a");
    const run = agent.getRun(result.runId)!;
    expect(run.steps.map((s) => `${s.kind}:${s.status}`)).toEqual([
      "model:done",
      "tool:done",
      "model:done",
      "tool:done",
      "model:done",
      "tool:done",
      "model:done",
    ]);
    model.assertDone();
  });

  it("returns malformed, unknown, invalid and repeated calls to the model as readable errors, all audited", async () => {
    const model = new ScriptedModel([
      {
        toolCalls: [
          { name: "probe_nope", args: {} },
          { name: "probe_write", args: "{not json" },
          { name: "probe_write", args: { key: "y", colour: "red" } },
        ],
      },
      { toolCalls: [{ name: "probe_write", args: { key: "z" } }] },
      { toolCalls: [{ name: "probe_write", args: { key: "z" } }] },
      { text: "done" },
    ]);
    const { agent, temp, runtime } = withModel(model);
    const { result } = await collect(agent.startTurn({ text: "misbehave", source: "test", broker: deny }));
    expect(result).toMatchObject({ status: "finished", text: "done" });
    const seen = model.calls[1]!.toolResults;
    expect(seen[0]).toMatch(/^REFUSED TOOL_UNKNOWN: there is no tool named "probe_nope" \(call tools_search/);
    expect(seen[1]).toMatch(/^REFUSED ARGS_INVALID: the arguments of probe_write could not be read/);
    expect(seen[2]).toMatch(/^REFUSED ARGS_INVALID: probe_write: unexpected key "colour"/);
    expect(model.calls[3]!.toolResults.at(-1)).toMatch(/^REFUSED REPEATED_CALL: probe_write already ran/);
    expect(readProbeLog(temp.jarvisHome)).toEqual(["write z"]);
    const refused = runtime.audit
      .list({ runId: result.runId })
      .filter((e) => e.outcome.startsWith("refused:"));
    expect(refused.map((e) => e.outcome)).toEqual([
      "refused:TOOL_UNKNOWN",
      "refused:ARGS_INVALID",
      "refused:ARGS_INVALID",
      "refused:REPEATED_CALL",
    ]);
  });

  it("nudges after an empty answer and gives up after three", async () => {
    const model = new ScriptedModel([{ text: "" }, { text: "" }, { text: "" }]);
    const { agent } = withModel(model);
    const { result } = await collect(agent.startTurn({ text: "say nothing", source: "test", broker: deny }));
    expect(result).toMatchObject({ status: "failed", error: { code: "MODEL_INVALID" } });
    expect(model.calls).toHaveLength(3);
  });

  it("ends the run with a clear message at the round limit", async () => {
    const looping = () => ({ toolCalls: [{ name: "probe_read", args: { key: String(Math.random()) } }] });
    const model = new ScriptedModel([looping, looping, looping]);
    const { agent } = withModel(model, new TableNlu(), { service: { limits: { quick: { rounds: 2 } } } });
    const { events, result } = await collect(agent.startTurn({ text: "loop", source: "test", broker: deny }));
    expect(result.status).toBe("failed");
    expect(result.error?.code).toBe("LIMIT_REACHED");
    expect(result.error?.message).toMatch(/reached its limit of 2 model rounds/);
    expect(events.at(-1)?.type).toBe("run_failed");
    expect(model.calls).toHaveLength(2);
  });

  it("works around a denied call, and asks before a dangerous one", async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ name: "probe_danger", args: { key: "d" } }] },
      (seen) => ({
        text: seen.toolResults.at(-1)?.startsWith("DENIED USER_DENIED") ? "You said no, so I left it." : "?",
      }),
    ]);
    const { agent, temp } = withModel(model);
    const { events, result } = await collect(
      agent.startTurn({ text: "danger", source: "test", broker: deny }),
    );
    expect(result.text).toBe("You said no, so I left it.");
    expect(typesOf(events)).toContain("confirm_requested");
    expect(events.find((e) => e.type === "confirm_resolved")?.data).toMatchObject({ answer: "deny" });
    expect(readProbeLog(temp.jarvisHome)).toEqual([]);

    model.push({ toolCalls: [{ name: "probe_danger", args: { key: "e" } }] }, { text: "did it" });
    const approved = await collect(
      agent.startTurn({ text: "danger again", source: "test", broker: approve }),
    );
    expect(approved.result.text).toBe("did it");
    expect(readProbeLog(temp.jarvisHome)).toEqual(["danger e"]);
  });

  it("runs independent safe reads of one proposal in parallel", async () => {
    const model = new ScriptedModel([
      {
        toolCalls: [
          { name: "probe_read", args: { key: "a", delay_ms: 150 } },
          { name: "probe_read", args: { key: "b", delay_ms: 150 } },
        ],
      },
      { text: "both read" },
    ]);
    const { agent, temp } = withModel(model);
    await collect(agent.startTurn({ text: "read both", source: "test", broker: deny }));
    // Both started before either ended: they overlapped.
    expect(readProbeLog(temp.jarvisHome).slice(0, 2)).toEqual(["read-start a", "read-start b"]);
  });
});

describe("the kill switch", () => {
  it("stops a model stream and ends the run cancelled in the store and the audit log", async () => {
    const model = new ScriptedModel([{ text: "thinking...", hang: true }]);
    const { agent, runtime } = withModel(model);
    const handle = agent.startTurn({ text: "think forever", source: "test", broker: deny });
    for await (const event of agent.subscribe({ runId: handle.runId, types: ["text_delta"] })) {
      expect(event.data).toEqual({ text: "thinking..." });
      break;
    }
    expect(agent.kill(handle.runId)).toBe(1);
    const result = await handle.done;
    expect(result.status).toBe("cancelled");
    expect(agent.getRun(handle.runId)?.status).toBe("cancelled");
    expect(runtime.audit.list({ runId: handle.runId }).at(-1)).toMatchObject({
      tool: "agent_run",
      outcome: "cancelled",
    });
  });

  it("cancels an in-flight tool and starts nothing queued after it", async () => {
    const model = new ScriptedModel([
      {
        toolCalls: [
          { name: "probe_write", args: { key: "slow", delay_ms: 30_000 } },
          { name: "probe_write", args: { key: "after" } },
        ],
      },
    ]);
    const { agent, temp } = withModel(model);
    const handle = agent.startTurn({ text: "slow then after", source: "test", broker: deny });
    for await (const event of agent.subscribe({ runId: handle.runId, types: ["tool_started"] })) {
      if (event.type === "tool_started") break;
    }
    agent.kill();
    const { events, result } = await collect(handle);
    expect(result.status).toBe("cancelled");
    expect(readProbeLog(temp.jarvisHome)).toEqual(["write slow"]);
    expect(events.find((e) => e.type === "tool_finished")?.data).toMatchObject({
      ok: false,
      error: { code: "CANCELLED" },
    });
    expect(events.at(-1)?.type).toBe("run_cancelled");
  });
});
