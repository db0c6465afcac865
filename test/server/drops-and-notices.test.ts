import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { JarvisEvent } from "../../src/core/events.js";
import { openKnowledge } from "../../src/knowledge/index.js";
import { probeTools } from "../../src/testing/probe-tools.js";
import { createFilesTools } from "../../src/tools/files/index.js";
import { createKnowledgeTools } from "../../src/tools/knowledge/index.js";
import { createTimerTools } from "../../src/tools/timers/index.js";
import { WsClient } from "./client.js";
import { action, auth, type ServerHarness, startServerHarness } from "./harness.js";

/** Server, agent and gate with the real knowledge base and timers (desktop popups recorded). */
let h: ServerHarness;
const popups: string[] = [];
const sockets: WsClient[] = [];
beforeAll(async () => {
  h = await startServerHarness({
    uiDir: null,
    nlu: {
      "tea timer": action("timer_set", { duration_s: 1, label: "tea" }),
      "read k": action("probe_read", { key: "k" }),
    },
    tools: (deps) => [
      ...createFilesTools(deps),
      ...probeTools(deps),
      ...createKnowledgeTools(deps),
      ...createTimerTools(deps),
    ],
    // the desktop notifier is the one thing replaced: delivery and the event path are the real ones
    tasks: {
      notifier: {
        notify: async (title, body) => {
          popups.push(`${title}: ${body}`);
        },
        alert: async (title, body) => {
          popups.push(`${title}: ${body}`);
          return undefined;
        },
      },
    },
  });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await h?.close();
});

