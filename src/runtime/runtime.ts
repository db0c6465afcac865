import { builtinTools } from "../tools/index.js";
import { composeRuntime, type Runtime, type RuntimeOptions } from "./compose.js";

export type { Runtime, RuntimeOptions } from "./compose.js";

/** The composition root with the built-in tool catalog (or `options.tools`). */
export function createRuntime(options: RuntimeOptions = {}): Runtime {
  return composeRuntime({ ...options, tools: options.tools ?? builtinTools });
}
