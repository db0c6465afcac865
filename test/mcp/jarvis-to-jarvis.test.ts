import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ElicitRequestParams } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../src/core/clock.js";
import { AuditLog } from "../../src/gate/audit.js";
import { openStore } from "../../src/store/database.js";
import { REPO_ROOT } from "../../src/testing/cli.js";
import { createTempHome, TEST_PASSPHRASE, TEST_STORE_KEY, type TempHome } from "../../src/testing/home.js";
import { type McpWorld, NODE, openMcpWorld, scopeAnswering } from "./harness.js";

const JARVIS = join(REPO_ROOT, "test", "mcp", "jarvis-src.ts");
const SERVED = "mcp:\n  serve:\n    tools: [calc_evaluate, files_write]\n";

/**
 * Jarvis (A) as the MCP client of another Jarvis (B) running `jarvis mcp serve`: both gates see
 * every call. B asks A for its yes with the exact preview (elicitation over stdio, the
 * 2026-07-28 `input_required` round over HTTP); no answer, or no way to ask, is a no.
 */
describe("Jarvis as the client of Jarvis as the server", () => {
  let serverHome: TempHome;
  let httpServer: ChildProcess;
  let world: McpWorld;
  let answer: "accept" | "decline" = "decline";
  const asked: ElicitRequestParams[] = [];

  beforeAll(async () => {
    serverHome = createTempHome("jarvis-served-");
    serverHome.writeConfig(SERVED);
    httpServer = spawn(NODE, ["--import", "tsx", JARVIS, "mcp", "serve", "--http", "--port", "0"], {
      cwd: REPO_ROOT,
      env: serverHome.env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let said = "";
      httpServer.stderr?.on("data", (chunk: Buffer) => {
        said += chunk.toString();
        const found = /on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(said)?.[1];
        if (found) resolve(found);
      });
      httpServer.once("exit", (code) =>
        reject(new Error(`jarvis mcp serve --http exited (${code}): ${said}`)),
      );
    });
    const token = readFileSync(join(serverHome.jarvisHome, "token"), "utf8").trim();
    const env = `      env: { JARVIS_HOME: ${JSON.stringify(serverHome.jarvisHome)}, HOME: ${JSON.stringify(serverHome.home)}, JARVIS_LOG_LEVEL: warn, JARVIS_KEYCHAIN: { env: JARVIS_KEYCHAIN }, JARVIS_PASSPHRASE: { env: JARVIS_PASSPHRASE } }`;
    world = await openMcpWorld(
      [
        "    b:",
        `      command: ${JSON.stringify(NODE)}`,
        `      args: ["--import", "tsx", ${JSON.stringify(JARVIS)}, "mcp", "serve"]`,
        `      cwd: ${JSON.stringify(REPO_ROOT)}`,
        env,
        "      connect_timeout_s: 120",
        "    bhttp:",
        `      url: ${url}`,
        "      headers: { Authorization: { env: B_TOKEN, prefix: 'Bearer ' } }",
        "    nokey:",
        `      url: ${url}`,
      ],
      {
        hub: {
          // B's store is encrypted with the temp homes' passphrase; its entry names these variables.
          env: { ...process.env, B_TOKEN: token, JARVIS_KEYCHAIN: "off", JARVIS_PASSPHRASE: TEST_PASSPHRASE },
          // A's user, asked by B through A's client: records the question, gives the test's answer.
          elicit: async (_server, request) => {
            asked.push(request);
            return answer === "accept"
              ? { action: "accept", content: { approve: true } }
              : { action: "decline" };
          },
        },
      },
    );
  });

  afterAll(async () => {
    await world?.close();
    httpServer?.kill();
    serverHome?.cleanup();
  });

  const served = () => {
    const db = openStore(join(serverHome.jarvisHome, "jarvis.db"), { key: TEST_STORE_KEY });
    try {
      return new AuditLog(db, systemClock).list({});
    } finally {
      db.close();
    }
  };
  const status = (name: string) => world.hub.statuses().find((s) => s.name === name)!;

  it("connects over stdio and over HTTP (with the token), and B offers only what its config names", () => {
    expect(status("b")).toMatchObject({ state: "ready", serverInfo: { name: "jarvis" } });
    expect(status("b").tools.sort()).toEqual(["b__calc_evaluate", "b__files_write"]);
    expect(status("bhttp").state).toBe("ready");
    expect(status("bhttp").protocolVersion).toBe("2026-07-28");
    expect(status("nokey").state).not.toBe("ready");
    expect(status("nokey").error?.message).toMatch(/^MCP server nokey /);
  });

  it("a call passes both gates and lands in B's audit with A named as its source", async () => {
    const { broker, scope } = scopeAnswering("approve");
    const outcome = await world.runtime.gate.call(
      { tool: "b__calc_evaluate", args: { expression: "6 * 7" } },
      scope,
    );
    expect(outcome.result?.output).toContain("42");
    expect(broker.seen.map((r) => r.tool)).toEqual(["b__calc_evaluate"]); // A's own gate asked A's user
    const entry = served().find((e) => e.tool === "calc_evaluate" && e.stage === "result");
    expect(entry).toMatchObject({ correlationId: "mcp-client:jarvis/test", outcome: "ok" });
  });

  for (const via of ["b", "bhttp"] as const) {
    it(`B asks A's user before a write, with the exact preview (${via === "b" ? "stdio" : "HTTP"}); a no leaves no file`, async () => {
      const target = join(serverHome.home, "Documents", `${via}.txt`);
      asked.length = 0;
      answer = "decline";
      const { scope } = scopeAnswering("approve");
      const refused = await world.runtime.gate.call(
        { tool: `${via}__files_write`, args: { path: target, content: "hi" } },
        scope,
      );
      expect(refused.status).toBe("failed");
      expect(refused.result?.error?.message).toMatch(/denied \(USER_DENIED\)/);
      expect(existsSync(target)).toBe(false);
      expect(asked).toHaveLength(1);
      // A path B never heard from its own user is of unknown origin: one tier up (destructive),
      // and the question says so in words, without the tool's name.
      expect(asked[0]?.message).toMatch(/^Write the file .+\?\nIt is hard to undo, so I always ask first\./);
      expect(asked[0]?.message).not.toContain("files_write");
      expect(asked[0]?.message).toContain(`CREATE ${target}`);

      answer = "accept";
      const written = await world.runtime.gate.call(
        { tool: `${via}__files_write`, args: { path: target, content: "hi" } },
        scope,
      );
      expect(written.status).toBe("ok");
      expect(readFileSync(target, "utf8")).toBe("hi");
      const confirmations = served().filter(
        (e) => e.tool === "files_write" && e.stage === "confirmation" && e.args.includes(target),
      );
      expect(confirmations.map((e) => e.outcome)).toEqual(["deny", "approve"]);
    });
  }
});
