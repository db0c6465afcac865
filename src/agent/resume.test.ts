import { afterEach, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../gate/confirm.js";
import { type AgentHarness, collect, createAgentHarness } from "../testing/agent-harness.js";
import { readProbeLog } from "../testing/probe-tools.js";
import { ScriptedModel } from "../testing/scripted-model.js";
import { TableNlu } from "../testing/table-nlu.js";

let harness: AgentHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const DEAD_PID = 2 ** 22 + 12_345; // above pid_max defaults: no such process

/** Writes the store as a process killed mid-run would have left it. */
function crashedRun(
  h: AgentHarness,
  tools: Array<{ key: string; status: "done" | "running" | "pending"; tool?: string }>,
) {
  const { runs, sessions } = h.agent.deps;
  const session = sessions.create("ses_crash", "cli");
  runs.create({
    id: "run_crash",
    sessionId: session.id,
    input: "do a and b",
    source: "cli",
    size: "quick",
    pid: DEAD_PID,
  });
  runs.update("run_crash", { mode: "model", lastSeq: 7 });
  sessions.appendMessage(session.id, "run_crash", "user", "do a and b");
  const toolCalls = tools.map((t, i) => ({
    id: `c${i}`,
    name: t.tool ?? "probe_write",
    input: { key: t.key },
  }));
  runs.startStep("run_crash", { seq: 1, round: 1, kind: "model", status: "started" });
  runs.updateStep("run_crash", 1, "done", { text: "", toolCalls, model: "scripted:a" });
  tools.forEach((t, i) => {
    const name = t.tool ?? "probe_write";
    runs.startStep("run_crash", {
      seq: i + 2,
      round: 1,
      kind: "tool",
      status: "pending",
      callId: `c${i}`,
      tool: name,
      args: { key: t.key },
      sideEffect: name !== "probe_read",
    });
    if (t.status === "running") runs.updateStep("run_crash", i + 2, "running", undefined, false);
    if (t.status === "done")
      runs.updateStep("run_crash", i + 2, "done", {
        status: "ok",
        observation: `wrote ${t.key}`,
        output: `wrote ${t.key}`,
      });
  });
}

describe("resume", () => {
  it("shows the run interrupted, replays finished steps, and does not repeat an uncertain side effect", async () => {
    const model = new ScriptedModel([{ text: "a is done; b may need checking" }]);
    harness = createAgentHarness({
      models: [{ label: "scripted:a", role: "primary", model }],
      nlu: new TableNlu(),
    });
    crashedRun(harness, [
      { key: "a", status: "done" },
      { key: "b", status: "running" },
    ]);
    const { agent, temp } = harness;
    expect(agent.listRuns()[0]).toMatchObject({ id: "run_crash", status: "interrupted" });
    const { events, result } = await collect(agent.resume("run_crash", new FixedConfirmationBroker("deny")));
    expect(result).toMatchObject({ status: "finished", text: "a is done; b may need checking" });
    expect(readProbeLog(temp.jarvisHome)).toEqual([]); // a not re-run, b not repeated
    expect(model.calls[0]!.toolResults).toEqual([
      "wrote a",
      expect.stringMatching(
        /^UNCERTAIN: probe_write was interrupted while running.*chose not to run it again/,
      ),
    ]);
    expect(events[0]).toMatchObject({ type: "run_started", seq: 8, data: { source: "resume" } });
    expect(events.some((e) => e.type === "confirm_requested" && e.data.tool === "probe_write")).toBe(true);
    const run = agent.getRun("run_crash")!;
    expect(run.status).toBe("denied"); // finished, and the user said no to running b again
    expect(run.steps.find((s) => s.callId === "c1")?.status).toBe("uncertain");
    expect(() => agent.resume("run_crash", new FixedConfirmationBroker("deny"))).toThrow(
      /already ended \(denied\)/,
    );
  });

  it("runs an uncertain step again only when the user says so, and re-runs steps that never started", async () => {
    const model = new ScriptedModel([{ text: "done" }]);
    harness = createAgentHarness({ models: [{ label: "scripted:a", role: "primary", model }] });
    crashedRun(harness, [
      { key: "a", status: "running" },
      { key: "b", status: "pending" },
      { key: "c", status: "running", tool: "probe_read" },
    ]);
    const { result } = await collect(
      harness.agent.resume("run_crash", new FixedConfirmationBroker("approve")),
    );
    expect(result.status).toBe("finished");
    expect(readProbeLog(harness.temp.jarvisHome)).toEqual([
      "write a",
      "write b",
      "read-start c",
      "read-end c",
    ]);
    expect(model.calls[0]!.toolResults).toEqual(["wrote a", "wrote b", "value of c"]);
  });

  it("resumes a fast-path run without a model, answering from the tool outputs", async () => {
    harness = createAgentHarness();
    crashedRun(harness, [
      { key: "a", status: "done" },
      { key: "b", status: "pending" },
    ]);
    harness.agent.deps.runs.updateStep("run_crash", 1, "done", {
      text: "",
      toolCalls: [
        { id: "c0", name: "probe_write", input: { key: "a" } },
        { id: "c1", name: "probe_write", input: { key: "b" } },
      ],
      model: "embedded",
    });
    const { result } = await collect(harness.agent.resume("run_crash", new FixedConfirmationBroker("deny")));
    expect(result).toMatchObject({ status: "finished", text: "wrote a\nwrote b" });
    expect(readProbeLog(harness.temp.jarvisHome)).toEqual(["write b"]);
  });

  it("refuses to resume unknown or live runs", async () => {
    harness = createAgentHarness({
      models: [{ label: "m", role: "primary", model: new ScriptedModel([{ text: "x", hang: true }]) }],
    });
    const { agent } = harness;
    expect(() => agent.resume("run_nope", new FixedConfirmationBroker("deny"))).toThrow(/no run run_nope/);
    const live = agent.startTurn({
      text: "hang",
      source: "test",
      broker: new FixedConfirmationBroker("deny"),
    });
    expect(() => agent.resume(live.runId, new FixedConfirmationBroker("deny"))).toThrow(/still running/);
    agent.kill(live.runId);
    await live.done;
  });
});

describe("sessions", () => {
  it("keeps handles across turns so a follow-up can use them", async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ name: "probe_search", args: { query: "pizza near me" } }] },
      { text: "Luigi's Pizza (#u1) is closest." },
      (seen) => {
        const system = seen.prompt.find((m) => m.role === "system");
        const knowsHandle =
          typeof system?.content === "string" && system.content.includes("#u1 Luigi's Pizza");
        return {
          toolCalls: [{ name: "probe_open", args: { url: knowsHandle ? "#u1" : "https://guess.example/" } }],
        };
      },
      { text: "Opened their website." },
    ]);
    const nlu = new TableNlu();
    harness = createAgentHarness({ models: [{ label: "scripted:a", role: "primary", model }], nlu });
    const { agent, temp } = harness;
    const first = await collect(
      agent.startTurn({
        text: "find a pizza place near me",
        source: "test",
        broker: new FixedConfirmationBroker("deny"),
      }),
    );
    const second = await collect(
      agent.startTurn({
        text: "open their website",
        sessionId: first.result.sessionId,
        source: "test",
        broker: new FixedConfirmationBroker("deny"),
      }),
    );
    expect(second.result).toMatchObject({ status: "finished", text: "Opened their website." });
    expect(readProbeLog(temp.jarvisHome)).toEqual(["open https://luigis.example/"]);
    expect(nlu.seen.at(-1)?.context?.handles?.map((h) => h.handle)).toEqual(["#u1", "#u2"]);
    expect(agent.history(first.result.sessionId).map((m) => `${m.role}: ${m.text}`)).toEqual([
      "user: find a pizza place near me",
      "assistant: Luigi's Pizza (#u1) is closest.",
      "user: open their website",
      "assistant: Opened their website.",
    ]);
  });

  it("fans events out to every subscriber", async () => {
    harness = createAgentHarness({
      models: [{ label: "m", role: "primary", model: new ScriptedModel([{ text: "hi" }]) }],
    });
    const { agent } = harness;
    const a = agent.subscribe();
    const b = agent.subscribe({ types: ["run_finished"] });
    const handle = agent.startTurn({
      text: "hello",
      source: "test",
      broker: new FixedConfirmationBroker("deny"),
    });
    const own = await collect(handle);
    const seenA: string[] = [];
    for await (const event of a) {
      seenA.push(event.type);
      if (event.type === "run_finished") break;
    }
    const seenB: string[] = [];
    for await (const event of b) {
      seenB.push(event.type);
      break;
    }
    expect(seenA).toEqual(own.events.map((e) => e.type));
    expect(seenB).toEqual(["run_finished"]);
  });
});
