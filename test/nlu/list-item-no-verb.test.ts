import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/** A thing and a list named side by side, with no verb, is the thing put on that list. */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };

describe("a list item said with no verb", () => {
  it("adds the things before 'on the <name> list', any list the word names", () => {
    expect(nlu.parse("spare fuses on my van list", base)).toMatchObject({
      tool: "lists_add",
      args: { list: "van", items: ["spare fuses"] },
    });
    expect(nlu.parse("washing up liquid and bin bags on the shopping list please", base)).toMatchObject({
      tool: "lists_add",
      args: { list: "shopping", items: ["washing up liquid", "bin bags"] },
    });
  });

  it("a question about what is on the list still shows it", () => {
    expect(nlu.parse("what's on my van list", base)).toMatchObject({ tool: "lists_show" });
    expect(nlu.parse("is bread on the shopping list", base)).toMatchObject({ tool: "lists_show" });
  });

  it("a statement about the list adds nothing", () => {
    for (const text of ["i saw bread on the shopping list", "there are four things on my todo list"]) {
      const r = nlu.parse(text, base);
      const items = r.tool === "lists_add" ? (r.args.items as unknown[] | undefined) : undefined;
      expect(items ?? []).toEqual([]);
    }
  });
});
