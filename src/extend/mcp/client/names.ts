import { createHash } from "node:crypto";

const MAX_NAME = 64;
const SEPARATOR = "__";

/**
 * Jarvis names MCP tools `<server>__<tool>` in the registry's alphabet ([a-z0-9_]{1,64}).
 * MCP names may hold capitals, dashes, dots or slashes and be long: they are folded, and a
 * short hash of the original keeps two names that fold alike (or are cut) apart.
 */
export function jarvisToolName(
  server: string,
  mcpName: string,
  taken: ReadonlySet<string> = new Set(),
): string {
  const folded = mcpName
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
  const base = `${server}${SEPARATOR}${folded || "tool"}`;
  if (base.length <= MAX_NAME && !taken.has(base)) return base;
  const hash = createHash("sha256").update(mcpName).digest("hex").slice(0, 6);
  return `${base.slice(0, MAX_NAME - hash.length - 1)}_${hash}`;
}

/** The server prefix of a Jarvis tool name, or undefined when it is not an MCP tool's. */
export function serverOfTool(name: string): string | undefined {
  const index = name.indexOf(SEPARATOR);
  return index > 0 ? name.slice(0, index) : undefined;
}

/** The registry group of a server's tools (retrieval and `jarvis tools list` group by it). */
export function groupOf(server: string): string {
  return `mcp:${server}`;
}
