import type { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { JarvisEvent } from "../core/events.js";

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/** Events seen before prom-client finished loading (the agent is still starting then). */
const MAX_EARLY = 10_000;

interface Meters {
  registry: Registry;
  turnSeconds: Histogram<"outcome">;
  toolSeconds: Histogram<"tool">;
  decisions: Counter<"tier" | "decision">;
  toolOutcomes: Counter<"tool" | "outcome">;
  confirmations: Counter<"answer">;
  activeRuns: Gauge;
}

async function createMeters(defaultMetrics: boolean): Promise<Meters> {
  const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = await import("prom-client");
  const registry = new Registry();
  const registers = [registry];
  const meters: Meters = {
    registry,
    turnSeconds: new Histogram({
      name: "jarvis_turn_duration_seconds",
      help: "Time from run_started to the run's end, by how it ended",
      labelNames: ["outcome"],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    toolSeconds: new Histogram({
      name: "jarvis_tool_duration_seconds",
      help: "Tool execution time (tool_started to tool_finished), by tool",
      labelNames: ["tool"],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    decisions: new Counter({
      name: "jarvis_gate_decisions_total",
      help: "Gate decisions by risk tier (none = refused before risk) and decision",
      labelNames: ["tier", "decision"],
      registers,
    }),
    toolOutcomes: new Counter({
      name: "jarvis_tool_calls_total",
      help: "Finished tool calls by tool and outcome (ok or the error code)",
      labelNames: ["tool", "outcome"],
      registers,
    }),
    confirmations: new Counter({
      name: "jarvis_confirmations_total",
      help: "Confirmation answers (approve, approve_session, deny, timeout)",
      labelNames: ["answer"],
      registers,
    }),
    activeRuns: new Gauge({ name: "jarvis_active_runs", help: "Runs in flight", registers }),
  };
  if (defaultMetrics) collectDefaultMetrics({ register: registry, prefix: "jarvis_" });
  return meters;
}

/**
 * Prometheus metrics fed from the event stream (never from inside the gate): turn latency,
 * tool latency by tool, gate decisions by tier and decision, tool outcomes, confirmations.
 * One registry per server, so tests and several servers in one process do not collide.
 * prom-client (with @opentelemetry/api, ~90 modules) is loaded on first use rather than before
 * the server listens; events seen while it loads are counted once it is there.
 */
export class ServerMetrics {
  private meters: Meters | undefined;
  private early: JarvisEvent[] = [];
  private loading: Promise<Meters> | undefined;
  private readonly startedAt = new Map<string, number>();

  constructor(private readonly options: { defaultMetrics?: boolean } = {}) {}

  observe(event: JarvisEvent): void {
    if (this.meters) this.count(this.meters, event);
    else {
      if (this.early.length < MAX_EARLY) this.early.push(event);
      void this.load().catch(() => undefined); // a failure surfaces as /metrics answering 500
    }
  }

  /** The exposition text and its content type. */
  async render(): Promise<{ contentType: string; text: string }> {
    const meters = await this.load();
    return { contentType: meters.registry.contentType, text: await meters.registry.metrics() };
  }

  /** Loaded on first use (an event or a scrape), not while the server starts. */
  private load(): Promise<Meters> {
    this.loading ??= createMeters(this.options.defaultMetrics !== false).then((meters) => {
      this.meters = meters;
      for (const event of this.early) this.count(meters, event);
      this.early = [];
      return meters;
    });
    return this.loading;
  }

  async text(): Promise<string> {
    return (await this.render()).text;
  }

  private count(m: Meters, event: JarvisEvent): void {
    switch (event.type) {
      case "run_started":
        this.startedAt.set(event.runId, event.ts);
        m.activeRuns.set(this.startedAt.size);
        break;
      case "tool_decided":
        m.decisions.inc({ tier: event.data.tier ?? "none", decision: event.data.decision });
        break;
      case "confirm_resolved":
        m.confirmations.inc({ answer: event.data.answer });
        break;
      case "tool_finished":
        m.toolSeconds.observe({ tool: event.data.tool }, event.data.durationMs / 1000);
        m.toolOutcomes.inc({
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
          m.turnSeconds.observe({ outcome }, Math.max(0, event.ts - started) / 1000);
          this.startedAt.delete(event.runId);
        }
        m.activeRuns.set(this.startedAt.size);
        break;
      }
      default:
        break;
    }
  }
}
