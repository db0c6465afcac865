import { loadNlu } from "../agent/nlu-loader.js";
import { recallHookFor } from "../agent/recall-hook.js";
import { AgentService } from "../agent/service.js";
import type { ModelRouter } from "../brain/models/router.js";
import type { Runtime } from "./runtime.js";

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
  const [models, nlu, memory] = await Promise.all([
    openModels(runtime),
    loadNlu(runtime.registry.list(), runtime.logger, runtime.paths.cache),
    recallHookFor(runtime),
  ]);
  return new AgentService({ runtime, nlu, models, memory });
}

/**
 * The model router. With no model configured (embedded defaults) the AI SDK is not loaded at
 * all: `brain/models/index.js` imports every provider (~10 MB of heap, ~200 ms at start-up).
 */
async function openModels(runtime: Runtime): Promise<ModelRouter> {
  const { describeSpec, resolveModelSpecs } = await import("../brain/models/config.js");
  const specs = await resolveModelSpecs(runtime.config, runtime.env);
  runtime.logger.info({ models: specs.map(describeSpec) }, "models configured");
  if (specs.length === 0) {
    const { ModelRouter } = await import("../brain/models/router.js");
    return new ModelRouter([], { logger: runtime.logger });
  }
  const { entryFor, ModelRouter, routeSdkWarnings } = await import("../brain/models/index.js");
  routeSdkWarnings(runtime.logger);
  return new ModelRouter(specs.map(entryFor), { logger: runtime.logger });
}
