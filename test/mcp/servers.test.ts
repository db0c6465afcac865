import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMcpResourceTools } from "../../src/extend/mcp/client/resources.js";
import type { ResultData } from "../../src/extend/mcp/client/result.js";
import { REPO_ROOT } from "../../src/testing/cli.js";
import {
  EVERYTHING_SERVER,
  FILESYSTEM_SERVER,
  type McpWorld,
  NODE,
  openMcpWorld,
  scopeAnswering,
} from "./harness.js";

/** Real MCP servers from npm: @modelcontextprotocol/server-everything (stdio and HTTP) and the filesystem server. */
describe("real MCP servers from npm", () => {
  let world: McpWorld;
  let everythingHttp: ChildProcess;
  let shared: string;

  beforeAll(async () => {
    const port = await freePort();
    everythingHttp = spawn(
      NODE,
      ["--import", join(REPO_ROOT, "test", "mcp", "loopback-only.mjs"), EVERYTHING_SERVER, "streamableHttp"],
      {
        env: { ...process.env, PORT: String(port) },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    await new Promise<void>((resolve, reject) => {
      everythingHttp.stderr?.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("listening on port")) resolve();
      });
      everythingHttp.once("exit", (code) => reject(new Error(`server-everything exited (${code})`)));
    });
    shared = mkdtempSync(join(tmpdir(), "jarvis-mcp-fs-"));
    writeFileSync(join(shared, "notes.txt"), "buy milk\n");
    world = await openMcpWorld([
      "    everything:",
      `      command: ${JSON.stringify(NODE)}`,
      `      args: [${JSON.stringify(EVERYTHING_SERVER)}, "stdio"]`,
      "      tools: { echo: { tier: safe, effects: [read] }, get-structured-content: { tier: safe, effects: [read] } }",
      "    web:",
      `      url: http://127.0.0.1:${port}/mcp`,
      "    files:",
      `      command: ${JSON.stringify(NODE)}`,
      `      args: [${JSON.stringify(FILESYSTEM_SERVER)}, ${JSON.stringify(shared)}]`,
      "      tier: caution",
      "      tools: { read_text_file: { tier: safe, effects: [read] } }",
    ]);
  });

  afterAll(async () => {
    await world?.close();
    everythingHttp?.kill();
    if (shared) rmSync(shared, { recursive: true, force: true });
  });

  const status = (name: string) => world.hub.statuses().find((s) => s.name === name)!;

  it("server-everything over stdio: tools in the catalog, a call through the gate, structured output kept", async () => {
    expect(status("everything")).toMatchObject({
      state: "ready",
      protocolVersion: "2025-11-25",
      kind: "stdio",
    });
    expect(world.runtime.registry.get("everything__get_sum")?.definition.group).toBe("mcp:everything");
    const { scope } = scopeAnswering("deny");
    const echo = await world.runtime.gate.call(
      { tool: "everything__echo", args: { message: "hello there" } },
      scope,
    );
    expect(echo).toMatchObject({ status: "ok", tier: "safe", decision: "allow" });
    expect(echo.result?.output).toBe("Echo: hello there");
    expect(echo.observation).toContain('<untrusted source="everything__echo">');
    expect(scope.taint).toEqual({ tainted: true, sources: ["everything__echo"], groups: ["mcp:everything"] });

    const weather = await world.runtime.gate.call(
      { tool: "everything__get_structured_content", args: { location: "Chicago" } },
      scope,
    );
    const data = weather.result?.data as ResultData;
    expect(data.structured).toMatchObject({
      temperature: expect.any(Number),
      conditions: expect.any(String),
    });

    // The gate's ajv validates the server's schema like any tool's: a wrong type never reaches it.
    const wrong = await world.runtime.gate.call({ tool: "everything__echo", args: { message: 42 } }, scope);
    expect(wrong).toMatchObject({ status: "refused", code: "ARGS_INVALID" });
    const extra = await world.runtime.gate.call(
      { tool: "everything__echo", args: { message: "x", sneaky: 1 } },
      scope,
    );
    expect(extra).toMatchObject({ status: "refused", code: "ARGS_INVALID" });
  });

  it("server-everything's resources and prompts are listed and readable", async () => {
    const live = world.hub.server("everything").live();
    const resources = await live.listResources();
    expect(resources.length).toBeGreaterThan(0);
    const text = resources.find((r) => r.mimeType?.startsWith("text/"));
    const read = await live.readResource(text!.uri);
    expect(read.contents[0]).toMatchObject({ uri: text!.uri });
    const prompts = await live.listPrompts();
    expect(prompts.map((p) => p.name)).toContain("simple-prompt");
    const prompt = await live.getPrompt("simple-prompt", {});
    expect(prompt.messages.length).toBeGreaterThan(0);

    // The same, as tools the model can use through the gate: third-party text, so it taints.
    for (const tool of createMcpResourceTools(world.hub)) world.runtime.registry.register(tool);
    const { scope } = scopeAnswering("deny");
    const listed = await world.runtime.gate.call(
      { tool: "mcp_resources_list", args: { server: "everything" } },
      scope,
    );
    expect(listed).toMatchObject({ status: "ok", tier: "caution" });
    expect(listed.result?.output).toContain(text!.uri);
    const fetched = await world.runtime.gate.call(
      { tool: "mcp_resource_read", args: { server: "everything", uri: text!.uri } },
      scope,
    );
    expect(fetched.status).toBe("ok");
    expect(fetched.result?.output.length).toBeGreaterThan(0);
    expect(scope.taint.sources).toEqual(["mcp_resources_list", "mcp_resource_read"]);
    const unknown = await world.runtime.gate.call(
      { tool: "mcp_resource_read", args: { server: "nope", uri: "x://y" } },
      scope,
    );
    expect(unknown).toMatchObject({
      message: 'no MCP server named "nope"',
      fix: expect.stringContaining("use one of:"),
    });
  });

  it("server-everything over Streamable HTTP: the probe finds a 2025 server, the call goes through", async () => {
    expect(status("web")).toMatchObject({ state: "ready", kind: "http", protocolVersion: "2025-11-25" });
    const { broker, scope } = scopeAnswering("approve");
    const sum = await world.runtime.gate.call({ tool: "web__get_sum", args: { a: 2, b: 40 } }, scope);
    expect(sum.status).toBe("ok");
    expect(sum.result?.output).toContain("42");
    expect(broker.seen.map((r) => [r.tool, r.tier])).toEqual([["web__get_sum", "dangerous"]]);
  });

  it("the filesystem server: reads run, a write waits for a yes, and its destructive hint raises the tier", async () => {
    expect(status("files").state).toBe("ready");
    expect(world.runtime.registry.get("files__list_directory")?.definition.risk).toBe("caution");
    expect(world.runtime.registry.get("files__write_file")?.definition.risk).toBe("destructive");
    const target = join(shared, "plan.txt");

    const denied = scopeAnswering("deny");
    const read = await world.runtime.gate.call(
      { tool: "files__read_text_file", args: { path: join(shared, "notes.txt") } },
      denied.scope,
    );
    expect(read.result?.output).toBe("buy milk\n");
    const write = await world.runtime.gate.call(
      { tool: "files__write_file", args: { path: target, content: "x" } },
      denied.scope,
    );
    expect(write.status).toBe("denied");
    expect(existsSync(target)).toBe(false);

    const approved = scopeAnswering("approve_session");
    const ran = await world.runtime.gate.call(
      { tool: "files__write_file", args: { path: target, content: "plan" } },
      approved.scope,
    );
    expect(ran.status).toBe("ok");
    expect(readFileSync(target, "utf8")).toBe("plan");
    // Destructive: a session grant does not stick, it asks again.
    await world.runtime.gate.call(
      { tool: "files__write_file", args: { path: target, content: "again" } },
      approved.scope,
    );
    expect(approved.broker.seen).toHaveLength(2);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}
