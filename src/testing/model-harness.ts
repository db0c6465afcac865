import { createModelRouter } from "../brain/models/index.js";
import { loadConfig } from "../config/load.js";
import { type AgentHarness, type AgentHarnessOptions, createAgentHarness } from "./agent-harness.js";
import { createTempHome } from "./home.js";

/**
 * For tests that run the agent against fake model servers over real sockets: harnesses whose
 * models come from config.yaml and the environment exactly as the CLI builds them, and one
 * `close()` for every harness and server a test started.
 */
export interface ModelHarnessKit {
  /** Keeps a started fake server for `close()`. */
  start<T extends { close(): Promise<void> }>(server: Promise<T>): Promise<T>;
  /** An agent whose models are resolved from `config` (config.yaml text) and `env`. */
  agent(
    env: Record<string, string | undefined>,
    options?: { config?: string } & Omit<AgentHarnessOptions, "temp" | "models" | "config">,
  ): Promise<AgentHarness>;
  close(): Promise<void>;
}

export function modelHarnessKit(prefix = "jarvis-model-"): ModelHarnessKit {
  const servers: Array<{ close(): Promise<void> }> = [];
  const harnesses: AgentHarness[] = [];
  return {
    async start(server) {
      const started = await server;
      servers.push(started);
      return started;
    },
    async agent(env, options = {}) {
      const { config = "", ...rest } = options;
      const temp = createTempHome(prefix);
      temp.writeConfig(config);
      const router = await createModelRouter(loadConfig(`${temp.jarvisHome}/config.yaml`), {
        ...temp.env,
        ...env,
      });
      const harness = createAgentHarness({
        router: { retryDelayMs: 1 },
        ...rest,
        temp,
        models: [...router.entries],
        config,
      });
      const close = harness.close;
      harness.close = async () => {
        await close();
        temp.cleanup();
      };
      harnesses.push(harness);
      return harness;
    },
    async close() {
      for (const harness of harnesses.splice(0)) await harness.close();
      for (const server of servers.splice(0)) await server.close();
    },
  };
}
