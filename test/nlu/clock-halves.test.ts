import { beforeAll, describe, expect, it } from "vitest";
import type { NluContext, NluResult } from "../../src/brain/nlu/index.js";
import { findWhen, parseWhen, TimeZones } from "../../src/brain/nlu/slots/index.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * Which hour a time of day is (nlu44, issue 16: values read wrongly): the part of the day said
 * with an hour sets its half of the clock, a 24-hour time may be said in words, and a number
 * that counts a thing is no hour. Asserted on the moment reader every group shares, then on
 * calls that act (an alarm set twelve hours off looks done and is not).
 */
const zones = new TimeZones();
// Wednesday 11 June 2025, 10:00 UTC
const NOW = new Date("2025-06-11T10:00:00Z");
const words = (text: string) => tokenize(text).map((t) => t.w);
const at = (text: string) =>
  parseWhen(words(text), { zones, now: NOW, timezone: "UTC", direction: "future" });
const first = (text: string) =>
  findWhen(words(text), { zones, now: NOW, timezone: "UTC", direction: "future" })?.when.iso;

describe("the part of the day said with an hour sets its half", () => {
  it("evening, afternoon and night put the hour after noon", () => {
    expect(at("at 7 in the evening")?.iso).toBe("2025-06-11T19:00:00+00:00");
    expect(at("at 4 in the afternoon")?.iso).toBe("2025-06-11T16:00:00+00:00");
    expect(at("at 11 at night")?.iso).toBe("2025-06-11T23:00:00+00:00");
    expect(at("at 5:30 in the evening")?.iso).toBe("2025-06-11T17:30:00+00:00");
  });

  it("morning, and a small hour of the night, put it before noon", () => {
    expect(at("at 8 in the morning")?.iso).toBe("2025-06-12T08:00:00+00:00");
    expect(at("at 3 at night")?.iso).toBe("2025-06-12T03:00:00+00:00");
  });

  it("an hour 'of the morning' (with or without 'hours' or o'clock) is that hour before noon", () => {
    expect(at("at eight hours of the morning")?.iso).toBe("2025-06-12T08:00:00+00:00");
    expect(at("at 9 hour of the morning")?.iso).toBe("2025-06-12T09:00:00+00:00");
    expect(at("five o'clock of the morning")?.iso).toBe("2025-06-12T05:00:00+00:00");
    expect(at("at six of the evening")?.iso).toBe("2025-06-11T18:00:00+00:00");
  });
});

describe("a 24-hour time said in words", () => {
  it("an hour past noon after 'at' is a time of day", () => {
    expect(at("at 19 hours")?.iso).toBe("2025-06-11T19:00:00+00:00");
    expect(at("at the 21 hours")?.iso).toBe("2025-06-11T21:00:00+00:00");
  });

  it("a length from now stays one", () => {
    expect(at("in 19 hours")?.iso).toBe("2025-06-12T05:00:00+00:00");
  });
});

describe("a number that counts a thing is no hour", () => {
  it("the moment is the one said further on", () => {
    expect(first("set me two alarms at 6am")).toBe("2025-06-12T06:00:00+00:00");
    expect(first("put one reminder at 17 hours")).toBe("2025-06-11T17:00:00+00:00");
    expect(first("alarm 2 the 7am train")).toBe("2025-06-12T07:00:00+00:00");
  });

  it("an hour said alone with a day or a half after it is still an hour", () => {
    expect(first("alarm 6 tomorrow")).toBe("2025-06-12T06:00:00+00:00");
    expect(first("wake me 7 am")).toBe("2025-06-12T07:00:00+00:00");
    expect(first("wake me at 5")).toBe("2025-06-12T05:00:00+00:00");
  });
});

describe("calls that act at the hour said", () => {
  let nlu: Awaited<ReturnType<typeof createTestNlu>>;
  beforeAll(async () => {
    nlu = await createTestNlu();
  });
  const context: NluContext = { now: NOW, timezone: "UTC" };
  const call = (text: string) => {
    const r: NluResult = nlu.parse(text, context);
    return r.calls?.[0] ?? (r.tool ? { tool: r.tool, args: r.args ?? {} } : undefined);
  };

  it("an alarm at a 24-hour time said in words", () => {
    expect(call("set an alarm at 18 hours")).toMatchObject({
      tool: "alarm_set",
      args: { at: "2025-06-11T18:00:00+00:00" },
    });
  });

  it("an hour with am glued to it stays in the small hours (a reminder or an event, never 2 pm)", () => {
    expect(call("remind me at 3am to turn the oven off")).toMatchObject({
      tool: "reminders_create",
      args: { due: "2025-06-12T03:00:00+00:00" },
    });
    expect(call("put the ferry crossing in my calendar at 6am saturday")).toMatchObject({
      args: { start: "2025-06-14T06:00:00+00:00" },
    });
    // an hour said bare in the working day still reads as the afternoon
    expect(call("remind me at 4 to fetch the parcel")).toMatchObject({
      args: { due: "2025-06-11T16:00:00+00:00" },
    });
  });

  it("a reminder in the evening", () => {
    expect(call("remind me at 8 in the evening to water the tomatoes")).toMatchObject({
      tool: "reminders_create",
      args: { due: "2025-06-11T20:00:00+00:00" },
    });
  });
});
