import { AgentService, type AgentServiceOptions } from "../agent/service.js";
import type { TurnHandle } from "../agent/types.js";
import { ModelRouter, type RouterOptions } from "../brain/models/router.js";
import type { ModelEntry } from "../brain/models/types.js";
import type { Nlu } from "../brain/nlu/types.js";
import type { Clock } from "../core/clock.js";
import type { JarvisEvent } from "../core/events.js";
import { silentLogger } from "../core/logger.js";
import type { ToolDefinition } from "../core/tool.js";
import { createRuntime, type Runtime } from "../runtime/runtime.js";
import type { ToolDeps } from "../tools/deps.js";
import { createTempHome, type TempHome } from "./home.js";
import { probeTools } from "./probe-tools.js";
import { TableNlu } from "./table-nlu.js";

export interface AgentHarnessOptions {
  /** Models in router order; none = no model configured. */
  models?: ModelEntry[];
  nlu?: Nlu;
  /** config.yaml text written before the runtime opens. */
  config?: string;
  /** Tools; the probe tools by default. */
  tools?: (deps: ToolDeps) => ToolDefinition[];
  router?: RouterOptions;
  service?: Partial<Omit<AgentServiceOptions, "runtime" | "nlu" | "models">>;
  temp?: TempHome;
  /** Time for the runtime (schedules, stores); the system clock by default. */
  clock?: Clock;
}

export interface AgentHarness {
  temp: TempHome;
  runtime: Runtime;
  agent: AgentService;
  close(): Promise<void>;
}

/** An AgentService over a real runtime (temp JARVIS_HOME, real store, gate and audit). */
export function createAgentHarness(options: AgentHarnessOptions = {}): AgentHarness {
  const temp = options.temp ?? createTempHome("jarvis-agent-");
  if (options.config !== undefined) temp.writeConfig(options.config);
  const runtime = createRuntime({
    env: temp.env,
    logger: silentLogger,
    tools: options.tools ?? ((deps) => probeTools(deps)),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const agent = new AgentService({
    runtime,
    nlu: options.nlu ?? new TableNlu(),
    models: new ModelRouter(options.models ?? [], { retryDelayMs: 1, ...options.router }),
    ...options.service,
  });
  return {
    temp,
    runtime,
    agent,
    async close() {
      await agent.close();
      await runtime.close();
      if (!options.temp) temp.cleanup();
    },
  };
}

/** Collects every event of a turn and its result. */
export async function collect(
  handle: TurnHandle,
): Promise<{ events: JarvisEvent[]; result: Awaited<TurnHandle["done"]> }> {
  const events: JarvisEvent[] = [];
  for await (const event of handle.events) events.push(event);
  return { events, result: await handle.done };
}

/** The event types in order, for compact assertions. */
export function typesOf(events: JarvisEvent[]): string[] {
  return events.map((e) => e.type);
}
