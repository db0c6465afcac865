import { describe, expect, it } from "vitest";
import { dateTools } from "./dates.js";
import { holidayName, nextHoliday } from "./holidays.js";

// Wednesday 11 June 2025, 10:00 UTC
const clock = { now: () => Date.parse("2025-06-11T10:00:00Z") };
const [until, shift] = dateTools(clock, "UTC") as [
  ReturnType<typeof dateTools>[number],
  ReturnType<typeof dateTools>[number],
];
const ctx = { signal: new AbortController().signal } as never;
const run = async (tool: typeof until, args: Record<string, unknown>) => tool.execute(args, ctx);

describe("named days", () => {
  it("finds fixed, Easter-based and nth-weekday days on or after a date", () => {
    expect(nextHoliday("Christmas", "2025-06-11")).toBe("2025-12-25");
    expect(nextHoliday("new year's eve", "2025-06-11")).toBe("2025-12-31");
    // Already past this year: next year's
    expect(nextHoliday("valentine's day", "2025-06-11")).toBe("2026-02-14");
    expect(nextHoliday("easter", "2025-01-01")).toBe("2025-04-20");
    expect(nextHoliday("good friday", "2025-01-01")).toBe("2025-04-18");
    expect(nextHoliday("easter", "2025-06-11")).toBe("2026-04-05");
    expect(nextHoliday("thanksgiving", "2025-06-11")).toBe("2025-11-27");
    expect(nextHoliday("mother's day", "2025-01-01")).toBe("2025-05-11");
    expect(nextHoliday("memorial day", "2025-01-01")).toBe("2025-05-26");
    expect(nextHoliday("the 4th of july", "2025-06-11")).toBe("2025-07-04");
    expect(nextHoliday("my birthday", "2025-06-11")).toBeUndefined();
  });

  it("knows a named day typed with a slip in its words, and no other word near one", () => {
    expect(holidayName("Chrissmas")).toBe("christmas");
    expect(holidayName("cristmas")).toBe("christmas");
    expect(holidayName("the new yeers eve")).toBe("new years eve");
    expect(holidayName("thanksgivin")).toBeUndefined();
    expect(holidayName("halowen")).toBe("halloween");
    expect(nextHoliday("eastr", "2025-01-01")).toBe("2025-04-20");
    // Other words, not days mistyped: the first or last letter differs, or the word is short
    expect(holidayName("christian")).toBeUndefined();
    expect(holidayName("eastern")).toBeUndefined();
    expect(holidayName("mas")).toBeUndefined();
  });
});

describe("time_until and time_shift", () => {
  it("counts the days to a named day and to a date, and since a past one", async () => {
    const christmas = await run(until, { date: "christmas" });
    expect(christmas.output).toBe(
      "Christmas is Thursday, December 25, 2025: 197 days (28 weeks and 1 day) from today.",
    );
    expect(christmas.data).toEqual({ date: "2025-12-25", days: 197 });
    expect((await run(until, { date: "2025-06-12" })).output).toBe(
      "Thursday, June 12, 2025: 1 day from today.",
    );
    expect((await run(until, { date: "2025-06-11" })).output).toMatch(/that's today/);
    expect((await run(until, { date: "2025-01-01" })).output).toMatch(/that was 161 days .* ago\.$/);
    expect((await run(until, { date: "christmas", from: "2025-12-01" })).data).toEqual({
      date: "2025-12-25",
      days: 24,
    });
  });

  it("moves a date by days, weeks, months and years, forwards and back", async () => {
    expect((await run(shift, { weeks: 3 })).output).toBe("3 weeks after today is Wednesday, July 2, 2025.");
    expect((await run(shift, { days: 100 })).data).toEqual({ date: "2025-09-19" });
    expect((await run(shift, { days: -10 })).output).toBe("10 days before today is Sunday, June 1, 2025.");
    expect((await run(shift, { months: 1, from: "christmas" })).data).toEqual({ date: "2026-01-25" });
  });

  it("refuses what it cannot read, in one line that says what to give", async () => {
    const bad = await run(until, { date: "my birthday" });
    expect(bad.ok).toBe(false);
    expect(bad.error?.message).toMatch(/YYYY-MM-DD or a day like christmas/);
    expect((await run(shift, {})).error?.message).toMatch(/say how far/);
  });
});
