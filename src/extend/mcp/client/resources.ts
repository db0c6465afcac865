import { z } from "zod";
import { toJarvisError } from "../../../core/errors.js";
import { parametersFrom } from "../../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../../core/tool.js";
import type { McpHub } from "./hub.js";

const MAX_CHARS = 64_000;
const server = z.string().min(1).max(31).describe("the MCP server's name, as `mcp_resources_list` shows it");
const listArgs = z.object({
  server: server.optional().describe("one server; all running servers when absent"),
});
const readArgs = z.object({
  server,
  uri: z.string().min(1).max(2048).describe("the resource's URI, from the list"),
});

/**
 * MCP resources as a knowledge source the model can browse: list what the running servers
 * offer, read one. What comes back is third-party text (untrusted: it taints the run).
 */
export function createMcpResourceTools(hub: McpHub): ToolDefinition[] {
  return [
    defineTool<z.infer<typeof listArgs>>({
      name: "mcp_resources_list",
      group: "mcp",
      description:
        "List the documents and data (resources) the connected MCP servers offer, with their URIs.",
      parameters: parametersFrom(listArgs),
      effects: ["read"],
      risk: "caution",
      trust: "untrusted",
      async execute(args, ctx) {
        const names = args.server
          ? [args.server]
          : hub
              .statuses()
              .filter((s) => s.state === "ready")
              .map((s) => s.name);
        const lines: string[] = [];
        const resources: Array<{ server: string; uri: string; name: string; mimeType?: string }> = [];
        try {
          for (const name of names) {
            for (const resource of await hub.server(name).live().listResources(ctx.signal)) {
              const entry = {
                server: name,
                uri: resource.uri,
                name: resource.name,
                ...(resource.mimeType ? { mimeType: resource.mimeType } : {}),
              };
              resources.push(entry);
              lines.push(
                `${name}  ${resource.uri}  ${resource.name}${resource.mimeType ? ` (${resource.mimeType})` : ""}`,
              );
            }
          }
        } catch (error) {
          const failure = toJarvisError(error, "UNAVAILABLE");
          return fail(failure.code, failure.message, failure.fix);
        }
        return ok(lines.length > 0 ? lines.join("\n") : "The MCP servers offer no resources.", { resources });
      },
    }),
    defineTool<z.infer<typeof readArgs>>({
      name: "mcp_resource_read",
      group: "mcp",
      description: "Read one resource of an MCP server by its URI (from mcp_resources_list).",
      parameters: parametersFrom(readArgs),
      effects: ["read"],
      risk: "caution",
      trust: "untrusted",
      async execute(args, ctx) {
        try {
          const result = await hub.server(args.server).live().readResource(args.uri, ctx.signal);
          const text = result.contents
            .map((content) =>
              "text" in content ? content.text : `[${content.mimeType ?? "binary"} ${content.uri}]`,
            )
            .join("\n");
          return ok(text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}\n…[shortened]` : text, {
            server: args.server,
            uri: args.uri,
          });
        } catch (error) {
          const failure = toJarvisError(error, "UNAVAILABLE");
          return fail(failure.code, failure.message, failure.fix);
        }
      },
    }),
  ];
}
