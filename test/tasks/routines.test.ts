import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../src/core/clock.js";
import { JarvisError } from "../../src/core/errors.js";
import { ConfirmationInbox } from "../../src/gate/inbox.js";
import type { Alert } from "../../src/tasks/alerts.js";
import { startTasks, type Tasks } from "../../src/tasks/service.js";
import type { RoutineArgs } from "../../src/tasks/spec.js";
import type { RoutineRunRecord } from "../../src/tasks/store.js";
import { liveSurface } from "../../src/tasks/surfaces.js";
import { createRoutine, TasksLink, tasksTools } from "../../src/tasks/tools.js";
import { type AgentHarness, createAgentHarness } from "../../src/testing/agent-harness.js";
import { probeTools, readProbeLog } from "../../src/testing/probe-tools.js";
import { RecordingNotifier } from "../../src/testing/recording-notifier.js";
import { ScriptedModel } from "../../src/testing/scripted-model.js";
import { ManualScheduler } from "../../src/tools/timers/scheduler.js";

const START = Date.parse("2026-03-27T12:00:00Z");

interface World {
  h: AgentHarness;
  tasks: Tasks;
  link: TasksLink;
  clock: ManualClock;
  scheduler: ManualScheduler;
  inbox: ConfirmationInbox;
  model: ScriptedModel;
  live: Array<{ type: string; alert: Alert }>;
  add(args: RoutineArgs): string;
}

const worlds: World[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) {
    await world.tasks.close();
    await world.h.close();
  }
});

/** The service's tasks over a real agent, runtime, store, gate and audit; time moved by hand. */
async function world(
  options: { config?: string; h?: AgentHarness; clock?: ManualClock; observers?: boolean } = {},
): Promise<World> {
  const clock = options.clock ?? new ManualClock(START);
  const model = new ScriptedModel([]);
  const link = new TasksLink();
  const h =
    options.h ??
    createAgentHarness({
      clock,
      models: [{ label: "scripted:routines", role: "primary", model }],
      config: options.config ?? "",
      tools: (deps) => [...probeTools(deps), ...tasksTools(deps, link)],
    });
  link.gate = h.runtime.gate;
  link.registry = h.runtime.registry;
  const scheduler = new ManualScheduler(clock);
  const inbox = new ConfirmationInbox();
  const live: World["live"] = [];
  const tasks = await startTasks({
    runtime: h.runtime,
    agent: h.agent,
    broker: inbox,
    link,
    scheduler,
    notifier: new RecordingNotifier(),
    observers: options.observers ?? false,
    pollMs: 3_600_000, // one process: nothing written elsewhere to look for while days pass
    surfaces: [liveSurface((text) => live.push(JSON.parse(text)))],
  });
  await settleParts();
  const made: World = {
    h,
    tasks,
    link,
    clock,
    scheduler,
    inbox,
    model,
    live,
    add: (args) => createRoutine(h.runtime.deps, link, args).id,
  };
  worlds.push(made);
  return made;
}

const settleParts = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Waits (real time) until the routine's newest firing has ended. */
async function ended(w: World, routineId: string, count = 1, timeoutMs = 8_000): Promise<RoutineRunRecord[]> {
  for (let i = 0; i < timeoutMs / 10; i++) {
    const runs = w.tasks.store.runs(routineId, 50);
    if (runs.length >= count && runs.every((r) => r.status !== "running" && r.status !== "queued"))
      return runs;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`routine ${routineId} did not finish: ${JSON.stringify(w.tasks.store.runs(routineId))}`);
}

