import { describe, expect, it } from "vitest";
import { heardAs } from "../../src/brain/nlu/text/heard.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { createTestNlu } from "../../src/testing/index.js";

/** Numbers a dictation engine wrote as their sound-alikes, inside a sum (the team's own sentences). */
const heard = (text: string) => heardAs(tokenize(text)).map((t) => t.w);

describe("sound-alike numbers in a sum", () => {
  it("reads a sound-alike beside an operator as the number when a number stands across it", () => {
    expect(heard("six times for")).toEqual(["six", "times", "four"]);
    expect(heard("too plus ate")).toEqual(["two", "plus", "eight"]);
    expect(heard("nine divided by tree")).toEqual(["nine", "divided", "by", "three"]);
  });

  it("leaves the words where no sum is said", () => {
    expect(heard("room for plus sized coats")).toEqual(["room", "for", "plus", "sized", "coats"]);
    expect(heard("walk to the shop")).toEqual(["walk", "to", "the", "shop"]);
  });
});

describe("a dictated sum is worked out", async () => {
  const { parse } = await createTestNlu();

  it("computes the sum the sound-alikes stand for", () => {
    expect(parse("what's too times for plus won")).toMatchObject({
      tool: "calc_evaluate",
      args: { expression: "2 * 4 + 1" },
    });
  });
});
