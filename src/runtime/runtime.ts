import { builtinTools } from "../tools/index.js";
import { composeRuntime, type Runtime, type RuntimeOptions } from "./compose.js";
import { attachExtensions } from "./extensions.js";

export type { Runtime, RuntimeOptions } from "./compose.js";

/** The composition root with the built-in tool catalog (or `options.tools`). */
export function createRuntime(options: RuntimeOptions = {}): Runtime {
  const runtime = composeRuntime({ ...options, tools: options.tools ?? builtinTools });
  if (options.extensions ?? !options.tools) attachExtensions(runtime);
  return runtime;
}
