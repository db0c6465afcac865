import { describe, expect, it } from "vitest";
import { mcpServerSchema } from "../../../config/mcp.js";
import { ManualClock } from "../../../core/clock.js";
import { JarvisError } from "../../../core/errors.js";
import { silentLogger } from "../../../core/logger.js";
import { SchemaValidator } from "../../../gate/schema-validator.js";
import type { McpConnection } from "./connection.js";
import { ServerSupervisor } from "./supervisor.js";
import type { Catalog } from "./tools.js";

/** A connection stand-in: what the supervisor asks of one, and a way to drop it. */
function fakeConnection(tools: string[]) {
  let hooks: { onToolsChanged(): void; onLost(reason: string): void } | undefined;
  const connection = {
    protocolVersion: "2025-11-25",
    serverInfo: { name: "fake", version: "1" },
    listTools: async () => tools.map((name) => ({ name, inputSchema: { type: "object" } })),
    callTool: async () => ({ content: [{ type: "text", text: "ok" }] }),
    close: async () => {},
  } as unknown as McpConnection;
  return {
    connection,
    bind: (h: typeof hooks) => (hooks = h),
    drop: (reason: string) => hooks?.onLost(reason),
    change: () => hooks?.onToolsChanged(),
  };
}

function supervise(attempts: Array<() => McpConnection | JarvisError>) {
  const clock = new ManualClock(1000);
  const scheduled: Array<{ ms: number; run: () => void }> = [];
  const published: Array<string[] | undefined> = [];
  const supervisor = new ServerSupervisor({
    name: "s",
    config: mcpServerSchema.parse({ command: "x" }),
    validator: new SchemaValidator(),
    clock,
    logger: silentLogger,
    backoff: { initialMs: 100, maxMs: 1000, stableMs: 5000 },
    schedule: (run, ms) => {
      scheduled.push({ ms, run });
      return () => {};
    },
    connect: async (hooks) => {
      const next = attempts.shift()?.() ?? new JarvisError("UNAVAILABLE", "no more attempts");
      if (next instanceof JarvisError) throw next;
      (next as unknown as { bind?: (h: typeof hooks) => void }).bind?.(hooks);
      return next;
    },
    publish: (catalog: Catalog | undefined) => published.push(catalog?.tools.map((t) => t.definition.name)),
    onStatus: () => {},
  });
  return { supervisor, clock, scheduled, published };
}

describe("the supervisor of one MCP server", () => {
  it("retries a failed start with doubling back-off, up to the cap, and publishes tools once it is up", async () => {
    const up = fakeConnection(["a"]);
    const fail = () =>
      new JarvisError("UNAVAILABLE", "MCP server s could not start: x was not found", { fix: "install it" });
    const { supervisor, scheduled, published } = supervise([
      fail,
      fail,
      fail,
      fail,
      fail,
      () => Object.assign(up.connection, { bind: up.bind }),
    ]);
    await supervisor.start();
    expect(supervisor.status()).toMatchObject({
      state: "failed",
      error: { message: "MCP server s could not start: x was not found", fix: "install it" },
    });
    for (let i = 0; i < 5; i++) {
      const next = scheduled.at(-1)!;
      next.run();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(scheduled.map((s) => s.ms)).toEqual([100, 200, 400, 800, 1000]);
    expect(supervisor.status()).toMatchObject({ state: "ready", tools: ["s__a"], error: undefined });
    expect(published.at(-1)).toEqual(["s__a"]);
  });

  it("withdraws the tools when the server is lost, counts the restart, and brings them back", async () => {
    const first = fakeConnection(["a", "b"]);
    const second = fakeConnection(["a"]);
    const { supervisor, scheduled, published } = supervise([
      () => Object.assign(first.connection, { bind: first.bind }),
      () => Object.assign(second.connection, { bind: second.bind }),
    ]);
    await supervisor.start();
    first.drop("the process exited");
    expect(published.at(-1)).toBeUndefined();
    expect(supervisor.status()).toMatchObject({
      state: "failed",
      restarts: 1,
      error: { message: "MCP server s stopped: the process exited" },
    });
    await expect(supervisor.call("a", {}, new AbortController().signal)).rejects.toThrow(
      "MCP server s is not available: stopped: the process exited",
    );
    scheduled.at(-1)!.run();
    await new Promise((resolve) => setImmediate(resolve));
    expect(supervisor.status()).toMatchObject({ state: "ready", tools: ["s__a"] });
  });

  it("does not retry on its own what waiting cannot fix: a sign-in, a missing secret", async () => {
    const { supervisor, scheduled } = supervise([
      () => new JarvisError("AUTH_FAILED", "MCP server s wants a sign-in or a token (HTTP 401)"),
    ]);
    await supervisor.start();
    expect(supervisor.status().state).toBe("needs_login");
    const missing = supervise([
      () => new JarvisError("NOT_FOUND", "mcp.servers.s.env.KEY: no secret in the keychain"),
    ]);
    await missing.supervisor.start();
    expect(missing.supervisor.status().state).toBe("failed");
    expect([...scheduled, ...missing.scheduled]).toEqual([]);
  });

  it("lists again when the server says its tools changed", async () => {
    const tools = ["a"];
    const live = fakeConnection(tools);
    const { supervisor, published } = supervise([() => Object.assign(live.connection, { bind: live.bind })]);
    await supervisor.start();
    tools.push("c");
    live.change();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(published.at(-1)).toEqual(["s__a", "s__c"]);
  });
});
