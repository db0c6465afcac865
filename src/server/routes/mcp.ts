import type { FastifyInstance } from "fastify";
import { isStdioServer } from "../../config/mcp.js";
import { tierLabel } from "../../core/tool.js";
import { groupOf } from "../../extend/mcp/client/names.js";
import { readStatus } from "../../extend/mcp/index.js";
import type { ServerContext } from "../context.js";

/**
 * `GET /api/mcp`: the MCP servers of config.yaml, each with what this Jarvis knows of it (state,
 * tools in the catalog, the last failure and its fix). Secrets never appear: env and header
 * values are reported by name only.
 */
export function registerMcpRoutes(app: FastifyInstance, context: ServerContext): void {
  app.get("/api/mcp", async () => {
    const { runtime } = context;
    const statuses = new Map((readStatus(runtime.paths.home)?.servers ?? []).map((s) => [s.name, s]));
    const servers = Object.entries(runtime.config.mcp.servers).map(([name, server]) => {
      const status = statuses.get(name);
      const tools = runtime.registry
        .list()
        .filter((tool) => tool.group === groupOf(name))
        .map((tool) => ({ name: tool.name, tier: tierLabel(tool) }));
      return {
        name,
        kind: isStdioServer(server) ? "stdio" : "http",
        target: isStdioServer(server) ? [server.command, ...server.args].join(" ") : server.url,
        settings: isStdioServer(server) ? Object.keys(server.env) : Object.keys(server.headers),
        tier: server.tier,
        enabled: server.enabled,
        state: server.enabled ? (status?.state ?? "not connected") : "disabled",
        protocolVersion: status?.protocolVersion ?? null,
        restarts: status?.restarts ?? 0,
        error: status?.error ?? null,
        warnings: status?.warnings ?? [],
        tools,
      };
    });
    return { servers };
  });
}
