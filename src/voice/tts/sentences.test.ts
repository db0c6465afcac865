import { describe, expect, it } from "vitest";
import { SentenceSplitter, speakable } from "./sentences.js";

describe("SentenceSplitter", () => {
  it("emits each sentence as soon as it is complete", () => {
    const splitter = new SentenceSplitter();
    expect(splitter.push("It is 3")).toEqual([]);
    expect(splitter.push(".5 degrees in Paris. Tomor")).toEqual(["It is 3.5 degrees in Paris."]);
    expect(splitter.push("row rain! Take an umbrella? ")).toEqual(["Tomorrow rain!", "Take an umbrella?"]);
    expect(splitter.push("Bye")).toEqual([]);
    expect(splitter.flush()).toEqual(["Bye"]);
    expect(splitter.flush()).toEqual([]);
  });

  it("does not split after abbreviations or inside addresses", () => {
    const splitter = new SentenceSplitter();
    expect(splitter.push("Ask Dr. Smith at example.com today. Ok")).toEqual([
      "Ask Dr. Smith at example.com today.",
    ]);
  });

  it("splits on line breaks", () => {
    expect(new SentenceSplitter().push("first line\nsecond line\n")).toEqual(["first line", "second line"]);
  });
});

describe("speakable", () => {
  it("strips markdown a voice should not read", () => {
    expect(speakable("**Bold** and `code` and [a link](http://x.y)\n- item")).toBe(
      "Bold and code and a link item",
    );
    expect(speakable("Timer set for 5 minutes (ends at 2:02 PM) #t1.")).toBe(
      "Timer set for 5 minutes (ends at 2:02 PM).",
    );
  });
});
