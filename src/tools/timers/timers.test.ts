import { afterEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../core/clock.js";
import { MemoryHandleStore } from "../../core/handles.js";
import { SequentialIds } from "../../core/ids.js";
import { silentLogger } from "../../core/logger.js";
import { FixedConfirmationBroker } from "../../gate/confirm.js";
import type { RunScope } from "../../gate/gate.js";
import { createRunScope } from "../../gate/scope.js";
import { NO_SERVICE } from "../../runtime/compose.js";
import { createRuntime, type Runtime } from "../../runtime/runtime.js";
import { createTempHome, type TempHome } from "../../testing/home.js";
import { createTimerTools, TimerService, TimerStore } from "./index.js";

const START = Date.parse("2025-06-11T10:00:00Z");

let temp: TempHome | undefined;
const runtimes: Runtime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.close();
  temp?.cleanup();
  temp = undefined;
});

/** A Jarvis process: runtime + timer tools on the home's real SQLite file, with injected time. */
function start(clock = new ManualClock(START), ids: { next(prefix: string): string } = new SequentialIds()) {
  temp ??= createTempHome();
  const woken: number[] = [];
  const runtime = createRuntime({
    env: temp.env,
    clock,
    ids,
    logger: silentLogger,
    tools: (deps) => createTimerTools(deps, { timezone: "UTC" }),
  });
  runtime.onWake((dueAt) => woken.push(dueAt));
  runtimes.push(runtime);
  const handles = new MemoryHandleStore();
  const scope: RunScope = createRunScope({
    runId: "run_1",
    userText: [],
    handles,
    broker: new FixedConfirmationBroker("deny"),
  });
  const call = (tool: string, args: Record<string, unknown>) => runtime.gate.call({ tool, args }, scope);
  /** What the service's delivery does when it wakes: claim each due row, set repeats again. */
  const ring = () => {
    const store = new TimerStore(runtime.db);
    const timers = new TimerService({ db: runtime.db, clock, ids, timezone: "UTC" });
    const now = clock.now();
    const rung = store.due(now).filter((record) => store.markFired(record.id, now));
    for (const record of rung) timers.again(record, now);
    return rung.map((record) => record.label);
  };
  return { runtime, clock, woken, call, handles, ring };
}

const rows = (runtime: Runtime) =>
  runtime.db.prepare("SELECT id, kind, status FROM timers ORDER BY created_at, id").all() as Array<{
    id: string;
    kind: string;
    status: string;
  }>;

