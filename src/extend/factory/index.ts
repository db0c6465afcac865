import { join } from "node:path";
import type { ModelRouter } from "../../brain/models/router.js";
import type { ToolRegistry } from "../../gate/registry.js";
import type { ToolDeps } from "../../tools/deps.js";
import type { SandboxService } from "../sandbox/service.js";
import { ToolFactory } from "./factory.js";
import { GeneratedToolStore } from "./store.js";

export { type ToolDraft, ToolFactory } from "./factory.js";
export { type GeneratedDraft, type GeneratedManifest, type GeneratedTest, tierFor } from "./manifest.js";
export { GeneratedToolStore, type StoredTool } from "./store.js";
export { factoryTools } from "./tools.js";

/** The factory for one JARVIS_HOME: generated tools in JARVIS_HOME/tools, pins in tools.lock.json. */
export function createFactory(
  deps: ToolDeps,
  registry: ToolRegistry,
  sandbox: SandboxService,
  models?: () => Promise<ModelRouter>,
): ToolFactory {
  return new ToolFactory({
    registry,
    store: new GeneratedToolStore({
      dir: deps.paths.tools,
      pinFile: join(deps.paths.home, "tools.lock.json"),
      clock: deps.clock,
    }),
    sandbox,
    ...(models ? { models } : {}),
    repairAttempts: deps.config.factory.repair_attempts,
    ids: deps.ids,
    clock: deps.clock,
    logger: deps.logger.child({ area: "factory" }),
  });
}
