import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../core/clock.js";
import { createToolHarness, type ToolHarness } from "../../testing/tool-harness.js";
import { parseClockTime } from "./convert.js";
import { createTimeTools } from "./index.js";
import { parseOffset } from "./zones.js";

let harness: ToolHarness;
let clock: ManualClock;
let geocoded: string[];

// The geocoder is Open-Meteo's API shape, served by a fake fetch: Springfield is known, nothing else
const fakeFetch: typeof fetch = async (url) => {
  const name = new URL(String(url)).searchParams.get("name") ?? "";
  geocoded.push(name);
  const results =
    name === "Springfield"
      ? [
          {
            name: "Springfield",
            country: "United States",
            latitude: 39.8,
            longitude: -89.6,
            timezone: "America/Chicago",
          },
        ]
      : [];
  return new Response(JSON.stringify({ results }), { headers: { "content-type": "application/json" } });
};

beforeEach(() => {
  geocoded = [];
  clock = new ManualClock(Date.parse("2025-06-11T10:00:00Z"));
  harness = createToolHarness(
    (deps) => createTimeTools(deps, { timezone: "Europe/London", fetch: fakeFetch }),
    "",
    {},
    { clock },
  );
});
afterEach(() => harness.close());

const call = (args: Record<string, unknown>) => harness.call("time_convert", args, { answer: "deny" });
const say = async (args: Record<string, unknown>) => (await call(args)).result!.output;

