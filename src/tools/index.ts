import type { ToolDefinition } from "../core/tool.js";
import type { ToolDeps } from "./deps.js";

export type { ToolDeps } from "./deps.js";

/**
 * Every built-in tool group. Each group is a factory `(deps) => ToolDefinition[]` in its own
 * folder; add a group with one line here.
 */
const GROUPS: Array<(deps: ToolDeps) => ToolDefinition[]> = [];

export function builtinTools(deps: ToolDeps): ToolDefinition[] {
  return GROUPS.flatMap((group) => group(deps));
}
