import { describe, expect, it } from "vitest";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { textSpeak } from "../../src/brain/nlu/text/texting.js";
import { createTestNlu } from "../../src/testing/index.js";

/** Texting shortenings, in the team's own words: read as the words they stand for, keys kept. */
const read = (text: string) => textSpeak(tokenize(text)).map((t) => t.w);

describe("texting shortenings", () => {
  it("keeps a shortening a group's shapes name as it is, and puts the others back", () => {
    const named = (word: string) => word === "msg";
    expect(textSpeak(tokenize("send a msg to dan")).map((t) => t.w)).toContain("message");
    expect(textSpeak(tokenize("send a msg to dan"), named).map((t) => t.w)).toContain("msg");
    expect(textSpeak(tokenize("any new msgs"), named).map((t) => t.w)).toContain("messages");
  });

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

  it("reads 'til' as until and 'rn' as right now", () => {
    expect(read("how long til lunch rn")).toEqual(["how", "long", "until", "lunch", "right", "now"]);
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

  it("drops a trailing 'right now' and a wish said in another language's order", () => {
    expect(parse("put oat milk on my list rn")).toMatchObject({
      tool: "lists_add",
      args: { items: ["oat milk"] },
    });
    expect(parse("I want that you remind me monday about the passport form")).toMatchObject({
      tool: "reminders_create",
    });
  });

  it("reads a request typed in capitals as words, not names", () => {
    expect(parse("SIX MIN TIMER FOR THE RICE")).toMatchObject({
      tool: "timer_set",
      args: { duration_s: 360 },
    });
  });
});
