import { afterEach, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../gate/confirm.js";
import { type AgentHarness, collect, createAgentHarness, typesOf } from "../testing/agent-harness.js";
import { probeTools, readProbeLog } from "../testing/probe-tools.js";
import { TableNlu } from "../testing/table-nlu.js";

let harness: AgentHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** A reading just below the fast path (0.9), above the middle band's floor (0.6). */
const unsure = new TableNlu({
  "scribble x": {
    kind: "action",
    tool: "probe_write",
    args: { key: "x" },
    confidence: 0.8,
    summary: "Write down x",
  },
  "scribble y": {
    kind: "action",
    tool: "probe_write",
    args: { key: "y" },
    confidence: 0.4,
    summary: "Write down y",
  },
  "wipe it": {
    kind: "action",
    tool: "probe_danger",
    args: { key: "x" },
    confidence: 0.8,
    summary: "Delete x",
  },
});

describe("the middle band", () => {
  it("asks the action itself as a yes/no question; yes runs it through the gate", async () => {
    harness = createAgentHarness({ nlu: unsure, tools: (deps) => probeTools(deps) });
    const broker = new FixedConfirmationBroker("approve");
    const { events, result } = await collect(
      harness.agent.startTurn({ text: "scribble x", source: "test", broker }),
    );
    expect(broker.seen).toHaveLength(1);
    // The reading is the question; nothing more to preview (the gate asks on its own when it must)
    expect(broker.seen[0]).toMatchObject({ ask: "Write down x?", preview: "", tool: "probe_write" });
    expect(broker.seen[0]?.why).toMatch(/not sure I understood/);
    expect(result).toMatchObject({ status: "finished", text: "wrote x" });
    expect(readProbeLog(harness.temp.jarvisHome)).toEqual(["write x"]);
    expect(typesOf(events)).toContain("confirm_requested");
    expect(typesOf(events).indexOf("confirm_resolved")).toBeLessThan(typesOf(events).indexOf("tool_started"));
  });

  it("drops the call on no, and says so without naming the tool", async () => {
    harness = createAgentHarness({ nlu: unsure, tools: (deps) => probeTools(deps) });
    const broker = new FixedConfirmationBroker("deny");
    const { result } = await collect(harness.agent.startTurn({ text: "scribble x", source: "test", broker }));
    expect(result).toMatchObject({ status: "finished", text: "Okay, I won't." });
    expect(readProbeLog(harness.temp.jarvisHome)).toEqual([]);
  });

  it("asks nothing below the floor: it is not a reading, only a guess", async () => {
    harness = createAgentHarness({ nlu: unsure, tools: (deps) => probeTools(deps) });
    const broker = new FixedConfirmationBroker("approve");
    const { result } = await collect(harness.agent.startTurn({ text: "scribble y", source: "test", broker }));
    expect(broker.seen).toHaveLength(0);
    expect(result.status === "finished" ? result.text : "").not.toMatch(/probe_/);
    expect(readProbeLog(harness.temp.jarvisHome)).toEqual([]);
  });

  it("lets the gate's own confirmation be the only question for a call it asks about anyway", async () => {
    harness = createAgentHarness({ nlu: unsure, tools: (deps) => probeTools(deps) });
    const broker = new FixedConfirmationBroker("approve");
    await collect(harness.agent.startTurn({ text: "wipe it", source: "test", broker }));
    expect(readProbeLog(harness.temp.jarvisHome)).toEqual(["danger x"]);
    // One question, the gate's (with the tool's own preview), not the middle band's and then the gate's
    expect(broker.seen).toHaveLength(1);
    expect(broker.seen[0]?.preview).not.toBe("Delete x?");
  });
});
