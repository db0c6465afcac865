import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../core/clock.js";
import { createToolHarness, type ToolHarness } from "../../testing/tool-harness.js";
import { createTimeTools } from "./index.js";

let harness: ToolHarness;
beforeEach(() => {
  harness = createToolHarness(
    (deps) => createTimeTools(deps, { timezone: "Europe/London" }),
    // Nothing listens on port 1: an unknown place must fail fast and offline
    "weather:\n  geocoding_url: http://127.0.0.1:1\n",
    {},
    { clock: new ManualClock(Date.parse("2025-06-11T10:00:00Z")) },
  );
});
afterEach(() => harness.close());

const call = (args: Record<string, unknown>) => harness.call("time_now", args, { answer: "deny" });

describe("time_now", () => {
  it("tells the local time, and the time in a city or IANA zone", async () => {
    expect((await call({})).result!.output).toBe(
      "It's 11:00 AM on Wednesday, June 11, 2025 (Europe/London, UTC+01:00).",
    );
    expect((await call({ city: "Tokyo" })).result!.output).toBe(
      "It's 7:00 PM on Wednesday, June 11, 2025 in Tokyo (Asia/Tokyo, UTC+09:00).",
    );
    expect((await call({ city: "san francisco" })).result!.output).toMatch(
      /3:00 AM .* \(America\/Los_Angeles, UTC-07:00\)/,
    );
    expect((await call({ city: "São Paulo" })).result!.output).toMatch(/7:00 AM .*America\/Sao_Paulo/);
    expect((await call({ timezone: "UTC" })).result!.output).toMatch(/10:00 AM .*\(UTC, UTC\+00:00\)/);
    expect((await call({ timezone: "pst" })).result!.output).toMatch(/America\/Los_Angeles/);
  });

  it("gives the weekday of a date, relative to today", async () => {
    expect((await call({ date: "2025-06-13" })).result!.output).toBe("Friday, June 13, 2025 (in 2 days).");
    expect((await call({ date: "2025-06-10" })).result!.output).toBe("Tuesday, June 10, 2025 (yesterday).");
  });

  it("refuses unknown zones and places with one clear line", async () => {
    const zone = await call({ timezone: "Mars/Olympus" });
    expect(zone.code).toBe("ARGS_INVALID");
    expect(zone.result!.output).toMatch(/"Mars\/Olympus" is not a time zone/);
    const place = await call({ city: "Qwertyville" });
    expect(place.code).toBe("NOT_FOUND");
    expect(place.observation.split("\n")).toHaveLength(1);
    expect((await call({ date: "2025-13-45" })).code).toBe("ARGS_INVALID");
  });
});
