import { describe, expect, it } from "vitest";
import { findFreeSlots } from "./free-time.js";
import { buildEvent, buildTodo, expandEvents, parseCalendarText, readTodos } from "./ical.js";
import { Zone } from "./time.js";
import { ZoneResolver } from "./zones.js";

const berlin = new Zone("Europe/Berlin");
const resolver = () => new ZoneResolver(berlin, { from: 2024, to: 2026 });
const range = (from: string, to: string) => [Date.parse(from), Date.parse(to)] as const;
const calendar = (body: string) =>
  parseCalendarText(`BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:t\n${body}\nEND:VCALENDAR\n`);

describe("expandEvents", () => {
  it("daily event with EXDATE, an override moved an hour, and COUNT — no VTIMEZONE in the object", () => {
    const vcal = calendar(`BEGIN:VEVENT
UID:d@t
DTSTART;TZID=Europe/Berlin:20250328T080000
DTEND;TZID=Europe/Berlin:20250328T081500
RRULE:FREQ=DAILY;COUNT=5
EXDATE;TZID=Europe/Berlin:20250329T080000
SUMMARY:Walk
END:VEVENT
BEGIN:VEVENT
UID:d@t
RECURRENCE-ID;TZID=Europe/Berlin:20250331T080000
DTSTART;TZID=Europe/Berlin:20250331T090000
DTEND;TZID=Europe/Berlin:20250331T091500
SUMMARY:Walk (late)
END:VEVENT`);
    const [from, to] = range("2025-03-01T00:00Z", "2025-05-01T00:00Z");
    const out = expandEvents(vcal, from, to, resolver()).map((o) => [
      o.summary,
      berlin.iso(o.start),
      berlin.iso(o.end),
    ]);
    expect(out).toEqual([
      ["Walk", "2025-03-28T08:00+01:00", "2025-03-28T08:15+01:00"],
      ["Walk", "2025-03-30T08:00+02:00", "2025-03-30T08:15+02:00"],
      ["Walk (late)", "2025-03-31T09:00+02:00", "2025-03-31T09:15+02:00"],
      ["Walk", "2025-04-01T08:00+02:00", "2025-04-01T08:15+02:00"],
    ]);
  });

  it("all-day and floating events are read in the user's zone; out-of-range ones are left out", () => {
    const vcal = calendar(`BEGIN:VEVENT
UID:a@t
DTSTART;VALUE=DATE:20250330
DTEND;VALUE=DATE:20250401
SUMMARY:Trip
END:VEVENT
BEGIN:VEVENT
UID:f@t
DTSTART:20250330T100000
DTEND:20250330T110000
SUMMARY:Floating
END:VEVENT
BEGIN:VEVENT
UID:o@t
DTSTART:20240101T100000Z
DTEND:20240101T110000Z
SUMMARY:Old
END:VEVENT`);
    const [from, to] = range("2025-03-29T23:00Z", "2025-04-02T00:00Z");
    const out = expandEvents(vcal, from, to, resolver());
    expect(out.map((o) => [o.summary, o.allDay, berlin.iso(o.start), berlin.iso(o.end)])).toEqual([
      ["Trip", true, "2025-03-30T00:00+01:00", "2025-04-01T00:00+02:00"],
      ["Floating", false, "2025-03-30T10:00+02:00", "2025-03-30T11:00+02:00"],
    ]);
  });

  it("round-trips what Jarvis writes: TZID + generated VTIMEZONE, read back in another zone", () => {
    const start = Date.parse("2025-03-30T09:00+02:00");
    const text = buildEvent(
      { uid: "u@t", summary: "Talk", start, end: start + 3_600_000, allDay: false, now: 0 },
      berlin,
    );
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20250330T090000");
    expect(text).toContain("TZOFFSETTO:+0200");
    const newYork = new Zone("America/New_York");
    const [occurrence] = expandEvents(
      parseCalendarText(text),
      start - 1,
      start + 1,
      new ZoneResolver(newYork, { from: 2024, to: 2026 }),
    );
    expect(newYork.iso(occurrence!.start)).toBe("2025-03-30T03:00-04:00");
  });

  it("reads reminders (VTODO) with date and date-time due, completed or not", () => {
    const due = Date.parse("2025-03-27T09:00+01:00");
    const todos = readTodos(
      parseCalendarText(buildTodo({ uid: "t@t", summary: "Pay rent", due, now: 0 }, berlin)),
      resolver(),
    );
    expect(todos).toEqual([
      expect.objectContaining({ summary: "Pay rent", due, dueIsDate: false, completed: false }),
    ]);
  });

  it("refuses data that is not iCalendar with one line", () => {
    expect(() => parseCalendarText("hello")).toThrow(/^not valid iCalendar data/);
    expect(() => parseCalendarText("BEGIN:VCARD\nVERSION:4.0\nFN:x\nEND:VCARD")).toThrow(
      "expected VCALENDAR, found VCARD",
    );
  });
});

describe("findFreeSlots", () => {
  const base = {
    zone: berlin,
    durationMs: 3_600_000,
    dayStart: "09:00",
    dayEnd: "17:00",
    workDays: [1, 2, 3, 4, 5],
  };

  it("skips weekends and busy time, keeps 09:00 local across DST, spreads over days first", () => {
    const [start, end] = range("2025-03-28T00:00+01:00", "2025-04-01T00:00+02:00"); // Fri … Mon
    const busy = [{ start: Date.parse("2025-03-28T09:00+01:00"), end: Date.parse("2025-03-28T10:15+01:00") }];
    const slots = findFreeSlots({ ...base, range: { start, end }, busy, count: 3 });
    expect(slots.map((s) => berlin.iso(s.start))).toEqual(
      ["2025-03-28T10:30+01:00", "2025-03-28T11:30+01:00", "2025-03-31T09:00+02:00"].sort(),
    );
  });

  it("returns nothing when the window is full", () => {
    const [start, end] = range("2025-03-31T00:00+02:00", "2025-04-01T00:00+02:00");
    const busy = [{ start: Date.parse("2025-03-31T08:00+02:00"), end: Date.parse("2025-03-31T18:00+02:00") }];
    expect(findFreeSlots({ ...base, range: { start, end }, busy, count: 2 })).toEqual([]);
  });
});
