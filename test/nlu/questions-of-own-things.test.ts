import { describe, expect, it } from "vitest";
import { compileCatalog, type NluTool } from "../../src/brain/nlu/catalog.js";
import { makesSomething } from "../../src/brain/nlu/parse-rules.js";
import { ownLookup } from "../../src/brain/nlu/rescue.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * Questions about the user's own things are reads of them; questions about the world are not.
 * The sentences are the team's own.
 */
const tools: NluTool[] = [
  {
    name: "shelf_find",
    group: "shelf",
    effects: ["read"],
    language: [{ fallback: ({ words }) => ({ query: words.at(-1) ?? "" }) }],
  },
  {
    name: "shelf_add",
    group: "shelf",
    effects: ["write"],
    language: [{ fallback: ({ words }) => ({ item: words.at(-1) ?? "" }) }],
  },
  {
    name: "crate_list",
    group: "crate",
    effects: ["read"],
    language: [{ vetoes: /\btown\b/ }],
  },
];
const catalog = compileCatalog(tools);
const input = (text: string) => {
  const tokens = tokenize(text);
  return { tokens, words: tokens.map((t) => t.w), env: { text } as never };
};
const reading = (label: string, p: number) => ({
  ranked: [
    { label, probability: p },
    { label: "_question", probability: 1 - p },
  ],
  coverage: 1,
});

describe("a question about the user's own things", () => {
  it("runs its group's reading tool when the group is clear and the things are theirs", () => {
    expect(
      ownLookup(catalog, reading("shelf_find", 0.9), input("which of my shelves holds the atlas")),
    ).toEqual({
      tool: "shelf_find",
      args: { query: "atlas" },
    });
  });

  it("never runs a tool that changes something, nor reads without the user's own things", () => {
    expect(
      ownLookup(catalog, reading("shelf_add", 0.9), input("what do i keep on the shelf")),
    ).toBeUndefined();
    expect(
      ownLookup(catalog, reading("shelf_find", 0.9), input("which shelf holds the atlas")),
    ).toBeUndefined();
    // an unclear lean is no reading
    expect(ownLookup(catalog, reading("shelf_find", 0.6), input("what is on my shelf"))).toBeUndefined();
  });

  it("reads everything a reading that needs no value holds, unless its language rules the sentence out", () => {
    expect(ownLookup(catalog, reading("crate_list", 0.9), input("what is in my crate"))).toEqual({
      tool: "crate_list",
      args: {},
    });
    expect(ownLookup(catalog, reading("crate_list", 0.9), input("what's in jarvis's crate"))).toEqual({
      tool: "crate_list",
      args: {},
    });
    expect(ownLookup(catalog, reading("crate_list", 0.9), input("what have you got in the crate"))).toEqual({
      tool: "crate_list",
      args: {},
    });
    expect(
      ownLookup(catalog, reading("crate_list", 0.9), input("what crates are in my town")),
    ).toBeUndefined();
    // told, not asked: a request to do something with them
    expect(ownLookup(catalog, reading("crate_list", 0.9), input("summarise my crate"))).toBeUndefined();
  });

  it("asking whether something was done makes nothing", () => {
    expect(makesSomething("did the landlord reply")).toBe(false);
    expect(makesSomething("has the invoice been sent")).toBe(false);
    expect(makesSomething("reply to the landlord")).toBe(true);
    expect(makesSomething("send the invoice")).toBe(true);
  });
});

describe("questions end-to-end", async () => {
  const { parse } = await createTestNlu();

  it("reads whether someone wrote back as a search of the mail, impatience and all", () => {
    expect(parse("has Olga replied yet")).toMatchObject({ tool: "mail_search", args: { from: "Olga" } });
    expect(parse("did my sister email yet")).toMatchObject({ tool: "mail_search" });
  });

  it("leaves questions about the world, and counts of things no tool keeps, unacted", () => {
    for (const text of [
      "what's happening in town this weekend",
      "who won the cup final",
      "how many tins of beans have we got in the cupboard",
    ])
      expect(parse(text).kind).not.toBe("action");
  });
});
