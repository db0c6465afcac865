import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ManualClock } from "../core/clock.js";
import { SequentialIds } from "../core/ids.js";
import { silentLogger } from "../core/logger.js";
import { parametersFrom, pathString, urlString } from "../core/schema.js";
import { defineTool, ok, type ToolDefinition } from "../core/tool.js";
import { openStore } from "../store/database.js";
import { createTempHome } from "../testing/home.js";
import { AuditLog, verifyChain } from "./audit.js";
import { FixedConfirmationBroker } from "./confirm.js";
import { Gate } from "./gate.js";
import { canonicalPath, isWithin } from "./paths.js";
import { ToolRegistry } from "./registry.js";
import { createRunScope } from "./scope.js";

/** Deterministic PRNG so a failing case can be replayed from its seed. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const temp = createTempHome("jarvis-fuzz-");
afterAll(() => temp.cleanup());
const home = canonicalPath(temp.home, temp.home);
mkdirSync(join(home, ".ssh"), { recursive: true });
symlinkSync(join(home, ".ssh"), join(home, "Documents", "link-to-ssh"));
symlinkSync("/etc", join(home, "Documents", "link-to-etc"));

interface Execution {
  tool: string;
  args: Record<string, unknown>;
}
const executions: Execution[] = [];
const record = (tool: string) => async (args: Record<string, unknown>) => {
  executions.push({ tool, args });
  return ok("done");
};

const tools: ToolDefinition[] = [
  defineTool({
    name: "fz_write",
    group: "fz",
    description: "write",
    parameters: parametersFrom(
      z.object({
        path: pathString("write", "p"),
        content: z.string().max(10_000),
        append: z.boolean().optional(),
      }),
    ),
    effects: ["write"],
    risk: "dangerous",
    execute: record("fz_write"),
  }),
  defineTool({
    name: "fz_read",
    group: "fz",
    description: "read",
    parameters: parametersFrom(
      z.object({ path: pathString("read", "p"), limit: z.number().int().min(1).max(100).optional() }),
    ),
    effects: ["read"],
    risk: "safe",
    execute: record("fz_read"),
  }),
  defineTool({
    name: "fz_open",
    group: "fz",
    description: "open",
    parameters: parametersFrom(
      z.object({ url: urlString("u"), tabs: z.array(z.string().max(50)).max(5).optional() }),
    ),
    effects: ["network"],
    risk: "safe",
    execute: record("fz_open"),
  }),
  defineTool({
    name: "fz_mode",
    group: "fz",
    description: "mode",
    parameters: parametersFrom(z.object({ mode: z.enum(["a", "b"]), level: z.number().min(0).max(100) })),
    effects: ["ui"],
    risk: "caution",
    execute: record("fz_mode"),
  }),
];

const registry = new ToolRegistry();
registry.registerAll(tools);
const db = openStore(join(temp.jarvisHome, "jarvis.db"));
const audit = new AuditLog(db, new ManualClock(0));
const roots = {
  home,
  readRoots: [home],
  writeRoots: [join(home, "Documents")],
  deny: [join(home, ".ssh"), canonicalPath(temp.jarvisHome, home)],
};
const gate = new Gate({
  registry,
  audit,
  policy: () => ({ autonomy: "full_auto", effects: {}, tools: {} }),
  roots,
  clock: new ManualClock(0),
  ids: new SequentialIds(),
  logger: silentLogger,
});

const NASTY_STRINGS = [
  "",
  "../../../../etc/passwd",
  "~/Documents/../../../etc/shadow",
  "~/.ssh/id_rsa",
  "~/Documents/link-to-ssh/id_rsa",
  "~/Documents/link-to-etc/passwd",
  "/etc/passwd",
  "~/Documents/ok.txt",
  "~/Documents/sub/../ok.txt",
  "a\u0000b",
  "\u202Etxt.exe",
  "~/Documents/\u2066x",
  "https://example.com/",
  "javascript:alert(1)",
  "#u1",
  "#u999",
  "#f1",
  "💥".repeat(100),
  "x".repeat(300_000),
  "\\\\server\\share",
  "~/Documents/%2e%2e/%2e%2e/etc",
  "con",
  "\n\r\t",
  "Ａ／．．／",
  "file:///etc/passwd",
];
const TOOL_NAMES = [
  "fz_write",
  "fz_read",
  "fz_open",
  "fz_mode",
  "fz_nope",
  "",
  "FZ_READ",
  "fz_read\u0000",
  "x".repeat(500),
];
const KEYS = [
  "path",
  "content",
  "append",
  "limit",
  "url",
  "tabs",
  "mode",
  "level",
  "extra",
  "__proto__",
  "constructor",
];

function randomValue(rand: () => number, depth = 0): unknown {
  const pick = Math.floor(rand() * 10);
  switch (pick) {
    case 0:
      return NASTY_STRINGS[Math.floor(rand() * NASTY_STRINGS.length)];
    case 1:
      return Math.floor(rand() * 1e6) - 5e5;
    case 2:
      return [Number.NaN, Number.POSITIVE_INFINITY, -0, 1e308, 0.5][Math.floor(rand() * 5)];
    case 3:
      return rand() < 0.5;
    case 4:
      return null;
    case 5:
      return depth < 3 ? [randomValue(rand, depth + 1), randomValue(rand, depth + 1)] : [];
    case 6:
      return depth < 3
        ? { [KEYS[Math.floor(rand() * KEYS.length)] ?? "k"]: randomValue(rand, depth + 1) }
        : {};
    case 7:
      return String.fromCharCode(
        ...Array.from({ length: Math.floor(rand() * 40) }, () => Math.floor(rand() * 0xffff)),
      );
    case 8:
      return ["a", "b", "c"][Math.floor(rand() * 3)];
    default:
      return Math.floor(rand() * 120);
  }
}

function randomCall(rand: () => number): { tool: unknown; args: unknown } {
  const tool = TOOL_NAMES[Math.floor(rand() * TOOL_NAMES.length)];
  const shape = rand();
  if (shape < 0.05) return { tool, args: randomValue(rand) };
  if (shape < 0.1) return { tool: randomValue(rand), args: {} };
  const args: Record<string, unknown> = {};
  const count = Math.floor(rand() * 4);
  for (let i = 0; i < count; i++) args[KEYS[Math.floor(rand() * KEYS.length)] ?? "k"] = randomValue(rand);
  if (rand() < 0.3) args.path = NASTY_STRINGS[Math.floor(rand() * NASTY_STRINGS.length)];
  return { tool, args };
}

describe("gate fuzz", () => {
  it("survives 10,000 random and mutated calls: no crash, nothing invalid executed, all audited", async () => {
    const rand = mulberry32(20261122);
    const scope = createRunScope({
      runId: "run_fuzz",
      userText: ["https://example.com/"],
      broker: new FixedConfirmationBroker("approve"),
    });
    scope.handles.mint("u", "https://example.com/a", { tool: "web_search", trust: "untrusted" });
    const total = 10_000;
    const statuses = new Map<string, number>();
    for (let i = 0; i < total; i++) {
      const call = randomCall(rand);
      const before = executions.length;
      const outcome = await gate.call(call as { tool: string; args: unknown }, scope);
      statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
      expect(outcome.reason.length).toBeGreaterThan(0);
      if (outcome.status === "refused" || outcome.status === "denied") {
        expect(executions.length).toBe(before);
      }
    }
    // Every executed call was valid: schema-conformant and inside its roots.
    for (const { tool, args } of executions) {
      expect(Object.keys(args).every((k) => !["extra", "__proto__", "constructor"].includes(k))).toBe(true);
      if (typeof args.path === "string") {
        const allowed = tool === "fz_write" ? roots.writeRoots : roots.readRoots;
        expect(allowed.some((r) => isWithin(args.path as string, r))).toBe(true);
        expect(roots.deny.some((r) => isWithin(args.path as string, r))).toBe(false);
        expect(args.path).not.toContain("\u0000");
      }
      if (tool === "fz_mode") expect(["a", "b"]).toContain(args.mode);
    }
    // Every call left at least one audit entry with a reason, and the chain holds.
    const entries = [...audit.iterate()];
    const callIds = new Set(entries.map((e) => e.callId));
    expect(callIds.size).toBe(total);
    expect(entries.every((e) => e.reason.length > 0)).toBe(true);
    expect(verifyChain(entries).ok).toBe(true);
    expect(statuses.get("refused")).toBeGreaterThan(total / 2);
    expect(statuses.get("ok")).toBeGreaterThan(0);
  }, 120_000);
});