describe("timers", () => {
  it("stores the timer, wakes the service's delivery, and says it needs the service when none runs", async () => {
    const p = start();
    const set = await p.call("timer_set", { duration_s: 300, label: "tea" });
    expect(set.status).toBe("ok");
    expect(set.result!.output).toMatch(/^Timer "tea" set for 5 minutes \(ends at 10:05 AM\) #t1\. /);
    expect(set.result!.output).toContain(NO_SERVICE);
    expect(p.woken).toEqual([START + 300_000]);
    expect(rows(p.runtime)).toEqual([{ id: "timer_1", kind: "timer", status: "pending" }]);
  });

  it("lists remaining time and cancels by handle, by name, or all; asks which when unclear", async () => {
    const p = start();
    await p.call("timer_set", { duration_s: 600, label: "pasta" });
    await p.call("timer_set", { duration_s: 60 });
    p.clock.advance(30_000);
    const list = await p.call("timer_list", {});
    expect(list.result!.output).toMatch(/#t1 timer "pasta": 9 minutes 30 seconds left/);
    expect(list.result!.output).toMatch(/#t2 timer: 30 seconds left/);
    const unclear = await p.call("timer_cancel", {});
    expect(unclear.status).toBe("failed");
    expect(unclear.code).toBe("ARGS_INVALID");
    expect(unclear.result!.output).toMatch(/2 timers are set; say which one/);
    const byName = await p.call("timer_cancel", { label: "Pasta" });
    expect(byName.result!.output).toMatch(/Cancelled 1 timer: timer "pasta"/);
    const byHandle = await p.call("timer_cancel", { id: "#t2" });
    expect(byHandle.status).toBe("ok");
    expect(rows(p.runtime).map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
    const none = await p.call("timer_cancel", {});
    expect(none.code).toBe("NOT_FOUND");
  });

  it("refuses bad arguments with one clear line and stores nothing", async () => {
    const p = start();
    for (const args of [
      { duration_s: -5 },
      { duration_s: 0 },
      { duration_s: 1e9 },
      { duration_s: "5m" },
      { duration_s: 5, x: 1 },
    ]) {
      const outcome = await p.call("timer_set", args);
      expect(outcome.code, JSON.stringify(args)).toBe("ARGS_INVALID");
      expect(outcome.observation.split("\n")).toHaveLength(1);
    }
    const past = await p.call("alarm_set", { at: "2025-06-11T09:00:00Z" });
    expect(past.status).toBe("failed");
    expect(past.result!.output).toMatch(/has already passed/);
    const farAway = await p.call("alarm_set", { at: "2030-01-01T09:00:00Z" });
    expect(farAway.result!.output).toMatch(/at most a year ahead/);
    expect((await p.call("alarm_set", { at: "tomorrow at 9" })).code).toBe("ARGS_INVALID");
    expect((await p.call("timer_cancel", { id: "#t9" })).code).toBe("HANDLE_UNKNOWN");
    expect(rows(p.runtime)).toEqual([]);
  });
});

describe("alarms", () => {
  it("survive a restart: a new process reads them back from SQLite", async () => {
    const first = start();
    const set = await first.call("alarm_set", { at: "2025-06-11T11:00:00+00:00", label: "standup" });
    expect(set.result!.output).toMatch(/Alarm "standup" set for Wed, Jun 11, 11:00 AM #t1/);
    await first.runtime.close();

    const second = start(new ManualClock(START + 10 * 60_000));
    const listed = await second.call("alarm_list", {});
    expect(listed.result!.output).toMatch(/alarm "standup" at Wed, Jun 11, 11:00 AM/);
  });

  it("cancel by time, all at once, or the only one", async () => {
    const p = start();
    await p.call("alarm_set", { at: "2025-06-12T07:00:00Z" });
    await p.call("alarm_set", { at: "2025-06-12T08:00:00Z", label: "gym" });
    const byTime = await p.call("alarm_cancel", { at: "2025-06-12T07:00:00+00:00" });
    expect(byTime.result!.output).toMatch(/Cancelled 1 alarm: alarm at Thu, Jun 12, 7:00 AM/);
    expect((await p.call("alarm_cancel", {})).result!.output).toMatch(/alarm "gym"/);
    await p.call("alarm_set", { at: "2025-06-13T07:00:00Z" });
    await p.call("alarm_set", { at: "2025-06-14T07:00:00Z" });
    expect((await p.call("alarm_cancel", { all: true })).result!.output).toMatch(/Cancelled 2 alarms/);
    expect((await p.call("alarm_list", {})).result!.output).toBe("No alarms are set.");
  });

  it("repeat on the days asked, at the same time, until cancelled (and survive a restart)", async () => {
    // Said on a Thursday at 6:40: weekdays at 6:45, the first ring in five minutes
    const p = start(new ManualClock(Date.parse("2025-06-12T06:40:00Z")));
    const set = await p.call("alarm_set", { at: "2025-06-12T06:45:00Z", repeat: "weekdays", label: "work" });
    expect(set.result!.output).toMatch(/Alarm "work" set for Thu, Jun 12, 6:45 AM, then every weekday #t1/);
    p.clock.advance(5 * 60_000);
    expect(p.ring()).toEqual(["work"]);
    // Friday, then the weekend is skipped: Monday
    const listed = await p.call("alarm_list", {});
    expect(listed.result!.output).toMatch(/alarm "work" at Fri, Jun 13, 6:45 AM, then every weekday/);
    await p.runtime.close();
    const clock = new ManualClock(Date.parse("2025-06-13T07:00:00Z"));
    // Another process mints its own ids (real ones are unique; these only need to differ)
    const later = start(clock, { next: (prefix) => `${prefix}_b${Math.random().toString(36).slice(2, 8)}` });
    // Missed while no process was up: rung (as missed) when the service comes back
    expect(later.ring()).toEqual(["work"]);
    expect((await later.call("alarm_list", {})).result!.output).toMatch(
      /Mon, Jun 16, 6:45 AM, then every weekday/,
    );
    // Cancelled: it does not come back
    expect((await later.call("alarm_cancel", { label: "work" })).status).toBe("ok");
    expect((await later.call("alarm_list", {})).result!.output).toBe("No alarms are set.");
    expect(rows(later.runtime).map((r) => r.status)).toEqual(["fired", "fired", "cancelled"]);
    // A first time on a day the repeat skips moves to the next day it names
    const sunday = await later.call("alarm_set", { at: "2025-06-14T09:00:00Z", repeat: "mon,wed" });
    expect(sunday.result!.output).toMatch(/Mon, Jun 16, 9:00 AM, then on Mondays and Wednesdays/);
    expect((await later.call("alarm_set", { at: "2025-06-14T09:00:00Z", repeat: "fortnightly" })).code).toBe(
      "ARGS_INVALID",
    );
  });
});
