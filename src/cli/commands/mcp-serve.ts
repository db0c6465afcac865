import { StdioServerTransport, serveStdio } from "@modelcontextprotocol/server/stdio";
import type { Command } from "commander";
import type { JarvisConfig } from "../../config/schema.js";
import { JarvisError } from "../../core/errors.js";
import type { ToolDefinition } from "../../core/tool.js";
import { JarvisMcpService } from "../../extend/mcp/server/expose.js";
import { type RequestGuard, serveHttp } from "../../extend/mcp/server/http.js";
import type { ToolRegistry } from "../../gate/registry.js";
import { hostAllowed, sameOrigin } from "../../server/security.js";
import { bearerToken, loadOrCreateToken, tokenMatches } from "../../server/token.js";
import { brokerFor } from "../broker.js";
import type { CliContext } from "../context.js";
import { VERSION } from "../main.js";
import { action } from "../run.js";

export function registerMcpServeCommand(mcp: Command, context: CliContext): void {
  mcp
    .command("serve")
    .description(
      "offer Jarvis' tools to an MCP client over stdio, or Streamable HTTP on 127.0.0.1 with --http",
    )
    .option("--http", "serve Streamable HTTP on loopback (needs `Authorization: Bearer <JARVIS_HOME/token>`)")
    .option("--port <port>", "port for --http (default mcp.serve.port, 7778)")
    .action(
      action(context, async (flags: { http?: boolean; port?: string }) => {
        const runtime = context.runtime();
        const tools = () => exposedTools(runtime.registry, runtime.config);
        const service = new JarvisMcpService({
          gate: runtime.gate,
          tools,
          ids: runtime.ids,
          logger: runtime.logger,
          version: VERSION,
          transport: flags.http ? "http" : "stdio",
          // Over HTTP in a terminal, a client that cannot ask: the person at this terminal is asked.
          ...(flags.http && context.stdin.isTTY ? { fallbackBroker: brokerFor(context, {}) } : {}),
        });
        if (flags.http) {
          const port = flags.port === undefined ? runtime.config.mcp.serve.port : Number(flags.port);
          if (!Number.isInteger(port) || port < 0 || port > 65_535)
            throw new JarvisError("USAGE", `--port ${flags.port} is not a port`);
          const serving = await serveHttp({
            service,
            port,
            guard: loopbackGuard(loadOrCreateToken(runtime.paths.token)),
            logger: runtime.logger,
          });
          context.printError(
            `Jarvis MCP server on ${serving.url} (${tools().length} tools); the bearer token is in ${runtime.paths.token}`,
          );
          await untilStopped();
          await serving.close();
          return;
        }
        // stdout belongs to the protocol: nothing else may be printed here.
        const closed = new Promise<void>((resolve) => context.stdin.once("end", () => resolve()));
        const handle = serveStdio(service.factory, {
          transport: new StdioServerTransport(
            context.stdin as NodeJS.ReadStream,
            context.stdout as NodeJS.WriteStream,
          ),
          onerror: (error) => runtime.logger.warn({ err: error.message }, "mcp stdio"),
        });
        await Promise.race([closed, untilStopped()]);
        service.close();
        await handle.close();
      }),
    );
}

/** Read-only groups that read whatever is on screen (other apps' text): not offered unless named. */
const SCREEN_GROUPS = new Set(["clipboard", "screen", "ui"]);

/**
 * What `jarvis mcp serve` offers: `mcp.serve.tools`, or by default the built-in tools that are
 * safe and only read (not the screen's). Tools of other MCP servers are never passed on by default.
 */
export function exposedTools(registry: ToolRegistry, config: JarvisConfig): ToolDefinition[] {
  const chosen = config.mcp.serve.tools;
  return registry
    .list()
    .filter((tool) =>
      chosen
        ? chosen.includes(tool.name)
        : tool.risk === "safe" &&
          tool.effects.every((effect) => effect === "read") &&
          !tool.group.startsWith("mcp:") &&
          !SCREEN_GROUPS.has(tool.group),
    );
}

/** The web server's own checks, in the same order: Host (DNS rebinding), Origin, then the token. */
export function loopbackGuard(token: string): RequestGuard {
  const noRemoteNames = new Set<string>();
  return (request) => {
    const host = request.headers.host;
    if (!hostAllowed(host, noRemoteNames)) {
      return { status: 403, message: "this Host is not allowed (Jarvis answers only to its own address)" };
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !sameOrigin(origin, host)) {
      return { status: 403, message: "requests from other web pages are refused" };
    }
    if (!tokenMatches(token, bearerToken(request.headers.authorization))) {
      return { status: 401, message: "a valid bearer token is required (JARVIS_HOME/token)" };
    }
    return undefined;
  };
}

function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
