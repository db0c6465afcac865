import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { namePlaces, namesByKind, towardTheirs } from "../../src/brain/nlu/text/names.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { correctTokens, SpellingCorrector, userWords } from "../../src/brain/nlu/text/spelling.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * A word in the place of a name ("the gardn list", "my mornin routine") is read toward the
 * person's own names of that kind, and otherwise left as typed (the team's own sentences).
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const now = new Date("2025-06-11T10:00:00Z");
const vocabulary = {
  lists: new Set(["Garden jobs", "Allotment"]),
  routines: new Set(["Evening wind down"]),
};
const speller = new SpellingCorrector("run my the down routine list add to".split(" "));
const base = { now, timezone: "UTC", vocabulary };
const env = (text: string) => ({
  text,
  now,
  timezone: "UTC",
  zones: undefined as never,
  apps: new Set<string>(),
  user: vocabulary,
});

describe("the place of a name", () => {
  it("is the words before the noun that says a name's kind, up to a word that stands before names", () => {
    const text = "put compost on my allotmnt list";
    const places = namePlaces(tokenize(text), namesByKind(env(text)));
    expect(places.map((p) => p !== undefined)).toEqual([false, false, false, false, true, false]);
  });

  it("reads a slip toward exactly one of the person's names, from its first letter", () => {
    const theirs = new Set(["garden", "jobs", "allotment"]);
    expect(towardTheirs("allotmnt", theirs)).toBe("allotment");
    expect(towardTheirs("gardn", theirs)).toBe("garden");
    expect(towardTheirs("harden", theirs)).toBeUndefined();
  });
});

describe("a list or routine named with a slip", () => {
  it("finds the person's own list", () => {
    expect(nlu.parse("add twine to the allotmnt list", base)).toMatchObject({
      tool: "lists_add",
      args: { list: "allotment", items: ["twine"] },
    });
  });

  it("reads the words of a routine's name toward the person's routine", () => {
    const text = "run my evning wind down routine";
    const words = correctTokens(speller, tokenize(text), text, userWords(env(text))).map((t) => t.w);
    expect(words).toEqual(["run", "my", "evening", "wind", "down", "routine"]);
    expect(nlu.parse(text, base)).toMatchObject({ tool: "routines_run" });
  });

  it("keeps a name the person never made as typed", () => {
    expect(nlu.parse("add twine to my seed list", base)).toMatchObject({
      tool: "lists_add",
      args: { list: "seed", items: ["twine"] },
    });
  });
});
