import type { Runtime } from "../runtime/runtime.js";
import { loadNlu } from "./nlu-loader.js";
import { recallHookFor } from "./recall-hook.js";
import { AgentService } from "./service.js";

/**
 * The agent as every surface (CLI, server, voice) runs it: models from config/env, the embedded
 * NLU as first proposer, memory and knowledge recall as context. The AI SDK is imported here,
 * not at module load, so commands that never talk to a model do not pay for it.
 */
export async function openAgentService(runtime: Runtime): Promise<AgentService> {
  if (runtime.env.JARVIS_TEST_PROBES === "1") {
    // Test-only tools for tests that spawn the real CLI or server; never registered otherwise.
    const { probeTools } = await import("../testing/probe-tools.js");
    for (const tool of probeTools(runtime.deps))
      if (!runtime.registry.has(tool.name)) runtime.registry.register(tool);
  }
  const { createModelRouter, routeSdkWarnings } = await import("../brain/models/index.js");
  routeSdkWarnings(runtime.logger);
  const [models, nlu, memory] = await Promise.all([
    createModelRouter(runtime.config, runtime.env, { logger: runtime.logger }),
    loadNlu(runtime.registry.list(), runtime.logger),
    recallHookFor(runtime),
  ]);
  return new AgentService({ runtime, nlu, models, memory });
}
