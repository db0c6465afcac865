import { describe, expect, it } from "vitest";
import { settleMemory } from "./settle.js";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("settleMemory", () => {
  it("waits while something runs, then collects once; never exposes gc to the main context", async () => {
    let checks = 0;
    let busy = 2;
    settleMemory(
      () => {
        checks += 1;
        return busy-- <= 0;
      },
      5,
      10,
    );
    await tick(400);
    expect(checks).toBe(3); // two busy checks, then the collection, then no more
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });

  it("gives up after its tries, and can be cancelled", async () => {
    let checks = 0;
    settleMemory(
      () => {
        checks += 1;
        return false;
      },
      5,
      3,
    );
    await tick(400);
    expect(checks).toBe(3);
    let cancelled = 0;
    const cancel = settleMemory(() => {
      cancelled += 1;
      return true;
    }, 20);
    cancel();
    await tick(60);
    expect(cancelled).toBe(0);
  });
});
