import { describe, expect, it } from "vitest";
import { nextOccurrence, repeatDays } from "./repeat.js";

describe("nextOccurrence", () => {
  it("keeps the wall-clock time across a daylight-saving change", () => {
    // Friday 23 Oct 2026, 06:45 in London is 05:45Z (summer time); the clocks go back on Sunday.
    const friday = Date.parse("2026-10-23T05:45:00Z");
    const next = nextOccurrence(friday, repeatDays("weekdays")!, "Europe/London");
    expect(new Date(next).toISOString()).toBe("2026-10-26T06:45:00.000Z");
  });

  it("finds the next listed day in the zone's own calendar, not UTC's", () => {
    // 23:30 on Monday in New York is already Tuesday in UTC; the next Tuesday in New York is tomorrow.
    const monday = Date.parse("2026-11-24T04:30:00Z");
    const next = nextOccurrence(monday, repeatDays("tue")!, "America/New_York");
    expect(new Date(next).toISOString()).toBe("2026-11-25T04:30:00.000Z");
  });
});
