import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { ManualClock } from "../core/clock.js";
import type { JarvisEvent } from "../core/events.js";
import { SequentialIds } from "../core/ids.js";
import { silentLogger } from "../core/logger.js";
import { parametersFrom } from "../core/schema.js";
import { defineTool, type Effect, fail, ok, type RiskTier, type ToolDefinition } from "../core/tool.js";
import { openStore } from "../store/database.js";
import { createTempHome, type TempHome } from "../testing/home.js";
import { AuditLog } from "./audit.js";
import { FixedConfirmationBroker } from "./confirm.js";
import { Gate } from "./gate.js";
import type { StandingGrants } from "./grants.js";
import { canonicalPath } from "./paths.js";
import type { PolicySettings } from "./policy.js";
import { ToolRegistry } from "./registry.js";
import { createRunScope } from "./scope.js";

// What the person reads of the gate's decisions: the question in words, why it asks, and what
// was done without asking. The gate's own terms (tool names, tiers, settings keys) stay in
// `tool`, `tier`, `reason` and the audit.

let temp: TempHome;
afterEach(() => temp?.cleanup());

const tool = (name: string, effects: Effect[], risk: RiskTier, extra: Partial<ToolDefinition> = {}) =>
  defineTool({
    name,
    group: "test",
    description: name,
    parameters: parametersFrom(z.object({ name: z.string().max(100) })),
    effects,
    risk,
    ...extra,
    async execute(args) {
      return args.name === "broken" ? fail("BROKEN", "it broke") : ok(`did ${String(args.name)}`);
    },
  });

const TOOLS = [
  tool("list_clear", ["delete"], "dangerous", { says: ({ name }) => `Clear the ${String(name)} list` }),
  tool("mcp_thing", ["network", "egress"], "dangerous"),
  tool("note_keep", ["write"], "caution", { says: ({ name }) => `Keep a note called ${String(name)}` }),
  tool("disk_wipe", ["delete"], "destructive", { says: ({ name }) => `Wipe ${String(name)}` }),
];
const NAMES = /list_clear|mcp_thing|note_keep|disk_wipe|dangerous|caution|destructive|smart|ask_all|policy\./;

function setup(policy: Partial<PolicySettings> = {}, standing?: StandingGrants) {
  temp = createTempHome();
  const registry = new ToolRegistry();
  registry.registerAll(TOOLS);
  const home = canonicalPath(temp.home, temp.home);
  const gate = new Gate({
    registry,
    audit: new AuditLog(openStore(join(temp.jarvisHome, "jarvis.db")), new ManualClock(0)),
    policy: () => ({ autonomy: "smart", effects: {}, tools: {}, ...policy }),
    roots: { home, readRoots: [home], writeRoots: [home], deny: [] },
    clock: new ManualClock(0),
    ids: new SequentialIds(),
    logger: silentLogger,
    // As the runtime's describer: the tool's own words (here `says`), none for an MCP tool
    describe: async (definition, args) =>
      definition.says?.(args, { now: new Date(0), timezone: "UTC", zones: {} as never }),
  });
  const broker = new FixedConfirmationBroker("approve");
  const events: JarvisEvent[] = [];
  const scope = createRunScope({
    runId: "run_1",
    broker,
    emit: (event) => events.push({ ...event, runId: "run_1", seq: events.length, ts: 0 } as JarvisEvent),
    ...(standing ? { standing } : {}),
  });
  const call = (name: string, args: Record<string, unknown>) => gate.call({ tool: name, args }, scope);
  return { call, broker, events };
}