describe("time_convert", () => {
  it("converts a time between abbreviations, following daylight saving", async () => {
    expect(await say({ time: "9 am", from: "CST", to: "EST" })).toBe(
      "9:00 AM in Chicago (CDT) is 10:00 AM in New York (EDT). New York is 1 hour ahead of Chicago.",
    );
    expect(await say({ time: "9:00 AM", from: "cst", to: "est", date: "2025-01-15" })).toBe(
      "On Wednesday, January 15, 2025, 9:00 AM in Chicago (CST) is 10:00 AM in New York (EST). " +
        "New York is 1 hour ahead of Chicago.",
    );
    const result = (await call({ time: "12 pm", from: "pacific time", to: "Europe/Paris" })).result!;
    expect(result.output).toBe(
      "12:00 PM in Los Angeles (PDT) is 9:00 PM in Paris (CEST). Paris is 9 hours ahead of Los Angeles.",
    );
    expect(result.data).toMatchObject({
      from_zone: "America/Los_Angeles",
      to_zone: "Europe/Paris",
      offset_minutes: 540,
      from_time: "12:00",
      to_time: "21:00",
    });
  });

  it("crosses midnight and handles half-hour and 45-minute zones", async () => {
    expect(await say({ time: "8 am", from: "Manila", to: "New York" })).toBe(
      "8:00 AM in Manila (UTC+8) is 8:00 PM the previous day in New York (EDT). New York is 12 hours behind Manila.",
    );
    expect(await say({ time: "9:00", from: "London", to: "india" })).toBe(
      "9:00 AM in London (BST) is 1:30 PM in India (IST). India is 4 hours 30 minutes ahead of London.",
    );
    const nepal = await call({ time: "23:30", from: "UTC", to: "Kathmandu" });
    expect(nepal.result!.output).toBe(
      "11:30 PM UTC is 5:15 AM the next day in Kathmandu (UTC+5:45). Kathmandu is 5 hours 45 minutes ahead of UTC.",
    );
    expect(nepal.result!.data).toMatchObject({ offset_minutes: 345, to_date: "2025-06-12" });
  });

  it("reads GMT±N offsets and IST as India", async () => {
    expect(await say({ time: "21:30", from: "GMT+4", to: "GMT" })).toBe(
      "9:30 PM GMT+4 is 5:30 PM GMT. GMT is 4 hours behind GMT+4.",
    );
    expect(await say({ time: "10:00", from: "UTC-05:30", to: "IST" })).toBe(
      "10:00 AM UTC-5:30 is 9:00 PM in Kolkata (IST). Kolkata is 11 hours ahead of UTC-5:30.",
    );
    expect(parseOffset("gmt plus 4")).toEqual({ zone: "+04:00", label: "GMT+4" });
    expect(parseOffset("+0530")).toEqual({ zone: "+05:30", label: "UTC+5:30" });
    expect(parseOffset("UTC-12")).toEqual({ zone: "-12:00", label: "UTC-12" });
    for (const bad of ["GMT+15", "UTC-13", "GMT+4:75", "GMT4", "Tokyo"])
      expect(parseOffset(bad)).toBeUndefined();
  });

  it("answers difference questions with the current time, from here by default", async () => {
    expect(await say({ from: "London", to: "New York" })).toBe(
      "It's 11:00 AM in London (BST) and 6:00 AM in New York (EDT). New York is 5 hours behind London.",
    );
    expect(await say({ from: "LA", to: "new york" })).toBe(
      "It's 3:00 AM in LA (PDT) and 6:00 AM in New York (EDT). New York is 3 hours ahead of LA.",
    );
    expect(await say({ time: "9 am", to: "Tokyo" })).toBe(
      "9:00 AM here in London (BST) is 5:00 PM in Tokyo (UTC+9). Tokyo is 8 hours ahead of London.",
    );
    expect(await say({ from: "Boston", to: "Miami" })).toMatch(/Miami and Boston have the same time\.$/);
  });

  it("uses the clock's date: between the US and EU daylight-saving switches the gap is 4 hours", async () => {
    clock.set(Date.parse("2025-03-20T12:00:00Z"));
    expect(await say({ from: "London", to: "New York" })).toBe(
      "It's 12:00 PM in London (GMT) and 8:00 AM in New York (EDT). New York is 4 hours behind London.",
    );
    expect(await say({ time: "12:00", from: "London", to: "New York", date: "2025-06-20" })).toMatch(
      /12:00 PM in London \(BST\) is 7:00 AM in New York \(EDT\)\. New York is 5 hours behind London\.$/,
    );
    // The NLU hands clock times over as local ISO datetimes: the wall clock and date are what count
    expect(await say({ time: "2025-01-15T09:00:00+00:00", from: "CST", to: "EST" })).toMatch(
      /^9:00 AM in Chicago \(CST\) is 10:00 AM in New York \(EST\)/,
    );
  });

  it("geocodes places not in the table", async () => {
    const result = (await call({ time: "7:15 pm", from: "Springfield", to: "Berlin" })).result!;
    expect(result.output).toBe(
      "7:15 PM in Springfield (CDT) is 2:15 AM the next day in Berlin (CEST). Berlin is 7 hours ahead of Springfield.",
    );
    expect(geocoded).toEqual(["Springfield"]);
  });

  it("refuses bad input with one clear line, before any lookup", async () => {
    for (const time of ["25:00", "13 pm", "9:75", "banana", "2025-02-30T09:00:00Z"]) {
      const outcome = await call({ time, from: "Nowhereville", to: "Tokyo" });
      expect(outcome.code).toBe("ARGS_INVALID");
      expect(outcome.observation.split("\n")).toHaveLength(1);
      expect(outcome.result!.output).toContain(`"${time}" is not a time (use HH:MM like 21:30`);
    }
    expect(geocoded).toEqual([]);
    const place = await call({ to: "Qwertyville" });
    expect(place.code).toBe("NOT_FOUND");
    expect(place.result!.output).toBe(
      'NOT_FOUND: I don\'t know the time zone of "Qwertyville" (name a bigger city, an IANA zone like Europe/Paris, or an offset like GMT+4)',
    );
    expect((await call({ to: "Tokyo", from: "GMT+15" })).code).toBe("NOT_FOUND");
    const skipped = await call({ time: "2:30 am", from: "New York", to: "London", date: "2025-03-09" });
    expect(skipped.code).toBe("ARGS_INVALID");
    expect(skipped.observation).toMatch(/2:30 AM does not exist in New York on 2025-03-09/);
    expect(skipped.observation.split("\n")).toHaveLength(1);
    for (const args of [{}, { to: "" }, { to: "Tokyo", city: "Paris" }, { to: "Tokyo", date: "2025-02-30" }])
      expect((await call(args)).code).toBe("ARGS_INVALID");
  });
});

describe("parseClockTime", () => {
  it("reads 24-hour, am/pm and spoken times", () => {
    expect(parseClockTime("21:30")).toEqual({ hour: 21, minute: 30 });
    expect(parseClockTime("9:30 p.m.")).toEqual({ hour: 21, minute: 30 });
    expect(parseClockTime("12am")).toEqual({ hour: 0, minute: 0 });
    expect(parseClockTime("12 PM")).toEqual({ hour: 12, minute: 0 });
    expect(parseClockTime("0930")).toEqual({ hour: 9, minute: 30 });
    expect(parseClockTime("noon")).toEqual({ hour: 12, minute: 0 });
    expect(parseClockTime("2025-06-12T09:05:00+02:00")).toEqual({ hour: 9, minute: 5, date: "2025-06-12" });
    for (const bad of ["24:00", "0 am", "9:5", "nine", ""]) expect(parseClockTime(bad)).toBeUndefined();
  });
});
