import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/** A fact to keep, said as a habit of its subject or followed by the order not to lose it. */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const parse = (text: string) => nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });

describe("facts to keep", () => {
  it("keeps a habit whatever its verb, and a statement followed by 'don't forget it'", () => {
    expect(parse("remember I drive a blue estate car")).toMatchObject({
      tool: "memory_remember",
      args: { text: "I drive a blue estate car" },
    });
    expect(parse("keep in mind we eat late on sundays")).toMatchObject({ tool: "memory_remember" });
    expect(parse("my optician is called dr rao, don't forget it")).toMatchObject({
      tool: "memory_remember",
      args: { text: "my optician is called dr rao" },
    });
    expect(parse("my bike lock is 5521, keep that in your head")).toMatchObject({ tool: "memory_remember" });
  });

  it("a need is no fact, and a request with its purpose is not kept", () => {
    expect(parse("remember i need to call the bank").tool).not.toBe("memory_remember");
    const r = parse(
      "the quiz is on friday at 8pm at the pub. can you add it to my calendar so i don't forget it?",
    );
    expect(r.tool).not.toBe("memory_remember");
  });
});
