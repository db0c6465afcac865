import { describe, expect, it } from "vitest";
import { createNlu, type NluCall } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * One more of the last call with one value said anew (issue 16, follow-ups): "another", "one
 * more", "the same" say the call is repeated, the words after it give the value that differs.
 * It is one more, never a take-back of the first. The last calls are written here.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
const handles = [{ handle: "#t1", kind: "t", label: "4 minutes" }];
const secondTurn = (lastCall: NluCall, then: string) => nlu.parse(then, { ...base, lastCall });
const callsOf = (r: ReturnType<typeof nlu.parse>) => r.calls ?? [{ tool: r.tool, args: r.args }];

const timer: NluCall = { tool: "timer_set", args: { duration_s: 240 } };

describe("a repeat said with the value that differs", () => {
  it("another timer of the length said, with or without its unit", () => {
    for (const then of [
      "also another one for 12 minutes",
      "one more for 12",
      "and a second one for 12 minutes",
    ]) {
      const r = secondTurn(timer, then);
      expect(r.kind, then).toBe("action");
      expect(callsOf(r), then).toEqual([{ tool: "timer_set", args: { duration_s: 720 } }]);
    }
  });

  it("is one more even when there is a first one to take back", () => {
    const r = nlu.parse("another for 12", { ...base, lastCall: timer, handles });
    expect(callsOf(r)).toEqual([{ tool: "timer_set", args: { duration_s: 720 } }]);
  });

  it("the same alarm on another day at another hour", () => {
    const r = secondTurn(
      { tool: "alarm_set", args: { at: "2025-06-13T05:00:00+00:00" } },
      "same again on monday but at 7",
    );
    expect(callsOf(r)).toEqual([{ tool: "alarm_set", args: { at: "2025-06-16T07:00:00+00:00" } }]);
  });

  it("a repeat with no value still asks for it, and 'one' is never a count", () => {
    const r = secondTurn(timer, "another one please");
    expect(r.missing).toContain("duration_s");
  });
});

describe("a verb on the thing just made", () => {
  const routine: NluCall = {
    tool: "routines_create",
    args: { cron: "30 6 * * 1-5", name: "Traffic", ask: "how is the traffic" },
  };

  it("goes to the sibling that acts on what was made, asked which one, not to another area", () => {
    for (const then of ["pause it", "hmm actually pause that one for now"]) {
      const r = secondTurn(routine, then);
      expect(r.tool, then).toBe("routines_pause");
      expect(r.missing, then).toEqual(["id"]);
    }
  });

  it("leaves a verb after a call that only read something to its own reading", () => {
    const r = secondTurn({ tool: "routines_list", args: {} }, "pause it");
    expect(r.missing ?? []).not.toEqual(["id"]);
  });
});

describe("one of what was listed, by what it is called", () => {
  it("goes to the listing's sibling for the verb, asked which one", () => {
    const listed: NluCall = { tool: "routines_list", args: {} };
    for (const then of ["pause the school run one please", "run the one called bin day"]) {
      const r = secondTurn(listed, then);
      expect(r.tool, then).toMatch(/^routines_(pause|run)$/);
      expect(r.missing, then).toEqual(["id"]);
    }
  });

  it("a day's events: cancel the one at a time is that event, never an alarm", () => {
    const day: NluCall = {
      tool: "calendar_list_events",
      args: { from: "2025-06-12T00:00:00+00:00", to: "2025-06-12T23:59:59+00:00" },
    };
    const r = secondTurn(day, "cancel the half past nine one");
    expect(r.tool).toBe("calendar_delete_event");
  });

  it("the thing said between a verb and its particle after the bin was listed", () => {
    const bin: NluCall = { tool: "files_trash_list", args: {} };
    for (const then of ["put the tax return back where it came from", "put the budget sheet one back"]) {
      const r = secondTurn(bin, then);
      expect(r.tool, then).toBe("files_restore");
      expect(r.missing, then).toEqual(["id"]);
    }
  });

  it("an ordinal is not a label", () => {
    const r = secondTurn({ tool: "routines_list", args: {} }, "run the second one");
    expect(r.tool).toBe("routines_run");
  });
});

describe("'there' after a read is where the last call looked", () => {
  it("puts the words said on the clipboard just read, asked", () => {
    const r = secondTurn(
      { tool: "clipboard_read", args: {} },
      "right, put the tracking number ZX-88 there then",
    );
    expect(r.tool).toBe("clipboard_write");
    expect(r.args).toMatchObject({ text: "the tracking number ZX-88" });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("a question about what is there is no place", () => {
    const r = secondTurn({ tool: "clipboard_read", args: {} }, "is anything else there");
    expect(r.tool).not.toBe("clipboard_write");
  });
});

describe("where the thing just made is", () => {
  const event: NluCall = {
    tool: "calendar_create_event",
    args: { title: "parents evening", start: "2025-06-17T18:00:00+00:00" },
  };

  it("is a change of that event with the place as typed, asked which one", () => {
    for (const then of ["oh and the venue is St Mary's Hall", "it's in St Mary's Hall"]) {
      const r = secondTurn(event, then);
      expect(r.tool, then).toBe("calendar_update_event");
      expect(r.args, then).toMatchObject({ location: "St Mary's Hall" });
      expect(r.missing, then).toEqual(["id"]);
    }
  });

  it("changes it in place when its handle is held", () => {
    const r = nlu.parse("the location is St Mary's Hall", {
      ...base,
      lastCall: event,
      handles: [{ handle: "#e7", kind: "e" }],
    });
    expect(callsOf(r)).toEqual([
      { tool: "calendar_update_event", args: { id: "#e7", location: "St Mary's Hall" } },
    ]);
  });
});

describe("a repeat whose words are a whole request of the same kind", () => {
  const tea: NluCall = { tool: "timer_set", args: { duration_s: 300, label: "eggs" } };

  it("takes every value said, never the first one's label", () => {
    for (const then of [
      "and another one for the pizza, 12 minutes",
      "another one for 12 minutes for the pizza",
    ]) {
      const r = secondTurn(tea, then);
      const [call] = callsOf(r);
      expect(call?.tool, then).toBe("timer_set");
      expect(call?.args?.duration_s, then).toBe(720);
      expect(String(call?.args?.label), then).toMatch(/pizza/);
    }
  });

  it("a request of another kind after 'another' is not a second timer", () => {
    const r = secondTurn(tea, "another one for the pizza, call mum");
    expect(
      callsOf(r).some((c) => c.tool === "timer_set" && c.args?.label !== "eggs" && r.confidence >= 0.85),
    ).toBe(false);
  });
});
