import { describe, expect, it } from "vitest";
import { isVague, vagueArgs } from "../../src/brain/nlu/slots/vague.js";

/**
 * A word that only places a verb ("send a note across to Kim", "fire the file over") is no value
 * of its own: read alone as who or what, it is asked for instead of acted on (decision 0031, "a
 * value not actually in the sentence").
 */
describe("a particle read as a value", () => {
  it("is no recipient, name or path", () => {
    for (const word of ["over", "across", "round", "back", "up", "out"])
      expect(isVague("to", word)).toBe(true);
    expect(isVague("to", ["over"])).toBe(true);
    expect(vagueArgs({ to: ["across"], body: "lunch at one" }, ["to", "body"])).toEqual(["to"]);
  });

  it("leaves names, and the user's own wording, alone", () => {
    expect(isVague("to", "Kim")).toBe(false);
    expect(isVague("to", "Overton")).toBe(false);
    expect(isVague("body", "over")).toBe(false);
    expect(isVague("title", "back up the laptop")).toBe(false);
  });
});
