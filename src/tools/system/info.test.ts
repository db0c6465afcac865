import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createToolHarness, type ToolHarness } from "../../testing/tool-harness.js";
import { createSystemInfoTools, formatDuration, type SystemInfo } from "./info.js";

let h: ToolHarness;
beforeEach(() => {
  h = createToolHarness(createSystemInfoTools);
});
afterEach(() => h.close());

describe("system_info", () => {
  it("reports OS, host, CPU, memory, home disk and Node version without asking", async () => {
    const outcome = await h.call("system_info", {}, { answer: "deny" });
    expect([outcome.status, outcome.tier, outcome.decision]).toEqual(["ok", "safe", "allow"]);
    const info = outcome.result?.data as SystemInfo;
    expect(info.node).toBe(process.versions.node);
    expect(info.cpu.cores).toBeGreaterThan(0);
    expect(info.memory.totalBytes).toBeGreaterThan(info.memory.freeBytes);
    expect(info.disk?.path).toBe(h.runtime.roots.home);
    expect(info.disk!.totalBytes).toBeGreaterThanOrEqual(info.disk!.availableBytes);
    const text = outcome.result?.output ?? "";
    expect(text).toContain(`Node: ${process.versions.node}`);
    expect(text).toContain(`Host: ${info.hostname}`);
    expect(text).toMatch(/^Disk \(.+\): \d+\.\d GB available of \d+\.\d GB$/m);
  });

  it("refuses arguments it does not take", async () => {
    const outcome = await h.call("system_info", { verbose: true });
    expect(outcome.code).toBe("ARGS_INVALID");
  });

  it("formats uptime", () => {
    expect(formatDuration(59)).toBe("0m");
    expect(formatDuration(3 * 86_400 + 2 * 3600 + 5 * 60)).toBe("3d 2h 5m");
  });
});
