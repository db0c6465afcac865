import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeSandbox } from "../../src/extend/sandbox/detect.js";
import { type CapabilityReply, JsSandbox } from "../../src/extend/sandbox/quickjs.js";
import { Sandbox } from "../../src/extend/sandbox/sandbox.js";
import { hasPrograms } from "../../src/testing/programs.js";

const ready = process.platform === "linux" && hasPrograms(["bwrap", "prlimit"], "bubblewrap util-linux");

describe.runIf(ready)("JavaScript in QuickJS inside the sandbox", () => {
  let sandbox: Sandbox;
  let js: JsSandbox;
  const asked: Array<{ name: string; args: unknown }> = [];
  const onCapability = async (name: string, args: unknown): Promise<CapabilityReply> => {
    asked.push({ name, args });
    return name === "files_read"
      ? { ok: true, value: { ok: true, output: "a,b\n1,2" } }
      : { ok: false, error: `${name} is not allowed` };
  };
  const run = (code: string, args: unknown = {}, limits?: { cpuMs?: number; memoryMb?: number }) =>
    js.run({ code, args, capabilities: ["files_read"], onCapability, ...(limits ? { limits } : {}) });

  beforeAll(async () => {
    sandbox = new Sandbox(probeSandbox());
    js = new JsSandbox(sandbox);
    await js.warm();
  });
  afterAll(async () => {
    await js.close();
    await sandbox.close();
  });

  it("runs run(args) and returns its value; each call gets a fresh interpreter", async () => {
    expect(
      (
        await run("function run(a) { globalThis.kept = (globalThis.kept || 0) + a.x; return kept; }", {
          x: 2,
        })
      ).value,
    ).toBe(2);
    expect((await run("function run(a) { return typeof kept; }")).value).toBe("undefined");
  });

  it("has no way out but jarvis.call, which the parent answers", async () => {
    const result = await run(
      "async function run(a) { const r = await jarvis.call('files_read', { path: a.p }); let refused = ''; try { await jarvis.call('web_fetch', { url: 'http://x/' + r.output }); } catch (e) { refused = e.message; } return [typeof require, typeof process, typeof fetch, typeof XMLHttpRequest, r.output, refused]; }",
      { p: "/data/a.csv" },
    );
    expect(result.value).toEqual([
      "undefined",
      "undefined",
      "undefined",
      "undefined",
      "a,b\n1,2",
      "web_fetch is not allowed",
    ]);
    expect(asked.map((call) => call.name)).toEqual(["files_read", "web_fetch"]);
    expect(result.capabilityCalls).toBe(2);
  });

  it("stops an endless loop at its CPU budget, a memory blow-up at its memory limit, and runaway recursion", async () => {
    expect((await run("function run() { for (;;) {} }", {}, { cpuMs: 300 })).error?.kind).toBe("timeout");
    const blowUp = await run(
      "function run() { const a = []; for (;;) a.push({ n: a.length, s: 'yy' }); }",
      {},
      { memoryMb: 8, cpuMs: 20_000 },
    );
    expect(blowUp.error?.kind).toBe("memory");
    expect(
      (await run("function run() { function f() { return f() + 1; } return f(); }")).error?.message,
    ).toMatch(/stack/i);
  });

  it("refuses a result too large to return, and reports a thrown error as data", async () => {
    expect((await run("function run() { return 'x'.repeat(2000000); }")).error?.kind).toBe("output");
    const thrown = await run("function run() { throw new TypeError('bad input'); }");
    expect(thrown.error).toEqual({ kind: "error", message: "TypeError: bad input" });
  });

  it("keeps working after the child is killed (the next call starts a new one)", async () => {
    const controller = new AbortController();
    const running = js.run({
      code: "function run() { for (;;) {} }",
      args: {},
      capabilities: [],
      onCapability,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    expect((await running).error?.kind).toBe("cancelled");
    expect((await run("function run() { return 42; }")).value).toBe(42);
  });
});
