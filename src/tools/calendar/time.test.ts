import { describe, expect, it } from "vitest";
import { parseWhen, Zone } from "./time.js";

const berlin = new Zone("Europe/Berlin");
const NOW = Date.UTC(2025, 2, 28, 11, 0); // Fri 28 March 2025, 12:00 in Berlin

describe("Zone (Intl tz database)", () => {
  it("maps wall times to instants on both sides of DST, through the spring gap and the autumn overlap", () => {
    const at = (text: string) => berlin.iso(parseWhen(text, berlin, NOW));
    expect(at("2025-03-30T01:30")).toBe("2025-03-30T01:30+01:00");
    expect(at("2025-03-30T02:30")).toBe("2025-03-30T03:30+02:00"); // does not exist: moves forward
    expect(at("2025-03-30T09:00")).toBe("2025-03-30T09:00+02:00");
    expect(at("2025-10-26T02:30")).toBe("2025-10-26T02:30+02:00"); // twice: the earlier one
    expect(at("2025-10-26T10:00")).toBe("2025-10-26T10:00+01:00");
  });

  it("adds calendar days, not 24 hours, across DST", () => {
    const saturday = parseWhen("2025-03-29T09:00", berlin, NOW);
    expect(berlin.iso(berlin.addDays(saturday, 1))).toBe("2025-03-30T09:00+02:00");
    expect(berlin.addDays(saturday, 1) - saturday).toBe(23 * 3_600_000);
    expect(berlin.weekday(saturday)).toBe(6);
  });

  it("parses ISO with offsets, bare dates (start or end of day), words, and refuses nonsense", () => {
    expect(parseWhen("2025-04-01T09:00Z", berlin, NOW)).toBe(Date.UTC(2025, 3, 1, 9));
    expect(berlin.iso(parseWhen("2025-04-01", berlin, NOW))).toBe("2025-04-01T00:00+02:00");
    expect(berlin.iso(parseWhen("2025-04-01", berlin, NOW, { endOfDay: true }))).toBe(
      "2025-04-02T00:00+02:00",
    );
    expect(berlin.iso(parseWhen("tomorrow 9am", berlin, NOW))).toBe("2025-03-29T09:00+01:00");
    expect(berlin.iso(parseWhen("tomorrow", berlin, NOW))).toBe("2025-03-29T00:00+01:00");
    for (const bad of ["2025-02-30", "2025-13-01T10:00", "soon-ish blah", "25:00"]) {
      expect(() => parseWhen(bad, berlin, NOW, { field: "start" }), bad).toThrow(
        /start ".*" is not a date or time I understand/,
      );
    }
    expect(() => new Zone("Mars/Olympus")).toThrow('"Mars/Olympus" is not an IANA time zone');
  });
});
