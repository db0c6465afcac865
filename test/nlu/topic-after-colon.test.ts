import { describe, expect, it } from "vitest";
import { asksForInfo } from "../../src/brain/nlu/parse-rules.js";

/**
 * Words after a labelling colon are what is to be kept, not what is asked (parse-rules.ts
 * `asksForInfo`): a sum or a price written into a note does not make the request a question.
 */
describe("an information topic after a colon", () => {
  it("is the note's words, not the request's topic", () => {
    const said = "put this in my budget note: spent 20 euros on the average taxi";
    expect(asksForInfo(said.replace(":", ""), said)).toBe(false);
  });

  it("still makes a question before the colon, or with no colon", () => {
    const before = "what is the exchange rate for euros: today please";
    expect(asksForInfo(before.replace(":", ""), before)).toBe(true);
    expect(asksForInfo("how many euros is twenty pounds")).toBe(true);
  });

  it("reads a clock time's colon as no label", () => {
    const said = "what's the euro rate at 07:55";
    expect(asksForInfo(said, said)).toBe(true);
  });
});
