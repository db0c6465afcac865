import { describe, expect, it } from "vitest";
import { openerLength, stripFillers, tokenize } from "../../src/brain/nlu/text/normalize.js";
import { createTestNlu } from "../../src/testing/index.js";

/** Words that open a turn without adding to it (the team's own sentences). */
describe("a turn's opening words", () => {
  it("counts the joints and nods before the request, never the whole turn", () => {
    expect(openerLength(tokenize("and then mute the tv"))).toBe(2);
    expect(openerLength(tokenize("okay okay"))).toBe(1);
    expect(openerLength(tokenize("mute the tv"))).toBe(0);
  });
});

describe("thinking aloud", () => {
  it("drops hesitations wherever they fall, never the whole turn", () => {
    expect(stripFillers(tokenize("turn the uhh heating umm up")).map((t) => t.w)).toEqual([
      "turn",
      "the",
      "heating",
      "up",
    ]);
    expect(stripFillers(tokenize("hmm")).map((t) => t.w)).toEqual(["hmm"]);
  });
});

describe("a request after an opening word", async () => {
  const { parse } = await createTestNlu();

  it("is read as the request alone when the whole turn reads none", () => {
    expect(parse("and quit spotify")).toMatchObject({
      kind: "action",
      tool: "apps_quit",
      args: { app: "spotify" },
    });
    expect(parse("alright alright open firefox")).toMatchObject({ tool: "apps_launch" });
  });

  it("leaves a nod alone as a nod", () => {
    expect(parse("okay").kind).toBe("dialog");
  });
});
