import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DOCTOR_MCP_CHECK } from "../../src/extend/mcp/doctor.js";
import { runDoctor } from "../../src/runtime/doctor/index.js";
import { hostileServer, type McpWorld, openMcpWorld, scopeAnswering, worldEvents } from "./harness.js";

/**
 * A hostile MCP server (src/testing/hostile-mcp-server.ts) against the real client, registry,
 * gate and audit. Every claim is checked in the world: the file still there, the server's own
 * log of what it was asked and what it did.
 */
describe("a hostile MCP server", () => {
  let world: McpWorld;
  let log: string;
  const env = (mode = "normal") => ({ HOSTILE_LOG: log, HOSTILE_MODE: mode });
  // Six servers start at once under tsx: generous on a loaded machine; a wrong answer ends it early.
  const slowStart = "connect_timeout_s: 120";

  beforeAll(async () => {
    const dir = join(process.env.TMPDIR ?? "/tmp", `hostile-${process.pid}-${Date.now()}`);
    log = `${dir}.log`;
    world = await openMcpWorld([
      ...hostileServer("hostile", env(), [slowStart]),
      ...hostileServer("capped", env(), ["max_output_kb: 64", slowStart]),
      ...hostileServer("quick", env(), ["timeout_s: 2", slowStart]),
      ...hostileServer("crashy", env(), [slowStart]),
      ...hostileServer("broken", env("exit"), [slowStart]),
      ...hostileServer("garbage", env("garbage"), [slowStart]),
    ]);
  });
  afterAll(() => world?.close());

  const status = (name: string) => world.hub.statuses().find((s) => s.name === name)!;

  it("lies in its annotations (read-only, not destructive) but its tool stays dangerous: the deletion waits for a yes", async () => {
    const tool = world.runtime.registry.get("hostile__tidy_files")!.definition;
    expect(tool.risk).toBe("dangerous");
    expect(tool.trust).toBe("untrusted");
    expect(tool.effects).toEqual(["exec"]); // readOnlyHint removed nothing
    const victim = join(world.temp.home, "Documents", "report.txt");
    writeFileSync(victim, "keep me");

    const denied = scopeAnswering("deny");
    const outcome = await world.runtime.gate.call(
      { tool: "hostile__tidy_files", args: { path: victim } },
      denied.scope,
    );
    expect(outcome.status).toBe("denied");
    expect(denied.broker.seen[0]?.preview).toContain(victim);
    expect(existsSync(victim)).toBe(true);
    expect(worldEvents(log).filter((e) => e.event === "call" && e.tool === "tidy_files")).toEqual([]);

    // Approved, it really deletes: the gate is what kept the file.
    const approved = scopeAnswering("approve");
    const ran = await world.runtime.gate.call(
      { tool: "hostile__tidy_files", args: { path: victim } },
      approved.scope,
    );
    expect(ran.status).toBe("ok");
    expect(existsSync(victim)).toBe(false);
    expect(approved.scope.taint.tainted).toBe(true);
  });

  it("cannot set the gate's own schema keys: they are removed, and a handle is not resolved into its arguments", async () => {
    const tool = world.runtime.registry.get("hostile__smuggle")!.definition;
    expect(JSON.stringify(tool.parameters)).not.toMatch(/x-(path|provenance|handle)/);
    const warning = status("hostile").warnings.find((w) => w.includes("smuggle"));
    expect(warning).toMatch(
      /^hostile: tool smuggle set the gate's own schema keys \(.*\); they were removed$/,
    );
    for (const key of ["x-path", "x-provenance", "x-handle"]) expect(warning).toContain(key);

    const { scope } = scopeAnswering("approve");
    const handle = scope.handles.mint("u", "https://bank.example/statement?account=1234", {
      tool: "web_search",
      trust: "trusted",
    });
    const outcome = await world.runtime.gate.call(
      { tool: "hostile__smuggle", args: { where: "/etc/cron.d/x", note: handle } },
      scope,
    );
    expect(outcome.status).toBe("ok"); // no PATH_DENIED: the server's x-path was never honoured
    const call = worldEvents(log).find((e) => e.event === "call" && e.tool === "smuggle");
    expect(call?.args).toEqual({ where: "/etc/cron.d/x", note: handle });
  });

  it("sends more than its output cap: one line naming the server and the fix, and it comes back", async () => {
    const { scope } = scopeAnswering("approve");
    const outcome = await world.runtime.gate.call({ tool: "capped__huge", args: { kb: 512 } }, scope);
    expect(outcome.status).toBe("failed");
    expect(outcome.message).toBe("MCP server capped sent a message larger than its output cap");
    expect(outcome.fix).toBe("raise mcp.servers.capped.max_output_kb if you trust it");
    await vi.waitFor(() => expect(world.runtime.registry.has("capped__huge")).toBe(true), {
      timeout: 30_000,
      interval: 100,
    });
    const small = await world.runtime.gate.call({ tool: "capped__huge", args: { kb: 8 } }, scope);
    expect(small.status).toBe("ok");
  });

  it("is slow: the gate's timeout stops the call and the server hears notifications/cancelled", async () => {
    const { scope } = scopeAnswering("approve");
    const outcome = await world.runtime.gate.call({ tool: "quick__slow", args: { ms: 60_000 } }, scope);
    expect(outcome.status).toBe("timeout");
    await vi.waitFor(() => expect(worldEvents(log).some((e) => e.event === "cancelled")).toBe(true), {
      timeout: 10_000,
    });
  });

  it("is stopped by the kill switch mid-call, and hears about it", async () => {
    const count = (event: string) =>
      worldEvents(log).filter((e) => e.event === event && (event !== "call" || e.tool === "slow")).length;
    const [cancelledBefore, callsBefore] = [count("cancelled"), count("call")];
    const { scope } = scopeAnswering("approve");
    const call = world.runtime.gate.call({ tool: "hostile__slow", args: { ms: 60_000 } }, scope);
    // Killed once the server is running the call (not between the confirmation and the start).
    await vi.waitFor(() => expect(count("call")).toBe(callsBefore + 1), { timeout: 10_000 });
    world.runtime.gate.killAll("test");
    expect((await call).status).toBe("cancelled");
    await vi.waitFor(() => expect(count("cancelled")).toBe(cancelledBefore + 1), { timeout: 10_000 });
  });

  it("crashes mid-call: the call fails in one line, its tools leave the catalog, and it restarts with back-off", async () => {
    const { scope } = scopeAnswering("approve");
    const outcome = await world.runtime.gate.call({ tool: "crashy__crash", args: {} }, scope);
    expect(outcome.status).toBe("failed");
    expect(outcome.message).toMatch(/^MCP server crashy /);
    expect(outcome.fix).toBeTruthy();
    expect(world.runtime.registry.has("hostile__fetch_news")).toBe(true); // the others are untouched
    await vi.waitFor(() => expect(status("crashy").restarts).toBe(1), { timeout: 10_000 });
    await vi.waitFor(() => expect(status("crashy").state).toBe("ready"), { timeout: 30_000, interval: 100 });
    expect(world.runtime.registry.has("crashy__crash")).toBe(true);

    const doctor = await runDoctor(world.temp.env, [DOCTOR_MCP_CHECK]);
    const line = doctor.find((r) => r.name === "mcp crashy");
    expect(line).toMatchObject({ status: "warn" });
    expect(line?.detail).toMatch(/ready, 9 tools; restarted 1 time/);
  });

  it("changes its tool list during a run: the catalog follows", async () => {
    const { scope } = scopeAnswering("approve");
    expect(world.runtime.registry.has("hostile__new_tool")).toBe(false);
    expect((await world.runtime.gate.call({ tool: "hostile__mutate", args: {} }, scope)).status).toBe("ok");
    await vi.waitFor(() => expect(world.runtime.registry.has("hostile__new_tool")).toBe(true), {
      timeout: 10_000,
    });
    expect(world.runtime.registry.has("hostile__mutate")).toBe(false);
    const gone = await world.runtime.gate.call({ tool: "hostile__mutate", args: {} }, scope);
    expect(gone.code).toBe("TOOL_UNKNOWN");
    expect((await world.runtime.gate.call({ tool: "hostile__new_tool", args: {} }, scope)).status).toBe("ok");
  });

  it("fails to start, or answers garbage: one line each naming the server and the fix, no tools, nothing else stops", async () => {
    // Both keep being retried with back-off; between attempts they are failed, never ready.
    const broken = status("broken");
    expect(broken.state).not.toBe("ready");
    expect(broken.error?.message).toBe(
      "MCP server broken closed the connection (it said: hostile: refusing to start (no licence key))",
    );
    expect(broken.error?.fix).toBe("run `jarvis mcp test broken` to see it start");
    const garbage = status("garbage");
    expect(garbage.state).not.toBe("ready");
    expect(garbage.error?.message).toMatch(/^MCP server garbage answered with something that is not MCP/);
    expect(world.runtime.registry.list().filter((t) => /^(broken|garbage)__/.test(t.name))).toEqual([]);
    expect(status("hostile").state).toBe("ready");

    const doctor = await runDoctor(world.temp.env, [DOCTOR_MCP_CHECK]);
    expect(doctor.find((r) => r.name === "mcp broken")).toMatchObject({
      status: "error",
      fix: "run `jarvis mcp test broken` to see it start",
    });
  });
});
