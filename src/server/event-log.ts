import type { JarvisEvent } from "../core/events.js";
import type { Decision, RiskTier } from "../core/tool.js";
import type { RunDetail } from "./types.js";

const TERMINAL = new Set(["run_finished", "run_failed", "run_cancelled"]);

export function isTerminal(event: JarvisEvent): boolean {
  return TERMINAL.has(event.type);
}

interface RunEvents {
  sessionId?: string;
  events: JarvisEvent[];
  ended: boolean;
}

/**
 * The events of recent runs, kept in memory so a reloaded page (or a second tab) sees a run
 * exactly as it streamed. Bounded: the oldest runs are dropped first; one run keeps at most
 * `maxEventsPerRun` events (its end is always kept).
 */
export class EventLog {
  private readonly runs = new Map<string, RunEvents>();

  constructor(
    private readonly maxRuns = 200,
    private readonly maxEventsPerRun = 10_000,
  ) {}

  add(event: JarvisEvent): void {
    let run = this.runs.get(event.runId);
    if (!run) {
      run = { events: [], ended: false };
      this.runs.set(event.runId, run);
      while (this.runs.size > this.maxRuns) {
        const oldest = this.runs.keys().next().value;
        if (oldest === undefined) break;
        this.runs.delete(oldest);
      }
    }
    if (event.type === "run_started") {
      run.sessionId = event.data.sessionId;
      run.ended = false; // a resumed run starts again
    }
    if (isTerminal(event)) run.ended = true;
    if (run.events.length < this.maxEventsPerRun || isTerminal(event)) run.events.push(event);
  }

  events(runId: string): JarvisEvent[] | undefined {
    return this.runs.get(runId)?.events.slice();
  }

  /** Runs still streaming, with their session. */
  active(): Array<{ runId: string; sessionId?: string }> {
    const out: Array<{ runId: string; sessionId?: string }> = [];
    for (const [runId, run] of this.runs) {
      if (!run.ended) out.push({ runId, ...(run.sessionId ? { sessionId: run.sessionId } : {}) });
    }
    return out;
  }
}

const STEP_OK = new Set(["done"]);

/**
 * Events rebuilt from a stored run (one that ran before this server started): enough for the
 * chat to show its input, tool cards (with the gate's decision, stored with each step) and answer.
 */
export function eventsFromRun(run: RunDetail): JarvisEvent[] {
  const events: JarvisEvent[] = [];
  let seq = 0;
  const push = (type: JarvisEvent["type"], data: unknown, ts: number) => {
    seq += 1;
    events.push({ type, data, runId: run.id, seq, ts } as JarvisEvent);
  };
  push("run_started", { input: run.input, sessionId: run.sessionId, source: run.source }, run.createdAt);
  for (const step of run.steps) {
    if (step.kind !== "tool" || !step.callId || !step.tool) continue;
    const result = (step.result ?? {}) as {
      message?: string;
      output?: string;
      code?: string;
      tier?: RiskTier | null;
      decision?: Decision | null;
      reason?: string;
    };
    push("tool_proposed", { callId: step.callId, tool: step.tool, args: step.args ?? {} }, step.startedAt);
    if (result.decision) {
      const { tier = null, decision, reason = "" } = result;
      push("tool_decided", { callId: step.callId, tool: step.tool, tier, decision, reason }, step.startedAt);
    }
    if (step.status === "pending" || step.status === "running") {
      push("tool_started", { callId: step.callId, tool: step.tool }, step.startedAt);
      continue;
    }
    const ok = STEP_OK.has(step.status);
    push(
      "tool_finished",
      {
        callId: step.callId,
        tool: step.tool,
        ok,
        output: result.output ?? "",
        ...(ok
          ? {}
          : {
              error: {
                code: result.code ?? step.status.toUpperCase(),
                message: result.message ?? step.status,
              },
            }),
        durationMs: (step.endedAt ?? step.startedAt) - step.startedAt,
      },
      step.endedAt ?? step.startedAt,
    );
  }
  const end = run.finishedAt ?? run.updatedAt;
  if (run.status === "finished" || run.status === "denied") {
    push("run_finished", { text: run.result ?? "" }, end);
  } else if (run.status === "failed") {
    push("run_failed", run.error ?? { code: "INTERNAL", message: "failed" }, end);
  } else if (run.status === "cancelled") {
    push("run_cancelled", { reason: run.error?.message ?? "cancelled" }, end);
  }
  return events;
}
