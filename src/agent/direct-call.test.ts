import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { parametersFrom } from "../core/schema.js";
import { defineTool, fail } from "../core/tool.js";
import { FixedConfirmationBroker } from "../gate/confirm.js";
import { type AgentHarness, collect, createAgentHarness, typesOf } from "../testing/agent-harness.js";
import { probeTools, readProbeLog } from "../testing/probe-tools.js";

let harness: AgentHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const approve = new FixedConfirmationBroker("approve");
const deny = new FixedConfirmationBroker("deny");
const DEAD_PID = 2 ** 22 + 12_345;

const broken = defineTool<{ what: string }>({
  name: "probe_broken",
  group: "probe",
  description: "Test probe: always fails.",
  parameters: parametersFrom(z.object({ what: z.string() })),
  effects: ["write"],
  risk: "safe",
  async execute() {
    return fail("TOOL_FAILED", "the disk is full", "free some space");
  },
});

function open(): AgentHarness {
  harness = createAgentHarness({ tools: (deps) => [...probeTools(deps), broken] });
  return harness;
}

describe("a call the person made (a button, `jarvis tools call`)", () => {
  it("is a run of its own: one proposal, one gated call, audited, in the session, answered in words", async () => {
    const { agent, runtime, temp } = open();
    const { events, result } = await collect(
      agent.startCall({
        tool: "probe_write",
        args: { key: "button" },
        input: "Write button",
        source: "web",
        broker: deny,
      }),
    );
    expect(result).toMatchObject({ status: "finished", text: "wrote button" });
    expect(result.calls).toEqual([
      expect.objectContaining({
        tool: "probe_write",
        status: "ok",
        decision: "notify",
        message: "wrote button",
      }),
    ]);
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
    expect(readProbeLog(temp.jarvisHome)).toEqual(["write button"]);
    const run = agent.getRun(result.runId)!;
    expect(run).toMatchObject({ status: "finished", mode: "direct", model: "user", source: "web" });
    expect(run.steps.map((s) => `${s.kind}:${s.status}`)).toEqual(["model:done", "tool:done"]);
    expect(runtime.audit.list({ runId: result.runId }).map((e) => e.stage)).toEqual(["decision", "result"]);
    expect(agent.history(result.sessionId).map((m) => m.text)).toEqual(["Write button", "wrote button"]);
  });

  it("says what did not happen in the person's words, and is listed as denied", async () => {
    const { agent, temp } = open();
    const { result } = await collect(
      agent.startCall({
        tool: "probe_danger",
        args: { key: "x" },
        input: "Danger x",
        source: "web",
        broker: deny,
        doing: "do the dangerous thing",
      }),
    );
    expect(result).toMatchObject({ status: "finished", text: "Okay, I didn't do the dangerous thing." });
    expect(result.calls[0]).toMatchObject({ status: "denied", code: "USER_DENIED" });
    expect(agent.getRun(result.runId)?.status).toBe("denied");
    expect(agent.listRuns({ status: "denied" }).map((r) => r.id)).toEqual([result.runId]);
    expect(agent.listRuns({ status: "finished" })).toEqual([]);
    expect(readProbeLog(temp.jarvisHome)).toEqual([]);
  });

  it("fails when the call failed, with its code and the fix in one sentence", async () => {
    const { agent } = open();
    const { events, result } = await collect(
      agent.startCall({
        tool: "probe_broken",
        args: { what: "a" },
        input: "Break a",
        source: "cli",
        broker: approve,
      }),
    );
    expect(result).toMatchObject({
      status: "failed",
      error: { code: "TOOL_FAILED", message: "That didn't work: the disk is full. Free some space." },
    });
    expect(typesOf(events)).not.toContain("text_delta");
    expect(agent.getRun(result.runId)?.status).toBe("failed");
  });

  it("with `detail` (the person wrote the call) says exactly what was wrong with it", async () => {
    const { agent } = open();
    const call = { tool: "probe_write", args: { key: 5 }, input: "probe_write {key: 5}", source: "cli" };
    const vague = await collect(agent.startCall({ ...call, broker: approve }));
    expect(vague.result.text).toMatch(/I got the details of the request wrong/);
    const exact = await collect(agent.startCall({ ...call, broker: approve, detail: true }));
    expect(exact.result.text).toMatch(/^I couldn't do that: .*key/);
    expect(exact.result.calls[0]).toMatchObject({ status: "refused", code: "ARGS_INVALID" });
  });

  it("resumes like any run after a crash, without a model", async () => {
    const { agent, temp } = open();
    const { runs, sessions } = agent.deps;
    sessions.create("ses_d", "web");
    runs.create({
      id: "run_d",
      sessionId: "ses_d",
      input: "Write d",
      source: "web",
      size: "quick",
      pid: DEAD_PID,
    });
    runs.update("run_d", { mode: "direct" });
    const toolCalls = [{ id: "c1", name: "probe_write", input: { key: "d" } }];
    runs.startStep("run_d", { seq: 1, round: 1, kind: "model", status: "started" });
    runs.updateStep("run_d", 1, "done", { text: "", toolCalls, model: "user", doing: "write d" });
    runs.startStep("run_d", {
      seq: 2,
      round: 1,
      kind: "tool",
      status: "pending",
      callId: "c1",
      tool: "probe_write",
      args: { key: "d" },
    });
    expect(agent.getRun("run_d")?.status).toBe("interrupted");
    const { result } = await collect(agent.resume("run_d", deny));
    expect(result).toMatchObject({ status: "finished", text: "wrote d" });
    expect(readProbeLog(temp.jarvisHome)).toEqual(["write d"]);
  });
});
