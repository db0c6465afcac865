import { describe, expect, it } from "vitest";
import { JarvisError } from "../core/errors.js";
import { compileSchedule, parseEvery, type TimeTrigger } from "./schedule.js";

const T0 = Date.parse("2026-03-27T12:00:00Z"); // a Friday; Berlin moves to summer time on Sunday the 29th

function problem(trigger: TimeTrigger): JarvisError {
  try {
    compileSchedule(trigger, "Europe/Berlin", T0);
  } catch (error) {
    if (error instanceof JarvisError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(trigger)} to be refused`);
}

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe("schedules", () => {
  it("cron runs in the routine's zone across a DST change", () => {
    const weekdays = compileSchedule({ type: "cron", cron: "0 7 * * 1-5" }, "Europe/Berlin", T0);
    const first = weekdays.next(T0)!;
    expect(iso(first)).toBe("2026-03-30T05:00:00.000Z"); // Monday 07:00 CEST (UTC+2)
    const friday = compileSchedule({ type: "cron", cron: "0 7 * * 5" }, "Europe/Berlin", T0 - 86_400_000 * 7);
    expect(iso(friday.next(T0 - 86_400_000))).toBe("2026-03-27T06:00:00.000Z"); // 07:00 CET (UTC+1)
  });

  it("RRULE with BYDAY/BYHOUR follows wall time in the zone; every/at anchor where they should", () => {
    const monday = compileSchedule(
      { type: "rrule", rrule: "FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0" },
      "Europe/Berlin",
      T0,
    );
    const a = monday.next(T0)!;
    const b = monday.next(a)!;
    expect([iso(a), iso(b)]).toEqual(["2026-03-30T07:00:00.000Z", "2026-04-06T07:00:00.000Z"]);
    expect(iso(monday.next(T0))).toBe(iso(a)); // asking again (or earlier) gives the same answer
    const every = compileSchedule({ type: "every", every: "1h30m" }, "UTC", T0);
    expect(every.next(T0)! - T0).toBe(90 * 60_000);
    expect(every.next(T0 + 100 * 60_000)! - T0).toBe(180 * 60_000);
    const once = compileSchedule({ type: "at", at: "2026-03-28T08:15" }, "Europe/Berlin", T0);
    expect(iso(once.next(T0))).toBe("2026-03-28T07:15:00.000Z");
    expect(once.next(once.next(T0)!)).toBeUndefined();
  });

  it("an invalid schedule names the character where it goes wrong", () => {
    const cron = problem({ type: "cron", cron: "0 7 * * 8" });
    expect(cron.code).toBe("ARGS_INVALID");
    expect(cron.message).toBe(
      'cron "0 7 * * 8" at character 9: "8" is out of range for the day of week field (0-7)',
    );
    expect(cron.fix).toMatch(/five fields/);
    expect(cron.details?.pointer).toBe("0 7 * * 8\n        ^");
    expect(problem({ type: "cron", cron: "61 7 * * *" }).message).toMatch(
      /at character 1: "61" is out of range for the minute field/,
    );
    expect(problem({ type: "cron", cron: "0 7 * *" }).message).toMatch(/at character 8: expected 5 fields/);
    expect(problem({ type: "cron", cron: "*/0 * * * *" }).message).toMatch(/at character 3: a step of 0/);
    expect(problem({ type: "cron", cron: "0 7 * JAN,FOO *" }).message).toMatch(
      /at character 11: "FOO" is out of range for the month field/,
    );
    const rrule = problem({ type: "rrule", rrule: "FREQ=WEEKLY;BYDAY=MO,XX;BYHOUR=9" });
    expect(rrule.message).toBe(
      'rrule "FREQ=WEEKLY;BYDAY=MO,XX;BYHOUR=9" at character 19: "MO,XX" is not a valid BYDAY',
    );
    expect(problem({ type: "rrule", rrule: "FREQ=DAILY;BYHOURS=9" }).message).toMatch(
      /at character 12: "BYHOURS" is not an RRULE part/,
    );
    expect(problem({ type: "rrule", rrule: "BYDAY=MO" }).message).toMatch(/FREQ is required/);
    expect(problem({ type: "every", every: "15 parsecs" }).message).toMatch(
      /at character 4: "parsecs" is not a unit/,
    );
    expect(problem({ type: "every", every: "30s" }).message).toMatch(/at most once a minute/);
    expect(problem({ type: "at", at: "2026-13-01T07:00" }).message).toMatch(
      /at character 6: month 13 does not exist/,
    );
    expect(problem({ type: "at", at: "2026-02-30T07:00" }).message).toMatch(
      /at character 9: day 30 is not in that month/,
    );
    expect(problem({ type: "at", at: "tomorrow at 7" }).message).toMatch(
      /at character 1: expected YYYY-MM-DDTHH:MM/,
    );
    expect(parseEvery("2 hours")).toBe(7_200_000);
  });
});
