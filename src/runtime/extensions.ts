import type { Extensions } from "../extend/index.js";
import { installExtensions } from "../extend/index.js";
import type { Runtime } from "./compose.js";

/**
 * Skills, the sandbox and generated tools for a runtime, once (the CLI's runtime and the
 * server's both attach them after the built-in catalog). The model router for the tool
 * factory is opened only when a tool is made.
 */
export function attachExtensions(runtime: Runtime): Extensions {
  if (runtime.extensions) return runtime.extensions;
  runtime.extensions = installExtensions({
    deps: runtime.deps,
    registry: runtime.registry,
    models: async () => (await import("./agent.js")).openModels(runtime),
  });
  return runtime.extensions;
}
