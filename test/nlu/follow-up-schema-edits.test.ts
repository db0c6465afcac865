import { describe, expect, it } from "vitest";
import { createNlu, type NluCall } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * The follow-up reader's value edits (issue 16, mechanism 1): a second turn that only changes a
 * value of the call just made is read by that tool's own schema (which argument takes a number,
 * a length, one of its choices, a minute, a repeat), not by per-group code. The last calls are
 * written here, so nothing rests on one training draw.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
const secondTurn = (lastCall: NluCall, then: string) => nlu.parse(then, { ...base, lastCall });
const acted = (lastCall: NluCall, then: string) => {
  const r = secondTurn(lastCall, then);
  expect(r.kind).toBe("action");
  expect(r.confidence).toBeGreaterThanOrEqual(0.9);
  return { tool: r.tool, args: r.args };
};

const volume: NluCall = { tool: "system_volume_set", args: { level: 60 } };
const brightness: NluCall = { tool: "system_brightness_set", args: { level: 80 } };
const snooze: NluCall = { tool: "alerts_snooze", args: {} };

describe("a number or a length goes to the argument that takes it", () => {
  it("a length said alone after a snooze is its minutes", () => {
    for (const then of ["nah, fifteen minutes", "make it 15 minutes"])
      expect(acted(snooze, then)).toEqual({ tool: "alerts_snooze", args: { minutes: 15 } });
  });

  it("a bare number after a snooze is its minutes too (the tool's one numeric value)", () => {
    expect(acted(snooze, "no, make that twelve")).toEqual({ tool: "alerts_snooze", args: { minutes: 12 } });
  });

  it("a reaction before the comma is set aside", () => {
    expect(acted(brightness, "way too bright, make it 40")).toEqual({
      tool: "system_brightness_set",
      args: { level: 40 },
    });
  });

  it("after a call that set a moment, a bare number is no count", () => {
    const event: NluCall = {
      tool: "calendar_create_event",
      args: { title: "dentist", start: "2025-06-13T09:00:00+00:00" },
    };
    const r = secondTurn(event, "push it to 4");
    expect(r.tool === "calendar_create_event" && r.args?.duration_min === 4).toBe(false);
  });
});

describe("a change relative to the last value", () => {
  it("a step up or down is a tenth of a 0-100 level", () => {
    expect(acted(volume, "a little quieter")).toEqual({ tool: "system_volume_set", args: { level: 50 } });
    expect(acted(volume, "bit higher")).toEqual({ tool: "system_volume_set", args: { level: 70 } });
  });

  it("half and double apply to the number just set", () => {
    expect(acted(brightness, "halve it")).toEqual({ tool: "system_brightness_set", args: { level: 40 } });
    expect(acted({ tool: "system_brightness_set", args: { level: 30 } }, "double that")).toEqual({
      tool: "system_brightness_set",
      args: { level: 60 },
    });
  });

  it("never beyond the argument's bounds", () => {
    const r = secondTurn({ tool: "system_volume_set", args: { level: 80 } }, "double it");
    expect(r.tool === "system_volume_set" && r.args?.level === 160).toBe(false);
  });

  it("'another one' is one more of the thing, not one more second", () => {
    const r = secondTurn({ tool: "timer_set", args: { duration_s: 300, label: "eggs" } }, "and another one");
    expect(r.tool === "timer_set" && r.args?.duration_s === 301).toBe(false);
  });
});

describe("one of an argument's own choices, said as a correction", () => {
  const call: NluCall = { tool: "contacts_call", args: { query: "uncle joe" } };

  it("a way of reaching someone from the argument's enum", () => {
    expect(acted(call, "sorry, text him instead")).toEqual({
      tool: "contacts_call",
      args: { query: "uncle joe", via: "text" },
    });
  });

  it("a choice listed in the argument's description", () => {
    expect(acted(call, "no, his home number")).toEqual({
      tool: "contacts_call",
      args: { query: "uncle joe", type: "home" },
    });
  });

  it("without a word that corrects, a choice word is not read as one", () => {
    const r = secondTurn(call, "text him the address");
    expect(r.tool === "contacts_call" && r.args?.via === "text" && r.confidence >= 0.9).toBe(false);
  });
});

describe("a minute or a repeat said alone", () => {
  const alarm: NluCall = { tool: "alarm_set", args: { at: "2025-06-12T07:00:00+00:00" } };

  it("a minute without its hour keeps the hour and day", () => {
    expect(acted(alarm, "actually make that quarter past")).toEqual({
      tool: "alarm_set",
      args: { at: "2025-06-12T07:15:00+00:00" },
    });
    expect(acted(alarm, "ten to")).toEqual({ tool: "alarm_set", args: { at: "2025-06-12T06:50:00+00:00" } });
  });

  it("a repeat with only joining words goes to the repeat argument", () => {
    expect(acted(alarm, "and every weekday after that too")).toMatchObject({
      tool: "alarm_set",
      args: { at: "2025-06-12T07:00:00+00:00", repeat: expect.any(String) },
    });
  });
});

describe("a place said after a call that named one", () => {
  it("replaces the place the call is about, not the one it starts from", () => {
    const converted: NluCall = {
      tool: "time_convert",
      args: { to: "Sydney", from: "Paris", time: "2025-06-11T09:00:00+00:00" },
    };
    expect(acted(converted, "and for Lima?")).toEqual({
      tool: "time_convert",
      args: { to: "Lima", from: "Paris", time: "2025-06-11T09:00:00+00:00" },
    });
  });
});

describe("a nudge said loosely, and a thing made is replaced, not doubled", () => {
  it("a reaction says which way the value goes", () => {
    expect(acted(volume, "too loud")).toEqual({ tool: "system_volume_set", args: { level: 50 } });
    expect(acted(volume, "make it a little louder")).toEqual({
      tool: "system_volume_set",
      args: { level: 70 },
    });
    expect(acted(volume, "still too quiet")).toEqual({ tool: "system_volume_set", args: { level: 70 } });
  });

  it("an edit of something the session holds a handle to cancels it first", () => {
    const handles = [{ kind: "t", handle: "#t9", label: "alarm 07:00", turn: 1 }];
    const r = nlu.parse("make that quarter past", {
      ...base,
      handles,
      lastCall: { tool: "alarm_set", args: { at: "2025-06-12T07:00:00+00:00" } },
    });
    expect(r.calls).toEqual([
      { tool: "alarm_cancel", args: { id: "#t9" } },
      { tool: "alarm_set", args: { at: "2025-06-12T07:15:00+00:00" } },
    ]);
  });
});

describe("a thing of the kind an argument names, said as a correction", () => {
  const added: NluCall = { tool: "lists_add", args: { items: ["flour"], list: "groceries" } };

  it("names the list by its name or as 'the X one', and takes the item off the wrong list", () => {
    for (const then of ["sorry, the baking list", "no, the other list, the baking one"]) {
      const r = secondTurn(added, then);
      expect(r.kind, then).toBe("action");
      expect(r.confidence).toBeGreaterThanOrEqual(0.9);
      expect(r.calls, then).toEqual([
        { tool: "lists_remove", args: { list: "groceries", item: "flour" } },
        { tool: "lists_add", args: { items: ["flour"], list: "baking" } },
      ]);
    }
  });

  it("without a word that corrects, nothing is swapped", () => {
    const r = secondTurn(added, "the baking list");
    expect(r.tool === "lists_add" && r.args?.list === "baking" && r.confidence >= 0.9).toBe(false);
  });
});