function refusal(fn: () => unknown): JarvisError {
  try {
    fn();
  } catch (error) {
    if (error instanceof JarvisError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("routines on a schedule", () => {
  it("run as durable agent runs under their grants: covered calls run unasked and are audited with the grant", async () => {
    const w = await world();
    const id = w.add({
      name: "Stretch",
      every: "15m",
      calls: [{ tool: "probe_write", args: { key: "stretch" } }],
      grants: ["probe_write"],
    });
    w.scheduler.advance(15 * 60_000);
    const [run] = await ended(w, id);
    expect(run).toMatchObject({
      status: "finished",
      tokensIn: 0,
      tokensOut: 0,
      trigger: expect.stringMatching(/^schedule/),
    });
    expect(readProbeLog(w.h.temp.jarvisHome)).toEqual(["write stretch"]);
    const agentRun = w.h.agent.getRun(run!.runId!);
    expect(agentRun).toMatchObject({ source: "routine", status: "finished" });
    expect(agentRun?.steps.map((s) => [s.kind, s.tool, s.status])).toEqual([
      ["model", undefined, "done"],
      ["tool", "probe_write", "done"],
    ]);
    const decision = w.h.runtime.audit.list({ runId: run!.runId! }).find((e) => e.stage === "decision");
    expect(decision).toMatchObject({
      decision: "allow",
      reason: expect.stringContaining('granted to routine "Stretch": "probe_write"'),
    });
    expect(w.model.calls).toHaveLength(0);
    w.scheduler.advance(15 * 60_000);
    expect(await ended(w, id, 2)).toHaveLength(2);
    expect(w.tasks.store.get(id)).toMatchObject({ runs: 2, tokensIn: 0 });
  });

  it("a call outside the grants waits in the inbox, is announced, and is denied at its expiry; the run records it", async () => {
    const w = await world({ config: "routines:\n  confirm_expiry_s: 2\n" });
    const id = w.add({
      name: "Cleanup",
      every: "1h",
      calls: [{ tool: "probe_danger", args: { key: "old" } }],
    });
    w.scheduler.advance(3_600_000);
    for (let i = 0; i < 100 && w.inbox.size === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const [question] = w.inbox.list();
    expect(question).toMatchObject({
      tool: "probe_danger",
      reason: expect.stringMatching(/outside the grants of routine "Cleanup"/),
    });
    expect(question!.expiresAt - question!.confirmationId.length).toBeGreaterThan(0);
    // The person reads the call in words and why: more than the routine was allowed; no tool name
    const announced = w.live.find((m) => m.alert.kind === "confirm")?.alert.message ?? "";
    expect(announced).toMatch(/^A routine asks: .+\? This is more than you allowed routine "Cleanup" to do/);
    expect(announced).not.toContain("probe_danger");
    expect(question).toMatchObject({ why: expect.stringContaining('routine "Cleanup"') });
    const [run] = await ended(w, id, 1, 20_000); // the 2 s expiry passes in real time: denied, not hung
    expect(readProbeLog(w.h.temp.jarvisHome)).toEqual([]);
    const steps = w.h.agent.getRun(run!.runId!)?.steps ?? [];
    expect(steps.find((s) => s.tool === "probe_danger")).toMatchObject({
      status: "denied",
      result: { code: "CONFIRM_TIMEOUT" },
    });
    expect(w.live.filter((m) => m.alert.kind === "confirm").map((m) => m.type)).toEqual([
      "alert",
      "alert_closed",
    ]);
  }, 30_000);

  it("conditions are checked without a model; a false one is recorded as a silent run", async () => {
    const w = await world();
    const id = w.add({
      name: "Weekends only",
      every: "1d",
      conditions: [{ field: "time.weekday", op: "gt", value: 5 }],
      calls: [{ tool: "probe_write", args: { key: "weekend" } }],
      grants: ["probe_write"],
    });
    for (const day of [1, 2, 3]) {
      w.scheduler.advance(86_400_000); // Saturday 12:00, Sunday, then Monday (skipped)
      await ended(w, id, day);
    }
    const runs = await ended(w, id, 3);
    expect(runs.map((r) => r.status)).toEqual(["skipped", "finished", "finished"]);
    expect(runs[0]).toMatchObject({ note: "conditions not met", tokensIn: 0, runId: undefined });
    expect(w.model.calls).toHaveLength(0);
  });

  it("asks the agent only when the action says so, accounts its tokens, and tells the answer", async () => {
    const w = await world();
    w.model.push({ text: "Sunny, and your first meeting is at 9." });
    const id = w.add({
      name: "Morning brief",
      cron: "0 7 * * 1-5",
      timezone: "Europe/Berlin",
      ask: "tell me the weather and my first meeting",
    });
    expect(w.tasks.store.get(id)?.nextDueAt).toBe(Date.parse("2026-03-30T05:00:00Z"));
    w.scheduler.advance(Date.parse("2026-03-30T05:00:00Z") - START);
    const [run] = await ended(w, id);
    expect(run?.status).toBe("finished");
    expect(w.model.calls).toHaveLength(1);
    expect(w.live.find((m) => m.alert.kind === "routine")?.alert).toMatchObject({
      title: "Morning brief",
      message: "Sunny, and your first meeting is at 9.",
    });
  });
});

describe("after downtime", () => {
  it("applies each routine's catch-up policy: skip (recorded), run once, or run every missed time", async () => {
    const first = await world();
    const skip = first.add({
      name: "skip",
      every: "1h",
      catch_up: "skip",
      calls: [{ tool: "probe_write", args: { key: "skip" } }],
      grants: ["probe_write"],
    });
    const once = first.add({
      name: "once",
      every: "1h",
      catch_up: "once",
      calls: [{ tool: "probe_write", args: { key: "once" } }],
      grants: ["probe_write"],
    });
    const all = first.add({
      name: "all",
      every: "1h",
      catch_up: "all",
      calls: [{ tool: "probe_write", args: { key: "all" } }],
      grants: ["probe_write"],
    });
    await first.tasks.close();
    worlds.length = 0;
    first.clock.set(START + 3.5 * 3_600_000); // down for three and a half hours
    const second = await world({ h: first.h, clock: first.clock });
    expect((await ended(second, skip)).map((r) => [r.status, r.note])).toEqual([
      ["missed", "3 runs missed while Jarvis was not running; skipped (catch-up: skip)"],
    ]);
    expect((await ended(second, once, 2)).map((r) => r.status).sort()).toEqual(["finished", "missed"]);
    expect((await ended(second, all, 3)).map((r) => r.status)).toEqual(["finished", "finished", "finished"]);
    const log = readProbeLog(first.h.temp.jarvisHome);
    expect(log.filter((l) => l === "write once")).toHaveLength(1);
    expect(log.filter((l) => l === "write all")).toHaveLength(3);
    expect(log).not.toContain("write skip");
    expect(second.tasks.store.get(skip)?.nextDueAt).toBe(START + 4 * 3_600_000);
  });
});

describe("events while down", () => {
  it("follow the catch-up policy too: skip records them as missed, once runs one of them", async () => {
    const first = await world({ observers: true });
    const folder = join(first.h.temp.home, "Downloads");
    const action = {
      on_file_in: folder,
      calls: [{ tool: "probe_write", args: { key: "{{file.name}}" } }],
      grants: ["probe_write"],
    };
    const skip = first.add({ name: "skip files", catch_up: "skip", ...action });
    const once = first.add({ name: "once files", catch_up: "once", ...action });
    for (let i = 0; i < 200 && !(first.tasks.host.state(skip) && first.tasks.host.state(once)); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    await first.tasks.close();
    worlds.length = 0;
    writeFileSync(join(folder, "a.txt"), "a");
    writeFileSync(join(folder, "b.txt"), "b");
    const second = await world({ h: first.h, clock: first.clock, observers: true });
    expect((await ended(second, skip, 2)).map((r) => r.status)).toEqual(["missed", "missed"]);
    expect((await ended(second, once, 2)).map((r) => r.status).sort()).toEqual(["finished", "missed"]);
    expect(readProbeLog(first.h.temp.jarvisHome).filter((l) => l.startsWith("write"))).toHaveLength(1);
  });
});

describe("bad input", () => {
  it("refuses at creation: a bad schedule (naming the character), an unknown tool, a grant broader than allowed", async () => {
    const w = await world({ config: 'files:\n  write_roots: ["~/Documents"]\n' });
    expect(refusal(() => w.add({ cron: "0 25 * * *", say: "hi" })).message).toMatch(
      /^cron "0 25 \* \* \*" at character 3: "25" is out of range for the hour field/,
    );
    expect(
      refusal(() => w.add({ every: "1h", calls: [{ tool: "probe_teleport", args: {} }] })),
    ).toMatchObject({ code: "TOOL_UNKNOWN" });
    expect(
      refusal(() => w.add({ every: "1h", calls: [{ tool: "probe_write", args: { key: 5 } }] })).message,
    ).toMatch(/call 1 \(probe_write\)/);
    expect(
      refusal(() => w.add({ every: "1h", say: "hi", grants: ["files_write under ~/Reports"] })).code,
    ).toBe("TOOL_UNKNOWN");
    expect(refusal(() => w.add({ every: "1h", say: "hi", grants: ["probe_teleport"] })).code).toBe(
      "TOOL_UNKNOWN",
    );
    expect(
      refusal(() => w.add({ every: "1h", say: "hi", grants: ["probe_danger under ~/.ssh"] })).message,
    ).toMatch(/takes no folder/);
    expect(refusal(() => w.add({ every: "1h", say: "hi", on_webhook: true })).message).toMatch(/one trigger/);
    expect(
      refusal(() =>
        w.add({ every: "1h", say: "hi", conditions: [{ field: "mail.from", op: "contains", value: "x" }] }),
      ).message,
    ).toMatch(/this trigger has no field "mail.from"/);
    expect(w.tasks.store.list()).toEqual([]);
  });

  it("routines that trigger each other stop at the depth limit with a notice", async () => {
    const w = await world({ config: "routines:\n  max_depth: 2\n" });
    const both = { on_webhook: true, grants: ["routines_run"], concurrency: "parallel" as const };
    const a = w.add({ name: "ping", ...both, calls: [{ tool: "routines_run", args: { id: "pong" } }] });
    w.add({ name: "pong", ...both, calls: [{ tool: "routines_run", args: { id: "ping" } }] });
    w.tasks.engine.trigger({
      routine: w.tasks.store.get(a)!,
      scheduledFor: START,
      trigger: "test",
      data: {},
      depth: 0,
      chain: [],
    });
    for (let i = 0; i < 200 && !w.live.some((m) => m.alert.title === "Routines stopped"); i++)
      await new Promise((r) => setTimeout(r, 10));
    const notice = w.live.find((m) => m.alert.title === "Routines stopped")?.alert;
    expect(notice?.message).toBe(
      'Routine "pong" was not run: stopped: routines kept triggering each other (ping → pong → ping → pong); the limit is 2 deep.',
    );
    const all = w.tasks.store.list().flatMap((r) => w.tasks.store.runs(r.id, 10));
    expect(all.filter((r) => r.status === "stopped")).toHaveLength(1);
    expect(all.length).toBe(4);
  });
});
