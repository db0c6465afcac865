import { JarvisError } from "../core/errors.js";
import type { ToolDefinition } from "../core/tool.js";
import { checkPath, type PathRoots } from "./paths.js";
import { type ProvenanceFinding, resolveProvenance } from "./provenance.js";
import type { ToolRegistry } from "./registry.js";
import { checkUniversalLimits, describeAjvError, MAX_ARGS_BYTES } from "./schema-validator.js";
import type { RunScope } from "./types.js";

export interface Prepared {
  tool: ToolDefinition;
  /** After handle resolution and path canonicalization: what the tool will receive. */
  args: Record<string, unknown>;
  findings: ProvenanceFinding[];
}

/**
 * Gate steps 1–3: registry, validate (universal limits, then the tool's JSON Schema on a private
 * copy), provenance (handles resolved, origins found) and paths (canonical, inside their roots).
 * Throws a JarvisError naming what is wrong; nothing has run.
 */
export function prepareCall(
  registry: ToolRegistry,
  toolName: string,
  rawArgs: unknown,
  scope: RunScope,
  roots: PathRoots,
  configValues: readonly string[],
): Prepared {
  const registered = registry.get(toolName);
  if (!registered) {
    throw new JarvisError("TOOL_UNKNOWN", `no tool named "${toolName.slice(0, 80)}"`, {
      fix: "run `jarvis tools list` to see the tools",
    });
  }
  if (rawArgs === null || typeof rawArgs !== "object" || Array.isArray(rawArgs)) {
    throw new JarvisError("ARGS_INVALID", "arguments must be a JSON object", {
      fix: 'pass e.g. {"path": "~"}',
    });
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(rawArgs);
  } catch {
    json = undefined;
  }
  if (json === undefined) throw new JarvisError("ARGS_INVALID", "arguments are not serializable JSON");
  if (Buffer.byteLength(json) > MAX_ARGS_BYTES) {
    throw new JarvisError("ARGS_INVALID", `arguments are larger than ${MAX_ARGS_BYTES} bytes`);
  }
  const problem = checkUniversalLimits(rawArgs);
  if (problem) throw new JarvisError("ARGS_INVALID", problem);
  const args = JSON.parse(json) as Record<string, unknown>; // a private copy ajv may fill defaults into
  if (!registered.validate(args)) {
    throw new JarvisError("ARGS_INVALID", `${toolName}: ${describeAjvError(registered.validate)}`, {
      fix: "match the tool's parameter schema",
    });
  }
  const { args: resolved, findings } = resolveProvenance(args, registered.annotated, {
    userText: scope.userText,
    configValues,
    handles: scope.handles,
  });
  for (const { key, access, isArray } of registered.pathKeys) {
    const value = resolved[key];
    if (value === undefined) continue;
    resolved[key] =
      isArray && Array.isArray(value)
        ? value.map((item) => checkPath(String(item), access, roots))
        : checkPath(String(value), access, roots);
  }
  return { tool: registered.definition, args: resolved, findings };
}
