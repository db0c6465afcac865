import { describe, expect, it } from "vitest";
import { ManualClock } from "../core/clock.js";
import { settleMemory } from "./settle.js";

describe("settleMemory", () => {
  it("waits while something runs, then collects once; never exposes gc to the main context", () => {
    const clock = new ManualClock();
    let checks = 0;
    let busy = 2;
    settleMemory(
      () => {
        checks += 1;
        return busy-- <= 0;
      },
      { delayMs: 5, tries: 10, clock },
    );
    clock.advance(4);
    expect(checks).toBe(0); // nothing before the delay
    for (let i = 0; i < 10; i++) clock.advance(5);
    expect(checks).toBe(3); // two busy checks, then the collection, then no more
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });

  it("gives up after its tries, and can be cancelled", () => {
    const clock = new ManualClock();
    let checks = 0;
    settleMemory(
      () => {
        checks += 1;
        return false;
      },
      { delayMs: 5, tries: 3, clock },
    );
    for (let i = 0; i < 10; i++) clock.advance(5);
    expect(checks).toBe(3);
    let cancelled = 0;
    const cancel = settleMemory(
      () => {
        cancelled += 1;
        return true;
      },
      { delayMs: 20, clock },
    );
    cancel();
    clock.advance(60);
    expect(cancelled).toBe(0);
  });
});
