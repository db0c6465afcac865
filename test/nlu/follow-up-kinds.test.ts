import { describe, expect, it } from "vitest";
import { createNlu, type NluCall } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/** A second turn leans on the first: more of the same, a change in the same unit, another one. */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const NOW = new Date("2025-06-11T10:00:00Z");
const following = (first: string, then: string) => {
  const r = nlu.parse(first, { now: NOW, timezone: "UTC" });
  const lastCall: NluCall = { tool: r.tool!, args: r.args ?? {} };
  return nlu.parse(then, { now: NOW, timezone: "UTC", lastCall });
};

describe("follow-ups", () => {
  it("adds what a bare 'and …' names to the list just added to", () => {
    expect(following("put oats on the shopping list", "and honey")).toMatchObject({
      tool: "lists_add",
      args: { list: "shopping", items: ["honey"] },
    });
    // A request of its own is not an item
    expect(following("put oats on the shopping list", "and what's the weather like").tool).not.toBe(
      "lists_add",
    );
  });

  it("takes back what was just added when told to take it off", () => {
    expect(following("put oats on the shopping list", "actually take it off")).toMatchObject({
      tool: "lists_remove",
      args: { list: "shopping", item: "oats" },
    });
  });

  it("changes a timer in the unit it was set in, and sets a second alarm beside the first", () => {
    expect(following("set a timer for 20 minutes", "make it 25")).toMatchObject({
      tool: "timer_set",
      args: { duration_s: 1500 },
    });
    expect(following("wake me at 6:10", "and another one at 6:40")).toMatchObject({
      tool: "alarm_set",
      args: { at: expect.stringContaining("T06:40") },
    });
  });

  it("quits the app just opened when told to close it", () => {
    expect(following("open gimp", "close it")).toMatchObject({ tool: "apps_quit", args: { app: "gimp" } });
    // With nothing opened before, it asks which app
    const alone = nlu.parse("quit it", { now: NOW, timezone: "UTC" });
    expect(alone).toMatchObject({ tool: "apps_quit", missing: ["app"] });
  });
});
