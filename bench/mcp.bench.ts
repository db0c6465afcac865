/**
 * MCP costs, measured in one run against real servers from npm over stdio:
 *   - the overhead of an MCP tool call through Jarvis (gate: validate, risk, policy, audit in
 *     SQLite, execute, result conversion) over a direct SDK `callTool` on the same connection
 *     to the same server process: calls alternate, the overhead is the median paired difference;
 *   - connect + list tools (spawn, handshake, tools/list), through Jarvis' connection and with
 *     the bare SDK, for server-everything and the filesystem server.
 * Targets (issue 19): ≤ 2 ms added per call at p50, connect + list ≤ 500 ms at p50.
 */
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { loadConfig } from "../src/config/load.js";
import { mcpServerSchema } from "../src/config/mcp.js";
import { silentLogger } from "../src/core/logger.js";
import { McpConnection } from "../src/extend/mcp/client/connection.js";
import { McpHub } from "../src/extend/mcp/client/hub.js";
import { FixedConfirmationBroker } from "../src/gate/confirm.js";
import { createRunScope } from "../src/gate/scope.js";
import { composeRuntime } from "../src/runtime/compose.js";
import { createTempHome } from "../src/testing/home.js";
import { MemoryKeychain } from "../src/testing/memory-keychain.js";
import { summarize, writeResult } from "./util.js";

const CALLS = Number(process.env.BENCH_MCP_CALLS ?? 400);
const CONNECTS = Number(process.env.BENCH_MCP_CONNECTS ?? 15);
const root = join(import.meta.dirname, "..", "node_modules", "@modelcontextprotocol");
const SERVERS = {
  everything: [join(root, "server-everything", "dist", "index.js"), "stdio"],
  filesystem: [join(root, "server-filesystem", "dist", "index.js"), tmpdir()],
};

const temp = createTempHome("jarvis-bench-mcp-");
temp.writeConfig(
  [
    "mcp:",
    "  servers:",
    "    everything:",
    `      command: ${JSON.stringify(process.execPath)}`,
    `      args: ${JSON.stringify(SERVERS.everything)}`,
    "      tools: { echo: { tier: safe, effects: [read] } }",
    "",
  ].join("\n"),
);
const runtime = composeRuntime({ env: temp.env, logger: silentLogger, tools: () => [], loadConfig });
const keychain = new MemoryKeychain();
const hub = new McpHub({
  config: runtime.config.mcp,
  registry: runtime.registry,
  env: temp.env,
  keychain,
  home: temp.home,
  clock: runtime.clock,
  logger: silentLogger,
  version: "bench",
});
await hub.start();
const connection = hub.server("everything").live();
const broker = new FixedConfirmationBroker("approve");

// Warm both paths (JIT, ajv compile on first gate call, SQLite statements).
for (let i = 0; i < 30; i++) {
  await connection.client.callTool({ name: "echo", arguments: { message: `warm ${i}` } });
  await runtime.gate.call(
    { tool: "everything__echo", args: { message: `warm ${i}` } },
    createRunScope({ runId: `w${i}`, broker }),
  );
}

const direct: number[] = [];
const gated: number[] = [];
const paired: number[] = [];
for (let i = 0; i < CALLS; i++) {
  const args = { message: `hello ${i}` };
  let start = performance.now();
  await connection.client.callTool({ name: "echo", arguments: args });
  const d = performance.now() - start;
  start = performance.now();
  const outcome = await runtime.gate.call(
    { tool: "everything__echo", args },
    createRunScope({ runId: `r${i}`, broker }),
  );
  const g = performance.now() - start;
  if (outcome.status !== "ok") throw new Error(`gated call failed: ${outcome.observation}`);
  direct.push(d);
  gated.push(g);
  paired.push(g - d);
}
await hub.close();

/** Spawn, handshake and tools/list, then close; the time to a usable tool list. */
async function connectAndList(kind: keyof typeof SERVERS, through: "jarvis" | "sdk"): Promise<number[]> {
  const [script, arg] = SERVERS[kind];
  const samples: number[] = [];
  for (let i = 0; i < CONNECTS; i++) {
    const start = performance.now();
    if (through === "jarvis") {
      const live = await McpConnection.open({
        server: kind,
        config: mcpServerSchema.parse({ command: process.execPath, args: [script, arg] }),
        sources: { env: temp.env, keychain },
        home: temp.home,
        logger: silentLogger,
        clientVersion: "bench",
        onToolsChanged: () => {},
        onLost: () => {},
      });
      await live.listTools();
      samples.push(performance.now() - start);
      await live.close();
    } else {
      const client = new Client({ name: "bench", version: "1" });
      await client.connect(
        new StdioClientTransport({ command: process.execPath, args: [script!, arg!], stderr: "pipe" }),
      );
      await client.listTools();
      samples.push(performance.now() - start);
      await client.close();
    }
  }
  return samples;
}

const connect: Record<string, unknown> = {};
for (const kind of Object.keys(SERVERS) as Array<keyof typeof SERVERS>) {
  connect[kind] = {
    jarvis: summarize(await connectAndList(kind, "jarvis")),
    sdk: summarize(await connectAndList(kind, "sdk")),
  };
}

await runtime.close();
temp.cleanup();

writeResult("mcp", {
  description:
    "server-everything's echo over stdio: a direct SDK callTool vs the same call through Jarvis' gate (audit in SQLite), alternating on one connection; connect + tools/list per server, through Jarvis and with the bare SDK",
  loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
  callMs: { direct: summarize(direct), throughGate: summarize(gated) },
  addedPerCallMs: summarize(paired),
  connectAndListMs: connect,
  target: { addedPerCallP50Ms: 2, connectAndListP50Ms: 500 },
});
