import { describe, expect, it } from "vitest";
import { tokenize } from "../text/normalize.js";
import { digitize, parseNumber, parseOrdinal } from "../text/numbers.js";
import { parseDuration, parseMath, parseWhen, TimeZones } from "./index.js";

const words = (text: string) => tokenize(text).map((t) => t.w);
const zones = new TimeZones();
// Wednesday 11 June 2025, 10:00 UTC (12:00 in Paris, 06:00 in New York)
const NOW = new Date("2025-06-11T10:00:00Z");
const when = (
  text: string,
  timezone = "UTC",
  direction: "future" | "past" = "future",
  defaultHour?: number,
) =>
  parseWhen(words(text), {
    zones,
    now: NOW,
    timezone,
    direction,
    ...(defaultHour === undefined ? {} : { defaultHour }),
  });

describe("numbers", () => {
  it("reads digits and number words", () => {
    expect(parseNumber(words("twenty five"))).toBe(25);
    expect(parseNumber(words("a hundred and ten"))).toBe(110);
    expect(parseNumber(words("two thousand and fourteen"))).toBe(2014);
    expect(parseNumber(words("3.5"))).toBe(3.5);
    expect(parseNumber(words("1,250"))).toBe(1250);
    expect(parseNumber(words("twenty apples"))).toBeUndefined();
    expect(parseNumber(words("a timer"))).toBeUndefined();
    expect(parseOrdinal("second")).toBe(2);
    expect(parseOrdinal("3rd")).toBe(3);
    expect(parseOrdinal("last")).toBe(-1);
  });

  it("digitizes clock readings but not pronouns", () => {
    expect(digitize(words("at eight thirty pm")).join(" ")).toBe("at 8:30 pm");
    expect(digitize(words("at seven o'clock")).join(" ")).toBe("at 7:00");
    expect(digitize(words("open the second one")).join(" ")).toBe("open the second one");
  });
});

describe("durations", () => {
  it.each([
    ["5 minutes", 300],
    ["an hour and a half", 5400],
    ["half an hour", 1800],
    ["2 and a half hours", 9000],
    ["1 hour 30 minutes", 5400],
    ["1 hour and 20 minutes", 4800],
    ["90 sec", 90],
    ["1h30", 5400],
    ["5min", 300],
    ["a quarter of an hour", 900],
    ["three quarters of an hour", 2700],
    ["twenty seconds", 20],
    ["10 - minute", 600],
  ])("%s → %i s", (text, seconds) => {
    expect(parseDuration(words(text))).toBe(seconds);
  });

  it("refuses what is not (only) a duration, and absurd lengths", () => {
    for (const text of [
      "5",
      "minutes",
      "5 apples",
      "tomorrow",
      "5 minutes to call mom",
      "900000 hours",
      "0 minutes",
    ]) {
      expect(parseDuration(words(text)), text).toBeUndefined();
    }
  });
});

describe("dates and times (injected now)", () => {
  it("reads relative and absolute expressions against now", () => {
    expect(when("tomorrow at 9")?.iso).toBe("2025-06-12T09:00:00+00:00");
    expect(when("in 20 minutes")?.iso).toBe("2025-06-11T10:20:00+00:00");
    expect(when("at 6:30 am")?.iso).toBe("2025-06-12T06:30:00+00:00");
    expect(when("tonight at 8")?.iso).toBe("2025-06-11T20:00:00+00:00");
    expect(when("friday at 3pm")?.iso).toBe("2025-06-13T15:00:00+00:00");
    expect(when("next monday at 10")?.iso).toBe("2025-06-16T10:00:00+00:00");
    expect(when("eight thirty tomorrow morning")?.iso).toBe("2025-06-12T08:30:00+00:00");
    expect(when("friday evening")?.hasTime).toBe(true);
  });

  it("writes local time with the zone's offset, DST included", () => {
    expect(when("tomorrow at 9", "Europe/Paris")?.iso).toBe("2025-06-12T09:00:00+02:00");
    expect(when("tomorrow at 9", "America/New_York")?.iso).toBe("2025-06-12T09:00:00-04:00");
    expect(zones.iso(new Date("2025-01-15T12:00:00Z"), "Europe/Paris")).toBe("2025-01-15T13:00:00+01:00");
  });

  it("uses a default hour when only a day was said, and looks back for 'since'", () => {
    expect(when("on friday", "UTC", "future", 9)?.iso).toBe("2025-06-13T09:00:00+00:00");
    expect(when("monday", "UTC", "past", 0)?.iso).toBe("2025-06-09T00:00:00+00:00");
    expect(when("today", "UTC", "past", 0)?.date).toBe("2025-06-11");
  });

  it("refuses spans that are not only a date", () => {
    for (const text of ["tomorrow at 9 to call mom", "the year", "call mom", "for the year", "7 apples"]) {
      expect(when(text), text).toBeUndefined();
    }
  });

  it("reads spans that open with a date's own lead words, and no span that opens with another word", () => {
    expect(when("the day after tomorrow")?.date).toBe("2025-06-13");
    expect(when("an hour from now")?.iso).toBe("2025-06-11T11:00:00+00:00");
    expect(when("half past six tomorrow")?.iso).toBe("2025-06-12T06:30:00+00:00");
    expect(when("fifth of july")?.date).toBe("2025-07-05");
    expect(when("may 2")?.date).toBe("2026-05-02");
    for (const text of ["set an alarm for 6:30", "alarm at 7 tomorrow", "lunch on friday at noon"])
      expect(when(text), text).toBeUndefined();
  });
});

describe("spoken math", () => {
  it.each([
    ["12 times 8", "12 * 8"],
    ["15% of 240", "15 / 100 * 240"],
    ["20 percent of 80", "20 / 100 * 80"],
    ["the square root of 81", "sqrt(81)"],
    ["144 divided by 12", "144 / 12"],
    ["5 miles to kilometers", "5 mi to km"],
    ["9 squared", "9 ^2"],
    ["( 4 + 6 ) * 3", "(4 + 6) * 3"],
    ["seven plus thirty five", "7 + 35"],
  ])("%s → %s", (text, expression) => {
    expect(parseMath(words(text))).toBe(expression);
  });

  it("refuses words that are not math", () => {
    for (const text of ["the capital of peru", "5 minutes", "75 percent", "x", "plus", "what time is it"]) {
      expect(parseMath(words(text)), text).toBeUndefined();
    }
  });
});
