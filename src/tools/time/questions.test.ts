import { describe, expect, it } from "vitest";
import { createNlu } from "../../brain/nlu/index.js";
import { builtinToolsForNlu } from "../../testing/index.js";

const now = new Date("2025-06-11T10:00:00Z");

describe("a date asked as a question", async () => {
  const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
  const parse = (text: string) =>
    nlu.parse(text, { now, timezone: "UTC" }) as { tool?: string; args?: Record<string, unknown> };

  it("counts to a named day typed with a slip, or said with its remainder word", () => {
    expect(parse("how many days till haloween").args).toEqual({ date: "halloween" });
    expect(parse("how long until cristmas").args).toEqual({ date: "christmas" });
    expect(parse("weeks remaining until easter").args).toEqual({ date: "easter" });
    expect(parse("how many days are left for thanksgiving").args).toEqual({ date: "thanksgiving" });
  });

  it("works out a date a count away with the verb a date takes, or a reason after", () => {
    expect(parse("what date lands 40 days from now").args).toEqual({ days: 40 });
    expect(parse("what is the date 30 days from today, the lease ends then").args).toEqual({ days: 30 });
    expect(parse("how long has it been since the 3rd of march, we moved house").tool).toBe("time_until");
  });
});
