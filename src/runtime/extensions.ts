import type { Extensions, ParseYaml } from "../extend/index.js";
import { installExtensions } from "../extend/index.js";
import type { Runtime } from "./compose.js";

/**
 * Skills, the sandbox and generated tools for a runtime, once (the CLI's runtime and the
 * server's both attach them after the built-in catalog). The model router for the tool
 * factory is opened only when a tool is made. `parseYaml` is yaml's parser when the caller has
 * loaded it; without it, a skill found loads the parser itself (skills/format.ts).
 */
export function attachExtensions(runtime: Runtime, parseYaml?: ParseYaml): Extensions {
  if (runtime.extensions) return runtime.extensions;
  runtime.extensions = installExtensions({
    deps: runtime.deps,
    registry: runtime.registry,
    models: async () => (await import("./agent.js")).openModels(runtime),
    ...(parseYaml ? { parseYaml } : {}),
  });
  return runtime.extensions;
}
