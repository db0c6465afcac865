import { createRuntime } from "../runtime/runtime.js";
import { type CliContext, type CliContextOptions, createBaseContext } from "./base-context.js";

export { type CliContext, type CliContextOptions, createBaseContext } from "./base-context.js";

export function createCliContext(options: CliContextOptions = {}): CliContext {
  return createBaseContext(options, (env) => createRuntime({ env, ...options.runtimeOptions }));
}
