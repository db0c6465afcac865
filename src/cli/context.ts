import { JarvisError } from "../core/errors.js";
import { createRuntime } from "../runtime/runtime.js";
import { type CliContext, type CliContextOptions, createBaseContext } from "./base-context.js";

export { type CliContext, type CliContextOptions, createBaseContext } from "./base-context.js";

export function createCliContext(options: CliContextOptions = {}): CliContext {
  return createBaseContext(options, (env) => createRuntime({ env, ...options.runtimeOptions }));
}

/** Parses a JSON flag value or fails as a usage error naming the flag. */
export function parseJsonFlag(flag: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch (error) {
    throw new JarvisError("USAGE", `${flag} is not valid JSON: ${(error as Error).message}`, {
      fix: `quote it, e.g. ${flag} '{"path": "~"}'`,
    });
  }
}
