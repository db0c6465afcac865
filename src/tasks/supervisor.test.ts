import { describe, expect, it } from "vitest";
import { ManualClock } from "../core/clock.js";
import { silentLogger } from "../core/logger.js";
import { ManualScheduler } from "../tools/timers/scheduler.js";
import { Supervisor, untilAborted } from "./supervisor.js";

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe("the supervisor", () => {
  it("restarts a crashing part after 1 s, 2 s, 4 s…, reports it, and starts over once the part stayed up", async () => {
    const clock = new ManualClock(0);
    const scheduler = new ManualScheduler(clock);
    const supervisor = new Supervisor({ clock, scheduler, logger: silentLogger, stableAfterMs: 60_000 });
    let starts = 0;
    let healthy = false;
    supervisor.add({
      name: "observer:mail",
      async run(signal) {
        starts += 1;
        if (!healthy) throw new Error("connect ECONNREFUSED 127.0.0.1:1");
        await untilAborted(signal);
      },
    });
    await flush();
    expect(supervisor.status()[0]).toMatchObject({
      state: "restarting",
      restarts: 1,
      lastError: "connect ECONNREFUSED 127.0.0.1:1",
      nextAttemptAt: 1_000,
    });
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const before = clock.now();
      scheduler.advance(supervisor.status()[0]!.nextAttemptAt! - before);
      await flush();
      waits.push(clock.now() - before);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    expect(starts).toBe(4);
    healthy = true;
    scheduler.advance(8_000);
    await flush();
    expect(supervisor.status()[0]).toMatchObject({ state: "running", restarts: 4 });
    await supervisor.stop();
    expect(supervisor.status()[0]?.state).toBe("stopped");
  });

  it("a part that returns by itself counts as crashed; stop() waits for parts to finish", async () => {
    const clock = new ManualClock(0);
    const scheduler = new ManualScheduler(clock);
    const supervisor = new Supervisor({ clock, scheduler, logger: silentLogger });
    supervisor.add({ name: "quitter", run: async () => undefined });
    await flush();
    expect(supervisor.status()[0]).toMatchObject({ state: "restarting", lastError: "it stopped by itself" });
    let cleaned = false;
    supervisor.add({
      name: "tidy",
      async run(signal) {
        await untilAborted(signal);
        await new Promise((resolve) => setTimeout(resolve, 20));
        cleaned = true;
      },
    });
    await supervisor.stop();
    expect(cleaned).toBe(true);
    scheduler.advance(60_000);
    await flush();
    expect(supervisor.status().map((s) => s.state)).toEqual(["stopped", "stopped"]);
  });

  it("remove() stops one part for good: it is aborted, awaited, gone from the status and never restarted", async () => {
    const clock = new ManualClock(0);
    const scheduler = new ManualScheduler(clock);
    const supervisor = new Supervisor({ clock, scheduler, logger: silentLogger });
    let closed = 0;
    let starts = 0;
    for (const name of ["observer:mail", "observer:files"]) {
      supervisor.add({
        name,
        async run(signal) {
          if (name === "observer:mail") starts += 1;
          await untilAborted(signal);
          if (name === "observer:mail") closed += 1;
          throw new Error("the connection closed"); // as a part that fails on the way out
        },
      });
    }
    await flush();
    await supervisor.remove("observer:mail");
    expect(closed).toBe(1);
    expect(supervisor.has("observer:mail")).toBe(false);
    expect(supervisor.status().map((p) => p.name)).toEqual(["observer:files"]);
    scheduler.advance(120_000);
    await flush();
    expect(starts).toBe(1);
    await supervisor.stop();
  });
});
