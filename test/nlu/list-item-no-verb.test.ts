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
      const items = r.tool === "lists_add" ? (r.args?.items as unknown[] | undefined) : undefined;
      expect(items ?? []).toEqual([]);
    }
  });
});

describe("a list's name is a name, not a slip", () => {
  it("keeps a real word before 'list' as typed", () => {
    expect(nlu.parse("add twine to my seed list", base)).toMatchObject({
      tool: "lists_add",
      args: { list: "seed", items: ["twine"] },
    });
    expect(nlu.parse("what's on the seed list", base)).toMatchObject({
      tool: "lists_show",
      args: { list: "seed" },
    });
  });

  it("still corrects a slip toward a list people keep", () => {
    expect(nlu.parse("put rice on the shoping list", base)).toMatchObject({
      tool: "lists_add",
      args: { list: "shopping", items: ["rice"] },
    });
  });
});

describe("a new list named and filled in one breath", () => {
  it("reads the name up to the break and the things after it", () => {
    expect(nlu.parse("new list called camping: tent, stove and matches", base)).toMatchObject({
      tool: "lists_add",
      args: { list: "camping", items: ["tent", "stove", "matches"] },
    });
    expect(nlu.parse("a new list named bake sale with flour and eggs", base)).toMatchObject({
      tool: "lists_add",
      args: { list: "bake sale", items: ["flour", "eggs"] },
    });
    expect(nlu.parse("new list called gym, put towel and lock on it", base)).toMatchObject({
      tool: "lists_add",
      args: { list: "gym", items: ["towel", "lock"] },
    });
  });

  it("a name alone creates the empty list", () => {
    expect(nlu.parse("new list called garden jobs", base)).toMatchObject({
      tool: "lists_add",
      args: { list: "garden jobs", items: [] },
    });
  });
});

describe("a new list with an aside after its name", () => {
  it("stays empty", () => {
    expect(nlu.parse("make a new list called allotment, empty for now", base)).toMatchObject({
      tool: "lists_add",
      args: { list: "allotment", items: [] },
    });
  });
});
