import { describe, expect, it } from "vitest";
import type { Catalog } from "../../src/brain/nlu/catalog.js";
import { createNlu } from "../../src/brain/nlu/index.js";
import { writeBecomesRead } from "../../src/brain/nlu/write-guard.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * A request to change something, said without its values, is asked about rather than answered
 * by a sibling that only reads: a write request must never come back as a listing.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };

describe("a within-group swap never turns a change into a read", () => {
  it("a timer named by what it times, without a length, asks for the length instead of listing timers", () => {
    for (const said of ["timer for the pasta please", "timer for the rice", "timer for the cake"]) {
      const r = nlu.parse(said, base);
      expect(r.tool).toBe("timer_set");
      expect(r.missing).toContain("duration_s");
    }
  });

  it("a misspelt addition to a list asks about the addition instead of showing the list", () => {
    const r = nlu.parse("ad eggs to the shoping list", base);
    expect(r.tool).toBe("lists_add");
    expect(r.missing?.length ?? 0).toBeGreaterThan(0);
  });

  it("a bare request to see still reads", () => {
    expect(nlu.parse("all my alarms", base)).toMatchObject({ kind: "action", tool: "alarm_list" });
  });
});

describe("writeBecomesRead", () => {
  const catalog = { readsOnly: new Set(["things_list"]) } as unknown as Catalog;
  const write = (probability: number) => ({ label: "things_add", probability });

  it("guards a reading sibling that the request to change clearly leads", () => {
    expect(writeBecomesRead(catalog, write(0.6), { tool: "things_list", probability: 0.3 })).toBe(true);
  });

  it("lets a nearly tied reading through, and never guards a sibling that also changes something", () => {
    expect(writeBecomesRead(catalog, write(0.45), { tool: "things_list", probability: 0.4 })).toBe(false);
    expect(writeBecomesRead(catalog, write(0.6), { tool: "things_remove", probability: 0.2 })).toBe(false);
  });

  it("a first reading that only reads is never guarded", () => {
    const first = { label: "things_list", probability: 0.9 };
    expect(writeBecomesRead(catalog, first, { tool: "things_list", probability: 0.05 })).toBe(false);
  });
});
