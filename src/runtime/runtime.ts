import { parse as parseYaml } from "yaml";
import { loadConfig } from "../config/load.js";
import { TasksLink, tasksTools } from "../tasks/tools.js";
import type { ToolDeps } from "../tools/deps.js";
import { builtinTools } from "../tools/index.js";
import { composeRuntime, type Runtime, type RuntimeOptions } from "./compose.js";
import { attachExtensions } from "./extensions.js";

export type { Runtime, RuntimeOptions } from "./compose.js";

/**
 * Every built-in tool group plus the routines and alerts tools, which reach the service's parts
 * through `link` (filled by `startTasks` in the service; empty in a plain CLI process).
 */
export function catalogWithTasks(link: TasksLink): (deps: ToolDeps) => ReturnType<typeof builtinTools> {
  return (deps) => [...builtinTools(deps), ...tasksTools(deps, link)];
}

/** The composition root with the built-in tool catalog (or `options.tools`). */
export function createRuntime(options: RuntimeOptions = {}): Runtime {
  const link = new TasksLink();
  const runtime = composeRuntime({
    ...options,
    tools: options.tools ?? catalogWithTasks(link),
    loadConfig,
  });
  link.gate = runtime.gate;
  link.registry = runtime.registry;
  // yaml is loaded already: the config reader parses with it
  if (options.extensions ?? !options.tools) attachExtensions(runtime, parseYaml);
  return runtime;
}
