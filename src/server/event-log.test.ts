import { describe, expect, it } from "vitest";
import type { JarvisEvent } from "../core/events.js";
import { EventLog, eventsFromRun } from "./event-log.js";
import { ServerMetrics } from "./metrics.js";
import type { RunDetail } from "./types.js";

let seq = 0;
function event(runId: string, type: JarvisEvent["type"], data: unknown, ts = 1_000): JarvisEvent {
  seq += 1;
  return { type, runId, seq, ts, data } as JarvisEvent;
}

describe("EventLog", () => {
  it("keeps runs in order, knows which still stream, and drops the oldest beyond its bound", () => {
    const log = new EventLog(2, 3);
    log.add(event("r1", "run_started", { input: "a", sessionId: "s1" }));
    log.add(event("r2", "run_started", { input: "b", sessionId: "s2" }));
    log.add(event("r1", "run_finished", { text: "ok" }));
    expect(log.active()).toEqual([{ runId: "r2", sessionId: "s2" }]);
    for (let i = 0; i < 5; i += 1) log.add(event("r2", "text_delta", { text: String(i) }));
    log.add(event("r2", "run_cancelled", { reason: "stop" }));
    expect(log.events("r2")?.map((e) => e.type)).toEqual([
      "run_started",
      "text_delta",
      "text_delta",
      "run_cancelled",
    ]);
    log.add(event("r3", "run_started", { input: "c" }));
    expect(log.events("r1")).toBeUndefined();
    expect(log.events("r3")).toHaveLength(1);
  });
});

describe("eventsFromRun", () => {
  it("rebuilds what the chat shows from a stored run", () => {
    const run: RunDetail = {
      id: "r",
      sessionId: "s",
      input: "delete x",
      source: "web",
      status: "finished",
      size: "quick",
      rounds: 1,
      stepCount: 2,
      result: "done",
      createdAt: 10,
      updatedAt: 30,
      finishedAt: 30,
      steps: [
        { seq: 1, round: 1, kind: "model", status: "done", sideEffect: false, startedAt: 10 },
        {
          seq: 2,
          round: 1,
          kind: "tool",
          status: "denied",
          callId: "c1",
          tool: "files_trash",
          args: { path: "x" },
          sideEffect: true,
          result: { status: "denied", observation: "DENIED USER_DENIED: no", code: "USER_DENIED" },
          startedAt: 12,
          endedAt: 20,
        },
      ],
    };
    const events = eventsFromRun(run);
    expect(events.map((e) => e.type)).toEqual([
      "run_started",
      "tool_proposed",
      "tool_finished",
      "run_finished",
    ]);
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(events[2]?.data).toMatchObject({ ok: false, error: { code: "USER_DENIED" }, durationMs: 8 });
    expect(events[3]?.data).toEqual({ text: "done" });
  });
});

describe("ServerMetrics", () => {
  it("counts decisions by tier and decision, tool latency by tool, and turn latency by outcome", async () => {
    const metrics = new ServerMetrics({ defaultMetrics: false });
    metrics.observe(event("m", "run_started", { input: "x" }, 1_000));
    metrics.observe(
      event("m", "tool_decided", { callId: "c", tool: "t", tier: "caution", decision: "notify", reason: "" }),
    );
    metrics.observe(
      event("m", "tool_decided", { callId: "d", tool: "u", tier: null, decision: "deny", reason: "" }),
    );
    metrics.observe(event("m", "tool_finished", { callId: "c", tool: "t", ok: true, durationMs: 40 }));
    metrics.observe(event("m", "run_finished", { text: "" }, 1_250));
    const text = await metrics.text();
    expect(text).toContain('jarvis_gate_decisions_total{tier="caution",decision="notify"} 1');
    expect(text).toContain('jarvis_gate_decisions_total{tier="none",decision="deny"} 1');
    expect(text).toContain('jarvis_tool_duration_seconds_sum{tool="t"} 0.04');
    expect(text).toContain('jarvis_tool_calls_total{tool="t",outcome="ok"} 1');
    expect(text).toContain('jarvis_turn_duration_seconds_sum{outcome="finished"} 0.25');
    expect(text).toContain("jarvis_active_runs 0");
  });
});
