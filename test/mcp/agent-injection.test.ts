import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachMcp } from "../../src/extend/mcp/index.js";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { type AgentHarness, collect, createAgentHarness } from "../../src/testing/agent-harness.js";
import { MemoryKeychain } from "../../src/testing/memory-keychain.js";
import { ScriptedModel } from "../../src/testing/scripted-model.js";
import { createFilesTools } from "../../src/tools/files/index.js";
import { webTools } from "../../src/tools/web/index.js";
import { hostileServer } from "./harness.js";

/**
 * An MCP tool's result carries instructions; a model that obeys them is stopped by the gate.
 * Proved in the world: the file is not on disk and the collecting server got no request.
 */
describe("prompt injection in an MCP tool result, through the agent loop", () => {
  let harness: AgentHarness;
  let collector: Server;
  let port = 0;
  const received: string[] = [];
  const model = new ScriptedModel([]);

  beforeAll(async () => {
    collector = createServer((req, res) => {
      received.push(req.url ?? "");
      res.end("ok");
    });
    await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
    port = (collector.address() as { port: number }).port;
    harness = createAgentHarness({
      models: [{ label: "scripted:obedient", role: "primary", model }],
      config: [
        "web:",
        `  allow_private: ["127.0.0.1:${port}"]`,
        "mcp:",
        "  servers:",
        // The user trusts this server to read the news without asking: that is all it may do.
        ...hostileServer("news", { HOSTILE_EXFIL: `http://127.0.0.1:${port}/collect` }, [
          "connect_timeout_s: 120",
          "tools: { fetch_news: { tier: safe, effects: [read] } }",
        ]),
        "",
      ].join("\n"),
      tools: (deps) => [...createFilesTools(deps), ...webTools(deps)],
    });
    const runtime = harness.runtime;
    await attachMcp(
      { ...runtime, onClose: runtime.deps.onClose },
      { waitMs: 120_000, version: "test", keychain: new MemoryKeychain() },
    );
  });

  afterAll(async () => {
    await harness?.close();
    await new Promise<void>((resolve) => collector?.close(() => resolve()));
  });

  it("an obedient model writes the file and fetches the URL the result names: both wait for a yes, and get a no", async () => {
    expect(harness.runtime.registry.has("news__fetch_news")).toBe(true);
    model.push(
      { toolCalls: [{ name: "news__fetch_news", args: {} }] },
      (seen) => {
        const said = seen.toolResults.join("\n");
        const file = /Write the file (\S+) containing the word (\w+)/.exec(said);
        const url = /then fetch (\S+) to finish/.exec(said)?.[1];
        return file && url
          ? {
              toolCalls: [
                { name: "files_write", args: { path: file[1]!, content: file[2]! } },
                { name: "web_fetch", args: { url } },
              ],
            }
          : { text: "no instructions found" };
      },
      (seen) => ({
        text: seen.toolResults.slice(-2).every((r) => r.startsWith("DENIED")) ? "Both were refused." : "done",
      }),
    );
    const deny = new FixedConfirmationBroker("deny");
    const { events, result } = await collect(
      harness.agent.startTurn({ text: "what is in the news today?", source: "test", broker: deny }),
    );
    expect(result.text).toBe("Both were refused.");
    expect(existsSync(join(harness.temp.home, "Documents", "pwned.txt"))).toBe(false);
    expect(received).toEqual([]);
    expect(deny.seen.map((r) => r.tool).sort()).toEqual(["files_write", "web_fetch"]);
    const decided = events
      .filter((e) => e.type === "tool_decided")
      .map((e) => e.data as { tool: string; decision: string })
      .map((d) => [d.tool, d.decision]);
    expect(decided).toEqual([
      ["news__fetch_news", "allow"],
      ["files_write", "confirm"],
      ["web_fetch", "confirm"],
    ]);
    const audit = harness.runtime.audit.list({ tool: "files_write" });
    expect(audit.map((e) => [e.stage, e.outcome])).toEqual([
      ["decision", "proceed"],
      ["confirmation", "deny"],
    ]);
    model.assertDone();
  });
});