describe("the question the person reads", () => {
  it("is the call in the tool's words, the exact call, and why in plain words; the tool's name stays in `tool`", async () => {
    const { call, broker, events } = setup();
    await call("list_clear", { name: "shopping" });
    const [asked] = broker.seen;
    expect(asked).toMatchObject({
      tool: "list_clear",
      tier: "dangerous",
      ask: "Clear the shopping list?",
      why: "It deletes something, so I check with you first.",
      preview: "  Name: shopping",
    });
    expect(asked?.reason).toContain("dangerous under smart → confirm");
    expect(`${asked?.ask}\n${asked?.why}\n${asked?.preview}`).not.toMatch(NAMES);
    const event = events.find((e) => e.type === "confirm_requested");
    expect(event?.data).toMatchObject({ ask: "Clear the shopping list?", tool: "list_clear" });
  });

  it("says what a tool with no words does, from its effects", async () => {
    const { call, broker } = setup();
    await call("mcp_thing", { name: "x" });
    expect(broker.seen[0]).toMatchObject({
      ask: "Send something out?",
      why: "It sends something out of this computer, so I check with you first.",
    });
  });

  it.each([
    [{ autonomy: "ask_all" as const }, "note_keep", "Your settings ask before every action."],
    [{ tools: { note_keep: "confirm" as const } }, "note_keep", "Your settings ask before this action."],
    [
      { effects: { write: "confirm" as const } },
      "note_keep",
      "Your settings ask before this kind of action.",
    ],
    [{ autonomy: "full_auto" as const }, "disk_wipe", "It is hard to undo, so I always ask first."],
  ])("names the setting or the stakes, not the policy's terms (%j)", async (policy, name, why) => {
    const { call, broker } = setup(policy);
    await call(name, { name: "x" });
    expect(broker.seen[0]?.why).toBe(why);
    expect(broker.seen[0]?.why).not.toMatch(NAMES);
  });

  it("tells a routine's person what its grants did not cover", async () => {
    const standing: StandingGrants = { holder: 'routine "Tidy"', covering: () => undefined };
    const { call, broker } = setup({ autonomy: "full_auto" }, standing);
    await call("note_keep", { name: "x" });
    expect(broker.seen[0]?.why).toBe(
      'This is more than you allowed routine "Tidy" to do when you set it up.',
    );
  });
});

describe("a call done without asking (notify)", () => {
  it("is told after it ran, in words, with the call it is about; nothing when it failed", async () => {
    const { call, broker, events } = setup();
    await call("note_keep", { name: "groceries" });
    await call("note_keep", { name: "broken" });
    expect(broker.seen).toEqual([]);
    const notices = events.flatMap((e) => (e.type === "notice" ? [e.data] : []));
    expect(notices).toEqual([
      {
        level: "info",
        message:
          "Keep a note called groceries: done without asking, as your settings allow. To be asked first, change it in Settings.",
        callId: expect.any(String),
      },
    ]);
    const started = events.find((e) => e.type === "tool_started");
    expect(notices[0]?.callId).toBe(started?.type === "tool_started" ? started.data.callId : "none");
  });
});

describe("the call's events carry its words (the web UI's cards read them)", () => {
  it("the decision says the call; a denial and a failure say why in words with their fix", async () => {
    const { call, events } = setup({ tools: { disk_wipe: "deny" } });
    await call("note_keep", { name: "broken" });
    await call("disk_wipe", { name: "the old disk" });
    await call("mcp_thing", { name: "x" });
    const decided = events.filter((e) => e.type === "tool_decided").map((e) => e.data);
    expect(decided.map((d) => d.says)).toEqual([
      "Keep a note called broken",
      "Wipe the old disk",
      "Send something out",
    ]);
    expect(decided[1]).toMatchObject({
      decision: "deny",
      message: "your settings do not allow it",
      fix: "change the policy in Settings or config.yaml",
    });
    const failed = events.find((e) => e.type === "tool_finished" && !e.data.ok);
    expect(failed?.type === "tool_finished" && failed.data.error).toMatchObject({ message: "it broke" });
    for (const d of decided) expect(`${d.says} ${d.message ?? ""} ${d.fix ?? ""}`).not.toMatch(NAMES);
    // Described once per call: the progress line reuses the decision's words
    const started = events.find((e) => e.type === "tool_started");
    expect(started?.type === "tool_started" && started.data.doing).toBe("Keeping a note called broken");
  });
});
