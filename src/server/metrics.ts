import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { JarvisEvent } from "../core/events.js";

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/**
 * Prometheus metrics fed from the event stream (never from inside the gate): turn latency,
 * tool latency by tool, gate decisions by tier and decision, tool outcomes, confirmations.
 * One registry per server, so tests and several servers in one process do not collide.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  private readonly turnSeconds: Histogram<"outcome">;
  private readonly toolSeconds: Histogram<"tool">;
  private readonly decisions: Counter<"tier" | "decision">;
  private readonly toolOutcomes: Counter<"tool" | "outcome">;
  private readonly confirmations: Counter<"answer">;
  private readonly activeRuns: Gauge;
  private readonly startedAt = new Map<string, number>();

  constructor(options: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    this.turnSeconds = new Histogram({
      name: "jarvis_turn_duration_seconds",
      help: "Time from run_started to the run's end, by how it ended",
      labelNames: ["outcome"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.toolSeconds = new Histogram({
      name: "jarvis_tool_duration_seconds",
      help: "Tool execution time (tool_started to tool_finished), by tool",
      labelNames: ["tool"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.decisions = new Counter({
      name: "jarvis_gate_decisions_total",
      help: "Gate decisions by risk tier (none = refused before risk) and decision",
      labelNames: ["tier", "decision"],
      registers,
    });
    this.toolOutcomes = new Counter({
      name: "jarvis_tool_calls_total",
      help: "Finished tool calls by tool and outcome (ok or the error code)",
      labelNames: ["tool", "outcome"],
      registers,
    });
    this.confirmations = new Counter({
      name: "jarvis_confirmations_total",
      help: "Confirmation answers (approve, approve_session, deny, timeout)",
      labelNames: ["answer"],
      registers,
    });
    this.activeRuns = new Gauge({ name: "jarvis_active_runs", help: "Runs in flight", registers });
    if (options.defaultMetrics !== false)
      collectDefaultMetrics({ register: this.registry, prefix: "jarvis_" });
  }

  observe(event: JarvisEvent): void {
    switch (event.type) {
      case "run_started":
        this.startedAt.set(event.runId, event.ts);
        this.activeRuns.set(this.startedAt.size);
        break;
      case "tool_decided":
        this.decisions.inc({ tier: event.data.tier ?? "none", decision: event.data.decision });
        break;
      case "confirm_resolved":
        this.confirmations.inc({ answer: event.data.answer });
        break;
      case "tool_finished":
        this.toolSeconds.observe({ tool: event.data.tool }, event.data.durationMs / 1000);
        this.toolOutcomes.inc({
          tool: event.data.tool,
          outcome: event.data.ok ? "ok" : (event.data.error?.code ?? "ERROR"),
        });
        break;
      case "run_finished":
      case "run_failed":
      case "run_cancelled": {
        const started = this.startedAt.get(event.runId);
        if (started !== undefined) {
          const outcome = event.type.slice(4);
          this.turnSeconds.observe({ outcome }, Math.max(0, event.ts - started) / 1000);
          this.startedAt.delete(event.runId);
        }
        this.activeRuns.set(this.startedAt.size);
        break;
      }
      default:
        break;
    }
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
