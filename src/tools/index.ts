import { loadBuiltinTools, type ToolFactory } from "./groups.js";

export type { ToolDeps } from "./deps.js";

/**
 * The whole built-in catalog, loaded with this module (for code that composes synchronously:
 * the CLI and tests). The server loads the groups itself, with pauses (`loadBuiltinTools`).
 */
export const builtinTools: ToolFactory = await loadBuiltinTools();
