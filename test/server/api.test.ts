import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { JarvisEvent } from "../../src/core/events.js";
import { silentLogger } from "../../src/core/logger.js";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { createRunScope } from "../../src/gate/scope.js";
import { createServer, type TurnService } from "../../src/server/index.js";
import { openStore } from "../../src/store/database.js";
import { TEST_STORE_KEY } from "../../src/testing/home.js";
import { readProbeLog } from "../../src/testing/probe-tools.js";
import { rawRequest, readSse, WsClient } from "./client.js";
import { action, auth, type ServerHarness, startServerHarness, TOKEN } from "./harness.js";

const CONFIG = `# my settings — keep this comment
policy:
  autonomy: smart # the default
  confirm_timeout_s: 30
`;

let h: ServerHarness;
const sockets: WsClient[] = [];
beforeAll(async () => {
  h = await startServerHarness({
    config: CONFIG,
    uiDir: null,
    nlu: {
      "write x": action("probe_write", { key: "x" }),
      "danger zone": action("probe_danger", { key: "d" }),
      "slow read": action("probe_read", { key: "s", delay_ms: 60_000 }),
    },
  });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await h.close();
});

const configPath = () => join(h.temp.jarvisHome, "config.yaml");
const json = (body: unknown) => ({
  headers: { ...auth(), "content-type": "application/json" },
  body: JSON.stringify(body),
});
function post(path: string, body: unknown, headers: Record<string, string> = auth()) {
  return fetch(h.url + path, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("auth", () => {
  it("refuses API, metrics and WebSocket requests without the right token (401 JSON)", async () => {
    for (const path of ["/api/runs", "/api/audit", "/api/tools", "/api/settings", "/metrics"]) {
      const missing = await fetch(h.url + path);
      expect(missing.status, path).toBe(401);
      expect(await missing.json()).toEqual({ error: { code: "UNAUTHORIZED", message: expect.any(String) } });
      const wrong = await fetch(h.url + path, { headers: auth("f".repeat(64)) });
      expect(wrong.status, path).toBe(401);
      expect((await fetch(h.url + path, { headers: auth() })).status, path).toBe(200);
    }
    // the token never travels in the query string
    expect((await fetch(`${h.url}/api/runs?token=${TOKEN}`)).status).toBe(401);
    const turn = await post("/api/turns", { text: "write x" }, {});
    expect(turn.status).toBe(401);
    await expect(WsClient.open(h.url, { token: "nope" })).rejects.toThrow(/401/);
    expect(readProbeLog(h.temp.jarvisHome)).toEqual([]);
    expect(h.agent.listRuns()).toEqual([]);
  });

  it("refuses a foreign Host (DNS rebinding) with 403, even with the token", async () => {
    const port = new URL(h.url).port;
    for (const host of [`evil.example:${port}`, "attacker.test", `127.0.0.1.nip.io:${port}`]) {
      const response = await rawRequest(h.url, { path: "/api/runs", headers: { host, ...auth() } });
      expect(response.status, host).toBe(403);
      expect(JSON.parse(response.text).error.code).toBe("FORBIDDEN");
    }
    const health = await rawRequest(h.url, { path: "/health", headers: { host: `evil.example:${port}` } });
    expect(health.status).toBe(403);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      expect(
        (await rawRequest(h.url, { path: "/api/runs", headers: { host, ...auth() } })).status,
        host,
      ).toBe(200);
    }
  });

  it("refuses a WebSocket or a state-changing request from another web page's Origin", async () => {
    await expect(WsClient.open(h.url, { origin: "http://evil.example" })).rejects.toThrow(/403/);
    await expect(WsClient.open(h.url, { origin: "null" })).rejects.toThrow(/403/);
    const own = await WsClient.open(h.url, { origin: h.url });
    sockets.push(own);
    expect((await own.next((m) => m.type === "hello")).pending).toEqual([]);
    const foreign = await post(
      "/api/turns",
      { text: "write x" },
      { ...auth(), origin: "http://evil.example" },
    );
    expect(foreign.status).toBe(403);
    const kill = await post("/api/kill", {}, { ...auth(), origin: "https://127.0.0.1.evil.example" });
    expect(kill.status).toBe(403);
    expect(h.agent.listRuns()).toEqual([]);
  });

  it("caps request bodies (413 JSON) and answers unknown routes with 404 JSON", async () => {
    const big = await post("/api/turns", { text: "x".repeat(2 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect((await big.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
    const missing = await fetch(`${h.url}/api/nothing-here`, { headers: auth() });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      error: { code: "NOT_FOUND", message: "no route GET /api/nothing-here" },
    });
    const bad = await post("/api/turns", { text: "" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe("USAGE");
    expect(h.agent.listRuns()).toEqual([]);
  });

  it("sends security headers and a strict CSP", async () => {
    const response = await fetch(`${h.url}/health`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
    const page = await fetch(`${h.url}/`);
    expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self'.*frame-ancestors 'none'/);
  });
});

describe("settings", () => {
  it("refuses an invalid change with 400 naming the key path and leaves config.yaml byte-identical", async () => {
    const before = readFileSync(configPath());
    const cases: Array<[unknown, string]> = [
      [{ policy: { autonomy: "yolo" } }, "policy.autonomy"],
      [{ policy: { confirm_timeout_s: -5 } }, "policy.confirm_timeout_s"],
      [{ models: { primary: { provider: "ollama", base_url: "not a url" } } }, "models.primary.base_url"],
      [{ policy: { tools: { "Bad Name": "auto" } } }, "policy.tools.Bad Name"],
      [{ nonsense: true }, "(top level)"],
    ];
    for (const [patch, path] of cases) {
      const response = await fetch(`${h.url}/api/settings`, { method: "PUT", ...json(patch) });
      expect(response.status, path).toBe(400);
      const body = await response.json();
      expect(body.error.code, path).toBe("CONFIG_INVALID");
      expect(body.error.path, path).toBe(path);
      expect(body.error.message, path).toMatch(/^config\.yaml: /);
    }
    for (const body of ["[]", '"x"', "{}", "not json"]) {
      const response = await fetch(`${h.url}/api/settings`, {
        method: "PUT",
        headers: { ...auth(), "content-type": "application/json" },
        body,
      });
      expect(response.status, body).toBe(400);
    }
    expect(readFileSync(configPath()).equals(before)).toBe(true);
    expect(h.runtime.config.policy.autonomy).toBe("smart");
  });

  it("writes a valid change atomically, keeps comments, and applies policy at once", async () => {
    const response = await fetch(`${h.url}/api/settings`, {
      method: "PUT",
      ...json({
        policy: { autonomy: "ask_all", tools: { probe_read: "deny" } },
        files: { deny: ["~/secret"] },
      }),
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.restartRequired).toEqual([]);
    const text = readFileSync(configPath(), "utf8");
    expect(text).toContain("# my settings — keep this comment");
    expect(text).toMatch(/autonomy: ask_all/);
    expect(text).toMatch(/confirm_timeout_s: 30/);
    expect(statSync(configPath()).mode & 0o777).toBe(0o600);
    expect(h.runtime.config.policy.autonomy).toBe("ask_all");
    // the new deny root is enforced by the running gate at once
    mkdirSync(join(h.temp.home, "secret"));
    const denied = await h.runtime.gate.call(
      { tool: "files_list", args: { path: join(h.temp.home, "secret") } },
      createRunScope({
        runId: "run_settings",
        userText: [join(h.temp.home, "secret")],
        broker: new FixedConfirmationBroker("approve"),
      }),
    );
    expect(denied).toMatchObject({ status: "refused", code: "PATH_DENIED" });
    const tools = await (await fetch(`${h.url}/api/tools`, { headers: auth() })).json();
    expect(tools.tools.find((t: { name: string }) => t.name === "probe_read")).toMatchObject({
      override: "deny",
      tier: "safe",
      group: "probe",
      effects: ["read"],
    });
    // null removes a key (back to the default)
    const reset = await fetch(`${h.url}/api/settings`, {
      method: "PUT",
      ...json({ policy: { autonomy: "smart", tools: { probe_read: null } }, files: { deny: null } }),
    });
    expect(reset.status).toBe(200);
    expect(readFileSync(configPath(), "utf8")).not.toMatch(/probe_read|secret/);
    expect(h.runtime.config.policy.tools).toEqual({});
  });
});

describe("turns, confirmations and kill", () => {
  it("streams a turn over SSE; a confirmation answered over HTTP closes it for every client", async () => {
    const watcher = await WsClient.open(h.url);
    sockets.push(watcher);
    await watcher.next((m) => m.type === "hello");
    let answered: Promise<Response> | undefined;
    const response = await post("/api/turns", { text: "danger zone" });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const { turn, events } = await readSse(response, async (event) => {
      if (event.type !== "confirm_requested") return;
      // a second surface sees the same pending confirmation
      const pending = await (await fetch(`${h.url}/api/confirmations`, { headers: auth() })).json();
      expect(pending.pending).toEqual([
        expect.objectContaining({ confirmationId: event.data.confirmationId, tool: "probe_danger" }),
      ]);
      answered = post(`/api/confirmations/${event.data.confirmationId}`, { answer: "approve" });
    });
    expect((await answered!).status).toBe(200);
    const types = events.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(["confirm_requested", "confirm_resolved", "tool_finished", "run_finished"]),
    );
    expect(events.find((e) => e.type === "tool_decided")?.data).toMatchObject({
      tier: "dangerous",
      decision: "confirm",
    });
    expect(readProbeLog(h.temp.jarvisHome)).toContain("danger d");
    const resolved = await watcher.event("confirm_resolved");
    expect(resolved.data).toMatchObject({ answer: "approve" });
    // answering again (another tab, late) is a clean 404
    const confirmationId = (
      events.find((e) => e.type === "confirm_requested") as JarvisEvent & { data: { confirmationId: string } }
    ).data.confirmationId;
    expect((await post(`/api/confirmations/${confirmationId}`, { answer: "deny" })).status).toBe(404);
    expect((await post(`/api/confirmations/${confirmationId}`, { answer: "timeout" })).status).toBe(400);
    // the run is listed with its events and session
    const run = await (await fetch(`${h.url}/api/runs/${turn!.runId}`, { headers: auth() })).json();
    expect(run.run).toMatchObject({ status: "finished", input: "danger zone" });
    expect(run.events.map((e: JarvisEvent) => e.seq)).toEqual(events.map((e) => e.seq));
    const session = await (
      await fetch(`${h.url}/api/sessions/${turn!.sessionId}`, { headers: auth() })
    ).json();
    expect(session.runs.map((r: { id: string }) => r.id)).toEqual([turn!.runId]);
  });

  it("starts, denies and kills over the WebSocket; every socket sees the events", async () => {
    const tab = await WsClient.open(h.url);
    const other = await WsClient.open(h.url);
    sockets.push(tab, other);
    tab.send({ type: "turn", id: "t1", text: "danger zone" });
    const ack = await tab.next((m) => m.type === "ack" && m.id === "t1");
    const requested = await other.event("confirm_requested", (e) => e.runId === ack.runId);
    other.send({
      type: "confirm",
      id: "c1",
      confirmationId: (requested.data as { confirmationId: string }).confirmationId,
      answer: "deny",
    });
    expect(await other.next((m) => m.id === "c1")).toMatchObject({ type: "ack", answered: true });
    const finished = await tab.event("run_finished", (e) => e.runId === ack.runId);
    expect(finished.runId).toBe(ack.runId);
    expect(readProbeLog(h.temp.jarvisHome).filter((l) => l.startsWith("danger"))).toHaveLength(1);

    tab.send({ type: "turn", id: "t2", text: "slow read" });
    const slow = await tab.next((m) => m.type === "ack" && m.id === "t2");
    await other.event("tool_started", (e) => e.runId === slow.runId);
    const killed = await post("/api/kill", { runId: slow.runId });
    expect(await killed.json()).toEqual({ killed: 1 });
    const cancelled = await other.event("run_cancelled", (e) => e.runId === slow.runId);
    expect(cancelled.type).toBe("run_cancelled");
    expect(readProbeLog(h.temp.jarvisHome)).not.toContain("read-end s");

    tab.send({ type: "nonsense", id: "x1" });
    expect(await tab.next((m) => m.id === "x1")).toMatchObject({ type: "error", error: { code: "USAGE" } });
    tab.socket.send("not json");
    expect(await tab.next((m) => m.type === "error" && m.id === undefined)).toMatchObject({
      error: { code: "BAD_REQUEST" },
    });
  });

  it("reports the audit chain, and names the first tampered entry", async () => {
    const ok = await (await fetch(`${h.url}/api/audit?limit=5`, { headers: auth() })).json();
    expect(ok.chain).toMatchObject({ ok: true });
    expect(ok.entries.length).toBe(5);
    const denied = await (
      await fetch(`${h.url}/api/audit?decision=confirm&tool=probe_danger`, { headers: auth() })
    ).json();
    expect(denied.entries.length).toBeGreaterThan(0);
    expect(denied.entries.every((e: { tool: string }) => e.tool === "probe_danger")).toBe(true);
    expect((await fetch(`${h.url}/api/audit?decision=maybe`, { headers: auth() })).status).toBe(400);
    const db = openStore(join(h.temp.jarvisHome, "jarvis.db"), { key: TEST_STORE_KEY });
    db.exec("DROP TRIGGER audit_log_no_update");
    db.prepare("UPDATE audit_log SET reason = 'nothing to see' WHERE seq = 2").run();
    db.close();
    // the default check covers what was added since the last one; a full one finds the edit
    const quick = await (await fetch(`${h.url}/api/audit`, { headers: auth() })).json();
    expect(quick.chain).toMatchObject({ ok: true, mode: "incremental" });
    const broken = await (await fetch(`${h.url}/api/audit?verify=full`, { headers: auth() })).json();
    expect(broken.chain).toMatchObject({ ok: false, mode: "full", firstBad: { seq: 2 } });
    // and the broken link stays reported by the quick checks that follow
    const after = await (await fetch(`${h.url}/api/audit`, { headers: auth() })).json();
    expect(after.chain).toMatchObject({ ok: false, firstBad: { seq: 2 } });
    expect((await fetch(`${h.url}/api/audit?verify=partly`, { headers: auth() })).status).toBe(400);
  });

  it("exports metrics from the event stream: decisions by tier, tool latency, turn latency", async () => {
    const text = await (await fetch(`${h.url}/metrics`, { headers: auth() })).text();
    expect(text).toMatch(/jarvis_gate_decisions_total\{tier="dangerous",decision="confirm"\} 2/);
    expect(text).toMatch(/jarvis_tool_duration_seconds_count\{tool="probe_danger"\} 1/);
    expect(text).toMatch(/jarvis_turn_duration_seconds_count\{outcome="cancelled"\} 1/);
    expect(text).toMatch(/jarvis_confirmations_total\{answer="deny"\} 1/);
  });
});

describe("file drops", () => {
  it("saves a dropped file where tools can read it, and refuses one over the cap", async () => {
    const response = await fetch(`${h.url}/api/files?name=${encodeURIComponent("../../notes 1.txt")}`, {
      method: "POST",
      headers: { ...auth(), "content-type": "application/octet-stream" },
      body: "hello from a drop",
    });
    expect(response.status).toBe(200);
    const saved = await response.json();
    expect(saved.path).toBe(join(h.temp.home, "Downloads", "Jarvis", "notes 1.txt"));
    expect(readFileSync(saved.path, "utf8")).toBe("hello from a drop");
    expect(existsSync(join(h.temp.home, "notes 1.txt"))).toBe(false);
    // no knowledge tools here: the UI is told not to offer it, and the route says why
    const tab = await WsClient.open(h.url);
    sockets.push(tab);
    expect((await tab.next((m) => m.type === "hello")).features).toEqual({ knowledge: false });
    const add = await post("/api/knowledge", { path: saved.path });
    expect([add.status, (await add.json()).error.code]).toEqual([404, "NOT_FOUND"]);
  });
});

describe("start-up", () => {
  it("serves /health and the UI at once while the agent starts; API requests wait for it", async () => {
    let resolve!: (turns: TurnService) => void;
    const pending = new Promise<TurnService>((r) => {
      resolve = r;
    });
    const server = await createServer({
      runtime: h.runtime,
      turns: pending,
      token: TOKEN,
      logger: silentLogger,
      port: 0,
      uiDir: null,
      defaultMetrics: false,
    });
    const url = await server.listen();
    try {
      expect(await (await fetch(`${url}/health`)).json()).toMatchObject({ status: "starting" });
      let answered = false;
      const runs = fetch(`${url}/api/runs`, { headers: auth() }).then((r) => {
        answered = true;
        return r;
      });
      await new Promise((r) => setTimeout(r, 100));
      expect(answered).toBe(false);
      resolve(h.agent);
      expect((await runs).status).toBe(200);
      expect(await (await fetch(`${url}/health`)).json()).toMatchObject({ status: "ok" });
    } finally {
      await server.close();
    }
  });

  it("answers 503 when the agent could not start", async () => {
    const failed = Promise.reject(new Error("no brain"));
    const server = await createServer({
      runtime: h.runtime,
      turns: failed,
      token: TOKEN,
      logger: silentLogger,
      port: 0,
      uiDir: null,
      defaultMetrics: false,
    });
    const url = await server.listen();
    try {
      const response = await fetch(`${url}/api/runs`, { headers: auth() });
      expect(response.status).toBe(503);
      expect((await response.json()).error.code).toBe("UNAVAILABLE");
      expect((await fetch(`${url}/api/runs`)).status).toBe(401); // the token is still checked first
    } finally {
      await server.close();
    }
  });
});
