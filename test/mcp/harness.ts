import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/config/load.js";
import type { ConfirmAnswer } from "../../src/core/events.js";
import { silentLogger } from "../../src/core/logger.js";
import type { ToolDefinition } from "../../src/core/tool.js";
import { McpHub, type McpHubOptions } from "../../src/extend/mcp/client/hub.js";
import { writeStatus } from "../../src/extend/mcp/client/status.js";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { createRunScope } from "../../src/gate/scope.js";
import type { RunScope } from "../../src/gate/types.js";
import { composeRuntime } from "../../src/runtime/compose.js";
import type { Runtime } from "../../src/runtime/runtime.js";
import { REPO_ROOT } from "../../src/testing/cli.js";
import { createTempHome, type TempHome } from "../../src/testing/home.js";
import { MemoryKeychain } from "../../src/testing/memory-keychain.js";
import type { ToolDeps } from "../../src/tools/deps.js";

export const NODE = process.execPath;
export const HOSTILE_SERVER = join(REPO_ROOT, "src", "testing", "hostile-mcp-server.ts");
export const EVERYTHING_SERVER = join(
  REPO_ROOT,
  "node_modules",
  "@modelcontextprotocol",
  "server-everything",
  "dist",
  "index.js",
);
export const FILESYSTEM_SERVER = join(
  REPO_ROOT,
  "node_modules",
  "@modelcontextprotocol",
  "server-filesystem",
  "dist",
  "index.js",
);

/** config.yaml lines for the hostile server under `mcp.servers.<name>`. */
export function hostileServer(name: string, env: Record<string, string>, extra: string[] = []): string[] {
  return [
    `    ${name}:`,
    `      command: ${JSON.stringify(NODE)}`,
    `      args: ["--import", "tsx", ${JSON.stringify(HOSTILE_SERVER)}]`,
    `      cwd: ${JSON.stringify(REPO_ROOT)}`,
    "      env:",
    ...Object.entries(env).map(([key, value]) => `        ${key}: ${JSON.stringify(value)}`),
    ...extra.map((line) => `      ${line}`),
  ];
}

export interface McpWorld {
  temp: TempHome;
  runtime: Runtime;
  hub: McpHub;
  close(): Promise<void>;
}

/** A real runtime (temp JARVIS_HOME, store, gate, audit) with the MCP servers of `mcpYaml` attached. */
export async function openMcpWorld(
  mcpYaml: string[],
  options: {
    tools?: (deps: ToolDeps) => ToolDefinition[];
    config?: string;
    hub?: Partial<McpHubOptions>;
  } = {},
): Promise<McpWorld> {
  const temp = createTempHome("jarvis-mcp-");
  temp.writeConfig([options.config ?? "", "mcp:", "  servers:", ...mcpYaml, ""].join("\n"));
  const runtime = composeRuntime({
    env: temp.env,
    logger: silentLogger,
    tools: options.tools ?? (() => []),
    loadConfig,
  });
  const hub = new McpHub({
    config: runtime.config.mcp,
    registry: runtime.registry,
    env: temp.env,
    keychain: new MemoryKeychain(),
    home: temp.home,
    clock: runtime.clock,
    logger: silentLogger,
    version: "test",
    backoff: { initialMs: 200, maxMs: 2000, stableMs: 60_000 },
    onChange: (statuses) => writeStatus(runtime.paths.home, statuses, Date.now()),
    ...options.hub,
  });
  await hub.start();
  return {
    temp,
    runtime,
    hub,
    async close() {
      await hub.close();
      await runtime.close();
      temp.cleanup();
    },
  };
}

/** A run scope whose broker answers every confirmation with `answer` (and keeps what it saw). */
export function scopeAnswering(answer: ConfirmAnswer, extra: Partial<RunScope> = {}) {
  const broker = new FixedConfirmationBroker(answer);
  return {
    broker,
    scope: { ...createRunScope({ runId: `run_${Math.random().toString(36).slice(2)}`, broker }), ...extra },
  };
}

/** What the hostile server did, from its own log. */
export function worldEvents(path: string): Array<Record<string, unknown>> {
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
