import { describe, expect, it } from "vitest";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { textSpeak } from "../../src/brain/nlu/text/texting.js";
import { createTestNlu } from "../../src/testing/index.js";

/** Texting shortenings, in the team's own words: read as the words they stand for, keys kept. */
const read = (text: string) => textSpeak(tokenize(text)).map((t) => t.w);

describe("texting shortenings", () => {
  it("puts back the words a text message shortens", () => {
    expect(read("can u check ur mail abt the bday")).toEqual([
      "can",
      "you",
      "check",
      "your",
      "mail",
      "about",
      "the",
      "birthday",
    ]);
    expect(read("dinner w/ Sam, tea w/o milk")).toEqual(["dinner", "with", "sam", "tea", "without", "milk"]);
  });

  it("reads a lone r or n by its neighbours, and leaves a key as a key", () => {
    expect(read("we r low on eggs n bread")).toEqual(["we", "are", "low", "on", "eggs", "and", "bread"]);
    expect(read("r u there")).toEqual(["are", "you", "there"]);
    expect(read("press r")).toEqual(["press", "r"]);
    expect(read("hit the n key")).toEqual(["hit", "the", "n", "key"]);
  });

  it("keeps the spans the user typed", () => {
    const [, withWord] = textSpeak(tokenize("tea w/ lemon"));
    expect(withWord).toMatchObject({ w: "with", start: 4, end: 6 });
  });
});

describe("requests typed in shorthand act as the spelt-out ones do", async () => {
  const { parse } = await createTestNlu();

  it("acts on a shortened or by-ear request", () => {
    expect(parse("nxt track")).toMatchObject({ kind: "action", tool: "media_next" });
    expect(parse("wats the volumn now")).toMatchObject({ tool: "system_volume_get" });
    expect(parse("wheather in Oslo")).toMatchObject({ tool: "weather_current", args: { city: "Oslo" } });
  });

  it("reads a request typed in capitals as words, not names", () => {
    expect(parse("SIX MIN TIMER FOR THE RICE")).toMatchObject({
      tool: "timer_set",
      args: { duration_s: 360 },
    });
  });
});
