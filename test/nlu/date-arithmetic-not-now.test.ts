import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * A count of days from a day, or the gap between two clocks, is date or zone arithmetic: never
 * answered with the time now, however the classifier leans.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };

describe("date arithmetic is not the time now", () => {
  it("a date some days from a day is worked out, not the clock read", () => {
    expect(nlu.parse("date 5 weeks after 2025-01-10", base)).toMatchObject({
      tool: "time_shift",
      args: { weeks: 5, from: "2025-01-10" },
    });
    const r = nlu.parse("what is the date nine days before 2026-03-14, the party", base);
    expect(r.tool).toBe("time_shift");
    expect(r.args).toMatchObject({ days: -9 });
  });

  it("a count ahead of today is worked out however the question is worded, and again after it", () => {
    for (const [said, args] of [
      ["which day will it be nineteen days from now", { days: 19 }],
      ["two months from today, which date is that", { months: 2 }],
      ["what's the date in 12 days", { days: 12 }],
    ] as const) {
      const r = nlu.parse(said, base);
      expect(r.tool, said).toBe("time_shift");
      expect(r.args, said).toMatchObject(args);
    }
    const lastCall = { tool: "time_shift", args: { days: 12 } };
    expect(nlu.parse("and in 30?", { ...base, lastCall })).toMatchObject({
      tool: "time_shift",
      args: { days: 30 },
    });
    expect(nlu.parse("what about 2 months", { ...base, lastCall })).toMatchObject({
      tool: "time_shift",
      args: { months: 2 },
    });
  });

  it("the gap between clocks or the day after tomorrow never acts as the time now", () => {
    for (const said of ["what's the time difference", "the day after of tomorrow, what date is that?"]) {
      const r = nlu.parse(said, base);
      if (r.tool === "time_now") expect(r.confidence, said).toBeLessThan(0.9);
    }
  });

  it("the date and the time are still read", () => {
    expect(nlu.parse("what is the date", base)).toMatchObject({ tool: "time_now" });
    expect(nlu.parse("what time is it in tokyo", base)).toMatchObject({ tool: "time_now" });
  });
});

describe("the days until a day, 'until' spelt loosely", () => {
  it("counts the days to the day named", () => {
    expect(nlu.parse("how many days untill easter", base)).toMatchObject({
      tool: "time_until",
      args: { date: "easter" },
    });
  });
});
