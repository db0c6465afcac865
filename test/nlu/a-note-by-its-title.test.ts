import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/** A note named by its title is the notes' thing, not a list, whichever side the words fall. */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };

describe("a note named by its title", () => {
  it("adds to the named note, the words after or before the title", () => {
    expect(nlu.parse("add to my garden note: prune the roses in march", base)).toMatchObject({
      tool: "notes_add",
      args: { title: "garden", text: "prune the roses in march" },
    });
    expect(nlu.parse("add buy bulbs to my note called Garden plans", base)).toMatchObject({
      tool: "notes_add",
      args: { title: "Garden plans", text: "buy bulbs" },
    });
  });

  it("asks which note holds something as a search of the notes", () => {
    expect(nlu.parse("which note did i put the alarm code in", base)).toMatchObject({ tool: "notes_search" });
  });

  it("a list stays a list", () => {
    expect(nlu.parse("add milk to the shopping list", base)).toMatchObject({ tool: "lists_add" });
  });
});

describe("the page said as one word", () => {
  it("a screenshot of just the webpage is the browser's", () => {
    expect(nlu.parse("screenshot just the webpage", base)).toMatchObject({ tool: "browser_screenshot" });
  });
});

describe("a search said first, its verb set apart after it", () => {
  it("searches the words before '…, google it'", () => {
    expect(nlu.parse("cheapest ferry to oslo, google it", base)).toMatchObject({
      tool: "web_search",
      args: { query: "cheapest ferry to oslo" },
    });
  });

  it("a purpose ending in 'search it' is no search said first", () => {
    expect(nlu.parse("index my recipes folder ~/Recipes so you can search it", base).tool).not.toBe(
      "web_search",
    );
  });
});

describe("one's own papers named as where to search", () => {
  it("searches the documents, not the web", () => {
    expect(nlu.parse("search my own documents for the boiler manual settings", base)).toMatchObject({
      tool: "knowledge_search",
    });
    expect(nlu.parse("search the knowledge base: pruning roses", base)).toMatchObject({
      tool: "knowledge_search",
      args: { query: "pruning roses" },
    });
  });

  it("the web named, or nothing named, stays the web's", () => {
    expect(nlu.parse("search the web for pruning roses", base)).toMatchObject({ tool: "web_search" });
  });
});
