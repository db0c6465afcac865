import { describe, expect, it } from "vitest";
import { formOf } from "../../src/brain/nlu/text/forms.js";
import { heardAs } from "../../src/brain/nlu/text/heard.js";
import { stripFillers, tokenize } from "../../src/brain/nlu/text/normalize.js";
import { textSpeak } from "../../src/brain/nlu/text/texting.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * Words as speech and texting write them, read before the classifier (the team's own sentences):
 * a false start said again, a number's sound-alike before its scale, "wat" texted for "what".
 */
const once = (text: string) => stripFillers(tokenize(text)).map((t) => t.w);
const heard = (text: string) => heardAs(tokenize(text)).map((t) => t.w);
const texted = (text: string) => textSpeak(tokenize(text)).map((t) => t.w);

describe("a false start said again", () => {
  it("keeps a repeated word or run of words once", () => {
    expect(once("mute mute the telly")).toEqual(["mute", "the", "telly"]);
    expect(once("start a... start a stopwatch")).toEqual(["start", "a", "stopwatch"]);
    expect(once("remind me in in an hour hour")).toEqual(["remind", "me", "in", "an", "hour"]);
  });

  it("keeps the later copy's span, so a free value runs from it", () => {
    const text = "note note the gate code";
    const kept = stripFillers(tokenize(text));
    expect(text.slice(kept[0]!.start)).toBe("note the gate code");
  });

  it("leaves a number said twice, which is a value", () => {
    expect(once("wake me at six six")).toEqual(["wake", "me", "at", "six", "six"]);
    expect(once("dial 12 12 40")).toEqual(["dial", "12", "12", "40"]);
  });
});

describe("a number's sound-alike before its scale", () => {
  it("is the number", () => {
    expect(heard("what is for hundred minus ten")).toEqual(["what", "is", "four", "hundred", "minus", "ten"]);
    expect(heard("tree thousand steps")).toEqual(["three", "thousand", "steps"]);
  });

  it("leaves 'to' before a scale as typed", () => {
    expect(heard("count to hundred")).toEqual(["count", "to", "hundred"]);
  });
});

describe("'what' as texted", () => {
  it("reads 'wat' and 'wats'", () => {
    expect(texted("wat day is it")).toEqual(["what", "day", "is", "it"]);
    expect(texted("wats on tv")).toEqual(["what", "is", "on", "tv"]);
  });
});

describe("one word in its other form", () => {
  const seen = (word: string) => ({ phone: 120, tv: 5, telephone: 4, video: 50 })[word] ?? 0;

  it("is read as the form the catalog says far more often", () => {
    expect(formOf("telephone", seen)).toBe("phone");
    expect(formOf("telly", seen)).toBe("tv");
    expect(formOf("vid", seen)).toBe("video");
  });

  it("leaves the catalog's own form, and a form whose partner it rarely says", () => {
    expect(formOf("phone", seen)).toBeUndefined();
    expect(formOf("fridge", seen)).toBeUndefined();
    expect(formOf("doc", seen)).toBeUndefined();
  });
});

describe("a homophone in the verb's place", async () => {
  const { parse } = await createTestNlu();

  it("is read again when the sentence as typed was only a guess", () => {
    const r = parse("paws the podcast");
    expect(r).toMatchObject({ tool: "media_pause" });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("calls by the long form of the verb", () => {
    expect(parse("telephone my sister Jo")).toMatchObject({ tool: "contacts_call" });
  });
});
