import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachMcp } from "../../src/extend/mcp/index.js";
import { REPO_ROOT } from "../../src/testing/cli.js";
import { MemoryKeychain } from "../../src/testing/memory-keychain.js";
import { hasPrograms } from "../../src/testing/programs.js";
import {
  auth,
  launchChromium,
  type ServerHarness,
  startServerHarness,
  uiBuilt,
  watchConsole,
} from "../server/harness.js";
import { EVERYTHING_SERVER, NODE } from "./harness.js";

const ok = hasPrograms(["chromium"], "chromium");

/** The web UI's MCP page and the API behind it, over a server with one good and one broken MCP server. */
describe.skipIf(!ok)("the MCP page", () => {
  let harness: ServerHarness;

  beforeAll(async () => {
    uiBuilt();
    harness = await startServerHarness({
      config: [
        "mcp:",
        "  servers:",
        "    everything:",
        `      command: ${JSON.stringify(NODE)}`,
        `      args: [${JSON.stringify(EVERYTHING_SERVER)}, "stdio"]`,
        "      env: { API_KEY: { keychain: mcp/everything/API_KEY } }",
        "    broken:",
        "      command: /nowhere/mcp-server",
        "",
      ].join("\n"),
    });
    const runtime = harness.runtime;
    await attachMcp(
      { ...runtime, onClose: runtime.deps.onClose },
      {
        waitMs: 60_000,
        version: "test",
        keychain: new MemoryKeychain({ "mcp/everything/API_KEY": "hunter2-value" }),
      },
    );
  });
  afterAll(() => harness?.close());

  it("GET /api/mcp: each server's state, its tools and the fix, never a secret", async () => {
    const response = await fetch(`${harness.url}/api/mcp`, { headers: auth() });
    const text = await response.text();
    expect(text).not.toContain("hunter2-value");
    const { servers } = JSON.parse(text) as { servers: Array<Record<string, unknown>> };
    expect(servers.find((s) => s.name === "everything")).toMatchObject({
      kind: "stdio",
      state: "ready",
      settings: ["API_KEY"],
      tier: "dangerous",
      protocolVersion: "2025-11-25",
    });
    expect(servers.find((s) => s.name === "everything")?.tools).toHaveLength(14); // with the elicitation demo it offers clients that can answer
    expect(servers.find((s) => s.name === "broken")).toMatchObject({
      state: "failed",
      tools: [],
      error: {
        message: "MCP server broken could not start: /nowhere/mcp-server was not found",
        fix: "install it, or correct mcp.servers.broken.command",
      },
    });
    expect((await fetch(`${harness.url}/api/mcp`)).status).toBe(401);
  });

  it("shows them to a person: running with its tools, or what is wrong and the fix", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const problems = watchConsole(page);
      await page.goto(`${harness.openUrl}`);
      await page.getByRole("link", { name: "MCP" }).click();
      await page.getByRole("heading", { name: /MCP servers/ }).waitFor();
      const everything = page.locator("section", { has: page.getByRole("heading", { name: /everything/ }) });
      await everything.getByText("running", { exact: true }).waitFor();
      await everything.getByText("everything__echo", { exact: true }).waitFor();
      const broken = page.locator("section", { has: page.getByRole("heading", { name: /broken/ }) });
      expect(await broken.getByRole("status").textContent()).toBe(
        "MCP server broken could not start: /nowhere/mcp-server was not found — install it, or correct mcp.servers.broken.command",
      );
      expect(problems).toEqual([]);
      // `JARVIS_SCREENSHOTS=1` refreshes the one in docs/.
      if (process.env.JARVIS_SCREENSHOTS === "1") {
        await page.setViewportSize({ width: 1200, height: 900 });
        await page.screenshot({ path: join(REPO_ROOT, "docs", "screenshots", "mcp.png"), fullPage: false });
      }
    } finally {
      await browser.close();
    }
  });
});
