import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * A switch whose schema says it includes something ("include hidden elements …") is read when
 * the thing's word is said with a word of taking it in ("hidden menus too"), never when denied.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const parse = (text: string) => nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });

describe("a switch that includes something", () => {
  it("is set when the hidden things are taken in", () => {
    for (const text of [
      "list every control of this window, hidden menus too",
      "show everything in this window including the hidden menus",
    ])
      expect(parse(text), text).toMatchObject({ tool: "ui_state", args: { all: true } });
  });

  it("is left alone when denied or not said", () => {
    expect(parse("show everything in this window without the hidden menus").args?.all).toBeUndefined();
    expect(parse("list the buttons in this window").args?.all).toBeUndefined();
  });
});

describe("how much of a page is wanted", () => {
  it("reads the characters said after the page as the fetch's limit", () => {
    for (const text of [
      "what does this page say https://example.org/news, only first 1500 characters",
      "fetch https://example.org/a and cut it after 1500 characters",
    ])
      expect(parse(text).args, text).toMatchObject({ max_chars: 1500 });
  });
});

describe("a note named by its place, the verb of writing down first", () => {
  it("writes the words after the colon into the note named", () => {
    expect(parse("jot down in the note called garden: beans went in the east bed")).toMatchObject({
      tool: "notes_add",
      args: { title: "garden", text: "beans went in the east bed" },
    });
    expect(parse("write this down in my workshop note: the drill bits are in the red tin")).toMatchObject({
      tool: "notes_add",
      args: { title: "workshop", text: "the drill bits are in the red tin" },
    });
  });
});

describe("how many, said before the length of each", () => {
  it("counts the slots, not the minutes", () => {
    expect(parse("give me three half hour slots where I'm free next week").args).toMatchObject({
      count: 3,
      duration_min: 30,
    });
  });
});

describe("what was told, named by who told it", () => {
  it("forgets what was said about the thing named", () => {
    expect(parse("forget everything you know about the neighbour")).toMatchObject({
      tool: "memory_forget",
      args: { query: "the neighbour" },
    });
    expect(parse("forget what I said about my landlord")).toMatchObject({
      tool: "memory_forget",
      args: { query: "my landlord" },
    });
  });
});
