import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixedConfirmationBroker } from "../../src/gate/confirm.js";
import { hasPrograms } from "../../src/testing/programs.js";
import type { MailHarness } from "../mail/harness.js";
import { USER } from "../mail/harness.js";
import {
  calendarConfig,
  NEW_YORK_CALL,
  openCalendarHarness,
  startSeededRadicale,
  WEEKLY_STANDUP,
} from "./harness.js";
import { put, type RadicaleServer } from "./radicale.js";

const ok = hasPrograms(["radicale"], "radicale");
const NOW = Date.UTC(2025, 2, 26, 9, 0); // Wed 26 March 2025, 10:00 in Berlin; DST starts Sun 30 March

interface Listed {
  handle: string;
  title: string;
  start: string;
  end: string;
  recurring: boolean;
}

describe.skipIf(!ok)("calendar tools against Radicale: time zones, DST, recurrences", () => {
  let radicale: RadicaleServer;
  let harness: MailHarness;
  const approve = () => harness.scope({ broker: new FixedConfirmationBroker("approve") });
  const list = async (from: string, to: string, scope = harness.scope()) => {
    const outcome = await harness.runtime.gate.call(
      { tool: "calendar_list_events", args: { from, to } },
      scope,
    );
    expect(outcome.status, outcome.observation).toBe("ok");
    return (outcome.result!.data as { events: Listed[] }).events;
  };

  beforeAll(async () => {
    radicale = await startSeededRadicale();
    await put(radicale, `/${USER}/work/standup.ics`, WEEKLY_STANDUP);
    await put(radicale, `/${USER}/work/ny.ics`, NEW_YORK_CALL);
    harness = openCalendarHarness(calendarConfig(radicale.url), { now: NOW });
  });
  afterAll(async () => {
    await harness?.close();
    await radicale?.stop();
  });

  it("expands a weekly event across the DST change at the same wall time, with the UTC UNTIL honoured", async () => {
    const events = (await list("2025-03-20", "2025-04-30")).filter((e) => e.title === "Standup");
    expect(events.map((e) => e.start)).toEqual([
      "2025-03-21T09:00+01:00",
      "2025-03-28T09:00+01:00",
      "2025-04-04T09:00+02:00",
      "2025-04-11T09:00+02:00",
      "2025-04-18T09:00+02:00",
      "2025-04-25T09:00+02:00",
    ]);
    expect(events.every((e) => e.recurring)).toBe(true);
  });

  it("converts an IANA TZID without VTIMEZONE (New York call) into the user's zone", async () => {
    const events = (await list("2025-03-27", "2025-03-27")).filter((e) => e.title === "NY call");
    expect(events).toEqual([
      expect.objectContaining({ start: "2025-03-27T15:00+01:00", end: "2025-03-27T16:00+01:00" }),
    ]);
  });

  it("creates events on both sides of the DST change after showing a preview; the server stores TZID + VTIMEZONE", async () => {
    const broker = new FixedConfirmationBroker("approve");
    const scope = harness.scope({ broker });
    const before = await harness.runtime.gate.call(
      {
        tool: "calendar_create_event",
        args: { title: "Brunch", start: "2025-03-29T11:00", duration_min: 90, location: "Café" },
      },
      scope,
    );
    const after = await harness.runtime.gate.call(
      {
        tool: "calendar_create_event",
        args: { title: "Brunch again", start: "2025-03-30T11:00", end: "2025-03-30T12:30" },
      },
      scope,
    );
    expect([before.status, after.status]).toEqual(["ok", "ok"]);
    expect(broker.seen[0]!.preview).toContain("When: Sat 2025-03-29 11:00–12:30 (Europe/Berlin, +01:00)");
    expect(broker.seen[1]!.preview).toContain("When: Sun 2025-03-30 11:00–12:30 (Europe/Berlin, +02:00)");
    const events = await list("2025-03-29", "2025-03-30");
    expect(events.filter((e) => e.title.startsWith("Brunch")).map((e) => [e.start, e.end])).toEqual([
      ["2025-03-29T11:00+01:00", "2025-03-29T12:30+01:00"],
      ["2025-03-30T11:00+02:00", "2025-03-30T12:30+02:00"],
    ]);
    const url = (after.result!.data as { url: string }).url;
    const stored = await (await radicale.request("GET", new URL(url).pathname)).text();
    expect(stored).toContain("DTSTART;TZID=Europe/Berlin:20250330T110000");
    expect(stored).toContain("BEGIN:VTIMEZONE");
    // the same call again in the same run does not create a twin
    const again = await harness.runtime.gate.call(
      {
        tool: "calendar_create_event",
        args: { title: "Brunch again", start: "2025-03-30T11:00", end: "2025-03-30T12:30" },
      },
      scope,
    );
    expect(again.result?.output).toContain("Already created");
    expect((await list("2025-03-30", "2025-03-30")).filter((e) => e.title === "Brunch again")).toHaveLength(
      1,
    );
  });

  it("moves an event across the autumn DST change keeping its length, and a denied delete leaves it", async () => {
    const scope = approve();
    const found = (await list("2025-03-29", "2025-03-29", scope)).find((e) => e.title === "Brunch")!;
    const moved = await harness.runtime.gate.call(
      {
        tool: "calendar_update_event",
        args: { id: found.handle, start: "2025-10-26T10:00", title: "Autumn brunch" },
      },
      scope,
    );
    expect(moved.status, moved.observation).toBe("ok");
    expect(moved.result?.data).toMatchObject({
      start: "2025-10-26T10:00+01:00",
      end: "2025-10-26T11:30+01:00",
    });
    const autumn = (await list("2025-10-26", "2025-10-26", scope)).find((e) => e.title === "Autumn brunch")!;
    expect(autumn.start).toBe("2025-10-26T10:00+01:00");

    const denied = await harness.runtime.gate.call(
      { tool: "calendar_delete_event", args: { id: autumn.handle } },
      { ...scope, broker: new FixedConfirmationBroker("deny") },
    );
    expect(denied.code).toBe("USER_DENIED");
    expect(denied.tier).toBe("destructive");
    expect((await list("2025-10-26", "2025-10-26", scope)).map((e) => e.title)).toContain("Autumn brunch");

    const deleted = await harness.runtime.gate.call(
      { tool: "calendar_delete_event", args: { id: autumn.handle } },
      scope,
    );
    expect(deleted.status).toBe("ok");
    expect((await list("2025-10-26", "2025-10-26", scope)).map((e) => e.title)).not.toContain(
      "Autumn brunch",
    );
  });

  it("changes and deletes single occurrences of a recurring event, then the whole series", async () => {
    const scope = approve();
    const standups = (await list("2025-04-01", "2025-04-20", scope)).filter((e) => e.title === "Standup");
    const april4 = standups.find((e) => e.start.startsWith("2025-04-04"))!;
    const april11 = standups.find((e) => e.start.startsWith("2025-04-11"))!;
    const moved = await harness.runtime.gate.call(
      { tool: "calendar_update_event", args: { id: april4.handle, start: "2025-04-04T10:00" } },
      scope,
    );
    expect(moved.status, moved.observation).toBe("ok");
    const removed = await harness.runtime.gate.call(
      { tool: "calendar_delete_event", args: { id: april11.handle } },
      scope,
    );
    expect(removed.status, removed.observation).toBe("ok");
    const after = (await list("2025-03-27", "2025-04-20", scope)).filter((e) => e.title === "Standup");
    expect(after.map((e) => e.start)).toEqual([
      "2025-03-28T09:00+01:00",
      "2025-04-04T10:00+02:00",
      "2025-04-18T09:00+02:00",
    ]);

    const series = await harness.runtime.gate.call(
      { tool: "calendar_delete_event", args: { id: after[0]!.handle, series: true } },
      scope,
    );
    expect(series.status).toBe("ok");
    expect((await list("2025-03-01", "2025-05-01", scope)).filter((e) => e.title === "Standup")).toEqual([]);
  });

  it("proposes free slots inside working hours, around busy time, spread over days", async () => {
    const scope = approve();
    await harness.runtime.gate.call(
      {
        tool: "calendar_create_event",
        args: { title: "Workshop", start: "2025-03-31T09:00", end: "2025-03-31T12:00" },
      },
      scope,
    );
    const outcome = await harness.runtime.gate.call(
      {
        tool: "calendar_find_free_time",
        args: { from: "2025-03-31", to: "2025-04-06", count: 3, duration_min: 60 },
      },
      harness.scope(),
    );
    expect(outcome.status, outcome.observation).toBe("ok");
    const slots = (outcome.result!.data as { slots: Array<{ start: string; end: string }> }).slots;
    expect(slots).toEqual([
      { start: "2025-03-31T12:00+02:00", end: "2025-03-31T13:00+02:00" },
      { start: "2025-04-01T09:00+02:00", end: "2025-04-01T10:00+02:00" },
      { start: "2025-04-02T09:00+02:00", end: "2025-04-02T10:00+02:00" },
    ]);
  });

  it("refuses bad arguments with one line each", async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ["calendar_list_events", { from: "2025-04-02", to: "2025-04-01" }, "to must be after from"],
      ["calendar_list_events", { from: "someday maybe" }, "is not a date or time"],
      ["calendar_list_events", { calendar: "Holidays" }, 'no calendar named "Holidays"'],
      ["calendar_list_events", { account: "office" }, 'no calendar account named "office"'],
      [
        "calendar_create_event",
        { title: "X", start: "2025-04-01T10:00", end: "2025-04-01T09:00" },
        "must end after it starts",
      ],
      ["calendar_create_event", { title: "", start: "2025-04-01T10:00" }, "ARGS_INVALID"],
      ["calendar_update_event", { id: "#e999", title: "x" }, "HANDLE_UNKNOWN"],
      [
        "calendar_find_free_time",
        { day_start: "18:00", day_end: "08:00" },
        "day_start must be before day_end",
      ],
      ["calendar_find_free_time", { from: "2020-01-01", to: "2020-01-02" }, "in the past"],
    ];
    for (const [tool, args, expected] of cases) {
      const outcome = await harness.runtime.gate.call({ tool, args }, approve());
      expect(outcome.status, `${tool} ${JSON.stringify(args)}`).not.toBe("ok");
      expect(outcome.observation.split("\n")).toHaveLength(1);
      expect(outcome.observation).toContain(expected);
    }
  });
});
