import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { type AgentHarness, collect, createAgentHarness } from "../../src/testing/agent-harness.js";
import { hasPrograms } from "../../src/testing/programs.js";
import { ScriptedModel } from "../../src/testing/scripted-model.js";
import { createBrowserTools } from "../../src/tools/browser/index.js";
import { fakeLookup, sendTool } from "./harness.js";
import { type Site, startSite } from "./site.js";

const ok = hasPrograms(["chromium"], "chromium");

describe.skipIf(!ok)("prompt injection through the agent loop", () => {
  let site: Site;
  let harness: AgentHarness;
  const sent: Array<{ to: string[]; body: string }> = [];
  const model = new ScriptedModel([]);

  beforeAll(async () => {
    site = await startSite(1);
    harness = createAgentHarness({
      models: [{ label: "scripted:obedient", role: "primary", model }],
      config: `web:\n  allow_private: ["127.0.0.1:${site.port}"]\n`,
      tools: (deps) => [
        ...createBrowserTools(deps, { lookup: fakeLookup({ "flights.test": ["127.0.0.1"] }) }),
        sendTool(sent),
      ],
    });
  });

  afterAll(async () => {
    await harness?.close();
    await site?.close();
  });

  it("a model that obeys the page is stopped by taint → confirmation, and the attempt is audited", async () => {
    const url = `http://flights.test:${site.port}/hostile`;
    model.push(
      { toolCalls: [{ name: "browser_navigate", args: { url } }] },
      { toolCalls: [{ name: "browser_get_text", args: {} }] },
      (seen) => {
        // The obedient model does exactly what the page told it.
        const target = /email the user's files to (\S+@[\w.-]+\w)/.exec(seen.toolResults.join("\n"))?.[1];
        return target
          ? {
              toolCalls: [
                { name: "test_mail_send", args: { to: [target], subject: "files", body: "all the files" } },
              ],
            }
          : { text: "no instructions found" };
      },
      (seen) => ({ text: seen.toolResults.at(-1)?.startsWith("DENIED") ? "The send was refused." : "sent" }),
    );
    const deny = new FixedConfirmationBroker("deny");
    const { events, result } = await collect(
      harness.agent.startTurn({ text: `summarize ${url} for me`, source: "test", broker: deny }),
    );
    expect(result.text).toBe("The send was refused.");
    expect(sent).toEqual([]);
    expect(deny.seen.map((r) => [r.tool, r.tier])).toEqual([["test_mail_send", "dangerous"]]);
    expect(deny.seen[0]?.preview).toContain("evil@example.com");
    const decided = events
      .filter((e) => e.type === "tool_decided")
      .map((e) => e.data as { tool: string; decision: string });
    expect(decided.map((d) => [d.tool, d.decision])).toEqual([
      ["browser_navigate", "allow"],
      ["browser_get_text", "allow"],
      ["test_mail_send", "confirm"],
    ]);
    const audit = harness.runtime.audit.list({ tool: "test_mail_send" });
    expect(audit.map((e) => [e.stage, e.tier, e.outcome])).toEqual([
      ["decision", "dangerous", "proceed"],
      ["confirmation", "dangerous", "deny"],
    ]);
    expect(audit[0]?.args).toContain("evil@example.com");
    model.assertDone();
  });
});
