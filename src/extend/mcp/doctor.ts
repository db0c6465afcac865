import { homedir } from "node:os";
import type { DoctorCheck, DoctorContext, DoctorResult } from "../../config/doctor.js";
import { systemKeychain } from "../../config/secrets.js";
import { systemClock } from "../../core/clock.js";
import { silentLogger } from "../../core/logger.js";
import { ToolRegistry } from "../../gate/registry.js";
import { McpHub } from "./client/hub.js";
import { savedSignIn } from "./client/oauth.js";
import { readStatus } from "./client/status.js";
import type { ServerStatus } from "./client/supervisor.js";

/**
 * One line per configured MCP server. While Jarvis runs, what its supervisor knows (state,
 * restarts, the last failure); otherwise a connection is tried now, once.
 */
export const DOCTOR_MCP_CHECK: DoctorCheck = {
  name: "mcp",
  area: "mcp",
  /** All servers in one line: the worst of them. */
  async run(context) {
    const lines = await serverLines(context);
    const worst = lines.find((l) => l.status === "error") ?? lines.find((l) => l.status !== "ok") ?? lines[0];
    const { name: _name, area: _area, ...rest } = worst ?? { name: "", area: "", status: "ok", detail: "" };
    return lines.length > 1
      ? { ...rest, detail: `${lines.length} servers; ${worst?.name}: ${rest.detail}` }
      : rest;
  },
  lines: (context) => serverLines(context),
};

async function serverLines(context: DoctorContext): Promise<DoctorResult[]> {
  const servers = context.config?.mcp.servers ?? {};
  const enabled = Object.entries(servers).filter(([, server]) => server.enabled);
  if (enabled.length === 0) {
    return [
      {
        name: "mcp",
        area: "mcp",
        status: "missing",
        detail: "no MCP servers configured",
        fix: "add one with `jarvis mcp add NAME -- COMMAND`",
      },
    ];
  }
  const running = readStatus(context.paths.home);
  if (running) return running.servers.map(lineFor);
  const keychain = systemKeychain({ env: context.env });
  const hub = new McpHub({
    config: { ...context.config!.mcp, servers: Object.fromEntries(enabled) },
    registry: new ToolRegistry(),
    env: context.env,
    keychain,
    home: context.env.HOME ?? homedir(),
    clock: systemClock,
    logger: silentLogger,
    version: "doctor",
    authProvider: savedSignIn({ env: context.env, keychain }),
    schedule: () => () => {},
  });
  try {
    await hub.start();
    return hub.statuses().map(lineFor);
  } finally {
    await hub.close();
  }
}

function lineFor(server: ServerStatus): DoctorResult {
  const name = `mcp ${server.name}`;
  const area = "mcp";
  const restarts =
    server.restarts > 0 ? `; restarted ${server.restarts} time${server.restarts === 1 ? "" : "s"}` : "";
  switch (server.state) {
    case "ready":
      return {
        name,
        area,
        status: server.restarts > 0 || server.warnings.length > 0 ? "warn" : "ok",
        detail: `ready, ${server.tools.length} tools${restarts}${server.protocolVersion ? ` (protocol ${server.protocolVersion})` : ""}`,
        ...(server.restarts > 0 && server.error ? { fix: `it stopped before: ${server.error.message}` } : {}),
      };
    case "needs_login":
      return {
        name,
        area,
        status: "warn",
        detail: "needs you to sign in",
        fix: `run \`jarvis mcp login ${server.name}\``,
      };
    case "starting":
      if (server.error) {
        const fix = server.error.fix ? { fix: server.error.fix } : {};
        return {
          name,
          area,
          status: "error",
          detail: `${server.error.message}; retrying${restarts}`,
          ...fix,
        };
      }
      return { name, area, status: "warn", detail: "starting" };
    default:
      return {
        name,
        area,
        status: "error",
        detail: `${server.error?.message ?? "not running"}${restarts}`,
        ...(server.error?.fix ? { fix: server.error.fix } : {}),
      };
  }
}