async function open(): Promise<WsClient> {
  const socket = await WsClient.open(h.url);
  sockets.push(socket);
  await socket.next((m) => m.type === "hello");
  return socket;
}
function addToKnowledge(body: unknown) {
  return fetch(`${h.url}/api/knowledge`, {
    method: "POST",
    headers: { ...auth(), "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}
const ofRun = (socket: WsClient, runId: string) =>
  socket.messages
    .filter((m) => m.type === "event" && (m.event as JarvisEvent).runId === runId)
    .map((m) => m.event as JarvisEvent);
const knowledge = () => openKnowledge(h.runtime.deps);

describe("a dropped file added to the knowledge base", () => {
  it("runs knowledge_add through the gate, streams it to every tab and keeps it in the session", async () => {
    const hello = await (await open()).next((m) => m.type === "hello");
    expect(hello.features).toEqual({ knowledge: true, routines: true });
    const [one, two] = [await open(), await open()];
    const path = join(h.temp.home, "Documents", "lighthouse.md");
    writeFileSync(path, "# Lighthouse\n\nThe keeper trims the wick at dusk every evening.\n");
    const response = await addToKnowledge({ path });
    expect(response.status).toBe(200);
    const { runId, sessionId } = (await response.json()) as { runId: string; sessionId: string };
    expect(sessionId).toMatch(/\S/);
    const finished = await two.event("run_finished", (e) => e.runId === runId);
    expect(finished.data).toEqual({ text: expect.stringMatching(/added\s+.*lighthouse\.md[\s\S]*1 added/) });
    await one.event("run_finished", (e) => e.runId === runId);
    expect(ofRun(one, runId).map((e) => e.type)).toEqual([
      "run_started",
      "tool_proposed",
      "tool_decided",
      "tool_started",
      "tool_finished",
      "text_delta",
      "run_finished",
    ]);
    expect(ofRun(one, runId)[0]?.data).toEqual({
      input: `Add ${path} to the knowledge base`,
      sessionId,
      source: "web",
    });
    // audited like any call, and really in the store
    const audit = h.runtime.audit.list({ runId });
    expect(audit.map((e) => e.stage)).toContain("result");
    expect(audit.every((e) => e.tool === "knowledge_add")).toBe(true);
    const found = await knowledge().search("keeper wick");
    expect(found.results[0]?.source).toBe(path);
    // the chat's history of that session shows it after a reload
    const session = await (await fetch(`${h.url}/api/sessions/${sessionId}`, { headers: auth() })).json();
    expect(session.runs.map((r: { id: string }) => r.id)).toEqual([runId]);
    expect(session.runs[0].events.at(-1).type).toBe("run_finished");
    // a run of the agent like any other: on the Runs page, the person's proposal and its one call
    const listed = await (await fetch(`${h.url}/api/runs?limit=5`, { headers: auth() })).json();
    expect(listed.runs).toContainEqual(
      expect.objectContaining({ id: runId, sessionId, status: "finished", source: "web", mode: "direct" }),
    );
    const detail = await (await fetch(`${h.url}/api/runs/${runId}`, { headers: auth() })).json();
    expect(detail.run.steps).toEqual([
      expect.objectContaining({
        seq: 1,
        kind: "model",
        status: "done",
        result: expect.objectContaining({ model: "user" }),
      }),
      expect.objectContaining({
        seq: 2,
        kind: "tool",
        tool: "knowledge_add",
        status: "done",
        args: { path },
      }),
    ]);
    expect(detail.run.result).toMatch(/1 added/);
  });

  it("refuses a session that does not exist (404, one line), running and recording nothing", async () => {
    const before = h.runtime.audit.list({ limit: 1 })[0]?.seq;
    const runsBefore = h.agent.listRuns({ limit: 500 }).length;
    const path = join(h.temp.home, "Documents", "orphan.txt");
    writeFileSync(path, "orphan");
    const response = await addToKnowledge({ path, sessionId: "ses_nope" });
    expect(response.status).toBe(404);
    expect((await response.json()).error).toMatchObject({
      code: "NOT_FOUND",
      message: "no session ses_nope",
    });
    expect(h.runtime.audit.list({ limit: 1 })[0]?.seq).toBe(before);
    expect(h.agent.listRuns({ limit: 500 })).toHaveLength(runsBefore);
  });

  it("asks first when policy says so; a denial adds nothing", async () => {
    const socket = await open();
    const tools = h.runtime.config.policy.tools as Record<string, string>;
    tools.knowledge_add = "confirm";
    try {
      const path = join(h.temp.home, "Documents", "secret-plans.txt");
      writeFileSync(path, "zeppelin rendezvous at noon");
      const { runId } = (await (
        await addToKnowledge({ path, sessionId: h.agent.newSession("web") })
      ).json()) as {
        runId: string;
      };
      const asked = await socket.event("confirm_requested", (e) => e.runId === runId);
      if (asked.type !== "confirm_requested") throw new Error("unreachable");
      expect(asked.data.tool).toBe("knowledge_add");
      expect(asked.data.preview).toContain("secret-plans.txt");
      socket.send({ type: "confirm", id: "c1", confirmationId: asked.data.confirmationId, answer: "deny" });
      const finished = await socket.event("run_finished", (e) => e.runId === runId);
      expect(finished.data).toEqual({ text: "Okay, I didn't add it to the knowledge base." });
      expect((await knowledge().search("zeppelin rendezvous")).results).toEqual([]);
      const audit = h.runtime.audit.list({ runId });
      expect(audit.some((e) => e.stage === "confirmation" && e.outcome === "deny")).toBe(true);
    } finally {
      delete tools.knowledge_add;
    }
  });

  it("refuses a file outside the allowed folders (audited) and bad requests (400, nothing run)", async () => {
    const socket = await open();
    const { runId } = (await (await addToKnowledge({ path: "/etc/hostname" })).json()) as { runId: string };
    const decided = await socket.event("tool_decided", (e) => e.runId === runId);
    expect(decided.data).toMatchObject({ tool: "knowledge_add", decision: "deny", code: "PATH_DENIED" });
    const finished = await socket.event("run_finished", (e) => e.runId === runId);
    expect(finished.data).toEqual({
      text: expect.stringMatching(/^I couldn't add it to the knowledge base: .*\/etc\/hostname/),
    });
    expect(h.runtime.audit.list({ runId })).toEqual([
      expect.objectContaining({ stage: "validate", decision: "deny", outcome: "refused:PATH_DENIED" }),
    ]);

    const before = h.runtime.audit.list({ limit: 1 })[0]?.seq;
    for (const [body, path] of [
      [{}, "path"],
      [{ path: "" }, "path"],
      [{ path: 42 }, "path"],
      [{ path: "/tmp/x", sessionId: "" }, "sessionId"],
    ] as const) {
      const response = await addToKnowledge(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error).toMatchObject({ code: "USAGE", path });
    }
    const extra = await addToKnowledge({ path: "/tmp/x", tool: "shell_run" });
    expect(extra.status).toBe(400);
    expect((await extra.json()).error.message).toMatch(/tool is not a known field/);
    expect((await fetch(`${h.url}/api/knowledge`, { method: "POST" })).status).toBe(401);
    expect(h.runtime.audit.list({ limit: 1 })[0]?.seq).toBe(before);
  });

  it("stops a direct call with kill, like any run", async () => {
    const socket = await open();
    const tools = h.runtime.config.policy.tools as Record<string, string>;
    tools.knowledge_add = "confirm";
    try {
      const path = join(h.temp.home, "Documents", "waiting.txt");
      writeFileSync(path, "waiting");
      const sessionId = h.agent.newSession("web");
      const { runId } = (await (await addToKnowledge({ path, sessionId })).json()) as {
        runId: string;
      };
      await socket.event("confirm_requested", (e) => e.runId === runId);
      const late = await open(); // a tab opened now sees it running and its question pending
      const hello = await late.next((m) => m.type === "hello");
      expect(hello.active).toContainEqual({ runId, sessionId });
      expect(hello.pending).toContainEqual(expect.objectContaining({ runId, tool: "knowledge_add" }));
      socket.send({ type: "kill", id: "k1", runId });
      expect(await socket.next((m) => m.type === "ack" && m.id === "k1")).toMatchObject({ killed: 1 });
      await socket.event("run_cancelled", (e) => e.runId === runId);
      const stored = await (await fetch(`${h.url}/api/runs/${runId}`, { headers: auth() })).json();
      expect(stored.run).toMatchObject({ status: "cancelled", sessionId });
    } finally {
      delete tools.knowledge_add;
    }
  });
});

describe("GET /api/sessions/:id/history", () => {
  it("answers a session's words in order; refuses a bad limit with one line", async () => {
    const socket = await open();
    socket.send({ type: "turn", id: "h1", text: "read k" });
    const ack = await socket.next((m) => m.type === "ack" && m.id === "h1");
    await socket.event("run_finished", (e) => e.runId === ack.runId);
    const url = `${h.url}/api/sessions/${ack.sessionId}/history`;
    const body = await (await fetch(url, { headers: auth() })).json();
    expect(body.sessionId).toBe(ack.sessionId);
    expect(body.messages.map((m: { role: string }) => m.role)).toEqual(["user", "assistant"]);
    expect(body.messages[0]).toMatchObject({ text: "read k", runId: ack.runId });
    for (const bad of ["0", "x", "501"]) {
      const response = await fetch(`${url}?limit=${bad}`, { headers: auth() });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatchObject({ code: "USAGE", path: "limit" });
    }
    expect((await fetch(url)).status).toBe(401);
  });
});

describe("timers and alarms ring in every tab", () => {
  it("pushes a ringing timer to every open WebSocket, besides the desktop popup; dismissing it closes it everywhere", async () => {
    const [one, two] = [await open(), await open()];
    one.send({ type: "turn", id: "t1", text: "tea timer" });
    const ack = await one.next((m) => m.type === "ack" && m.id === "t1");
    await one.event("run_finished", (e) => e.runId === ack.runId);
    const rung: Array<{ id: string }> = [];
    for (const socket of [one, two]) {
      const alert = await socket.next((m) => m.type === "alert", 8_000);
      expect(alert).toEqual({
        type: "alert",
        ts: expect.any(Number),
        alert: expect.objectContaining({
          kind: "timer",
          status: "ringing",
          title: "Timer",
          message: 'Timer "tea" is done (1 second).',
        }),
      });
      rung.push(alert.alert as { id: string });
    }
    expect(popups).toEqual(['Jarvis: Timer: Timer "tea" is done (1 second).']);
    // a ringing timer is not a run: nothing new in the run list (the newest is still the turn)
    expect(h.agent.listRuns({ limit: 1 }).map((r) => r.id)).toEqual([ack.runId]);
    // a tab opened now is told what is ringing
    const late = await open();
    expect((await late.next((m) => m.type === "hello")).alerts).toEqual([
      expect.objectContaining({ id: rung[0]!.id }),
    ]);
    two.send({ type: "alert", id: "d1", alertId: rung[0]!.id, action: "dismiss" });
    expect(await two.next((m) => m.type === "ack" && m.id === "d1")).toMatchObject({
      alert: { status: "dismissed" },
    });
    for (const socket of [one, two, late]) {
      expect(await socket.next((m) => m.type === "alert_closed")).toMatchObject({
        alert: { id: rung[0]!.id, status: "dismissed" },
      });
    }
  });
});
