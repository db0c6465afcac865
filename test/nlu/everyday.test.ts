import { describe, expect, it } from "vitest";
import type { NluContext, NluResult } from "../../src/brain/nlu/index.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * Everyday requests by category, in the team's own words: follow-ups that change or take back
 * the last action, dates, repeats, notes, sums, the weather's city, handles of the wrong kind,
 * requests no tool serves, and bad input.
 */
const { parse } = await createTestNlu();
const calls = (result: NluResult) =>
  result.calls ?? (result.tool ? [{ tool: result.tool, args: result.args ?? {} }] : []);

const timer: NluContext = {
  lastCall: { tool: "timer_set", args: { duration_s: 300, label: "tea" } },
  handles: [{ handle: "#t1", kind: "t", label: "timer tea" }],
};
const list: NluContext = { lastCall: { tool: "lists_add", args: { list: "shopping", items: ["milk"] } } };

describe("follow-ups that edit the last action", () => {
  it("changes the timer just set, and takes it back", () => {
    expect(calls(parse("make it 4 minutes", timer))).toEqual([
      { tool: "timer_cancel", args: { id: "#t1" } },
      { tool: "timer_set", args: { duration_s: 240, label: "tea" } },
    ]);
    expect(parse("actually ten minutes instead", timer).calls?.[1]).toEqual({
      tool: "timer_set",
      args: { duration_s: 600, label: "tea" },
    });
    expect(parse("cancel that", timer)).toMatchObject({ tool: "timer_cancel", args: { id: "#t1" } });
  });

  it("adds to the same list, and removes what was just added", () => {
    expect(parse("and bananas too", list)).toMatchObject({
      tool: "lists_add",
      args: { list: "shopping", items: ["bananas"] },
      summary: "Add bananas to the shopping list",
    });
    expect(parse("undo that", list)).toMatchObject({ tool: "lists_remove", args: { item: "milk" } });
  });

  it("moves an alarm, asks the forecast for another day, and picks 'the second one' when asked which", () => {
    const alarm: NluContext = {
      lastCall: { tool: "alarm_set", args: { at: "2025-06-12T07:00:00+00:00" } },
      handles: [{ handle: "#t2", kind: "t", label: "alarm" }],
    };
    expect(calls(parse("make it 6:30 instead", alarm)).at(-1)).toEqual({
      tool: "alarm_set",
      args: { at: "2025-06-12T06:30:00+00:00" },
    });
    expect(
      parse("and tomorrow?", { lastCall: { tool: "weather_current", args: { city: "Oslo" } } }),
    ).toMatchObject({
      tool: "weather_forecast",
      args: { city: "Oslo", date: "2025-06-12" },
    });
    const listed: NluContext = {
      pending: { tool: "calendar_delete_event", args: {}, missing: ["id"] },
      handles: [
        { handle: "#e1", kind: "e", label: "Dentist", turn: 1 },
        { handle: "#e2", kind: "e", label: "Team sync", turn: 1 },
      ],
    };
    expect(parse("the second one", listed)).toMatchObject({
      tool: "calendar_delete_event",
      args: { id: "#e2" },
    });
  });

  it("says so when there is nothing to change, instead of guessing", () => {
    const dangling = parse("make it 4 minutes");
    expect(dangling.kind).not.toBe("action");
    expect(dangling.reply).toMatch(/nothing to change yet/);
  });
});

describe("dates, repeats, notes and sums", () => {
  it("counts days to a named day and finds its weekday", () => {
    expect(parse("how many days until christmas")).toMatchObject({
      tool: "time_until",
      args: { date: "christmas" },
    });
    expect(parse("how long is it till new year's eve")).toMatchObject({ tool: "time_until" });
    expect(parse("what day of the week is christmas")).toMatchObject({
      tool: "time_now",
      args: { date: "2025-12-25" },
    });
    expect(parse("what was the date two weeks ago")).toMatchObject({
      tool: "time_shift",
      args: { weeks: -2 },
    });
  });

  it("hears a repeat and leaves the time to the time slot", () => {
    expect(parse("set an alarm for 6:45 every weekday")).toMatchObject({
      tool: "alarm_set",
      args: { at: "2025-06-12T06:45:00+00:00", repeat: "weekdays" },
    });
    expect(parse("remind me to water the ferns every sunday at 10")).toMatchObject({
      tool: "reminders_create",
      args: { title: "water the ferns", repeat: "sun" },
    });
    // A tool that does not repeat keeps the words, and no repeat is made up
    expect(parse("what's the weather every morning").args?.repeat).toBeUndefined();
  });

  it("writes notes down, splits a bill and converts units", () => {
    expect(parse("take a note that the spare key is under the pot")).toMatchObject({
      tool: "notes_add",
      args: { text: "the spare key is under the pot" },
    });
    expect(parse("split 90 between three people")).toMatchObject({
      tool: "calc_evaluate",
      args: { expression: "90 / 3" },
    });
    expect(parse("how many grams in a pound")).toMatchObject({
      tool: "calc_evaluate",
      args: { expression: "1 lb to g" },
    });
  });

  it("reads spoken clock times", () => {
    expect(parse("wake me at quarter to seven tomorrow").args).toEqual({ at: "2025-06-12T06:45:00+00:00" });
    expect(parse("alarm for half past five tomorrow").args).toEqual({ at: "2025-06-12T05:30:00+00:00" });
    expect(parse("5.15am alarm please").args?.at).toBe("2025-06-12T05:15:00+00:00");
  });
});

describe("asking and speaking to the person", () => {
  it("asks which city once, and uses the remembered one after", () => {
    expect(parse("what's the weather like")).toMatchObject({ missing: ["city"], reply: "Which city?" });
    expect(parse("what's the weather like", { remembered: { city: "Porto" } })).toMatchObject({
      tool: "weather_current",
      args: { city: "Porto" },
    });
  });

  it("refuses a handle of the wrong kind before the gate sees it", () => {
    expect(parse("delete #f6")).toMatchObject({ tool: "files_trash", args: { path: "#f6" } });
    const wrong = parse("mark #f3 as done");
    expect(wrong.kind).not.toBe("action");
  });

  it("says what it cannot do, honestly, instead of 'not sure'", () => {
    expect(parse("book me a flight to lisbon").reply).toMatch(/^I can't book travel/);
    expect(parse("turn off the hallway lights").reply).toMatch(/smart-home/);
    expect(parse("how much is 20 euros in dollars").reply).toMatch(/need the internet/);
    for (const text of ["order me a curry", "post this on instagram"])
      expect(parse(text).kind, text).not.toBe("action");
  });

  it("describes a call in words with no tool name", () => {
    const reading = parse("set a timer for 11 minutes");
    expect(reading.summary).toBe("Set a timer for 11 minutes");
    expect(parse("set an alarm for 7am tomorrow").summary).toBe("Set an alarm for 7 am tomorrow");
  });
});

describe("bad input", () => {
  it("answers empty, huge, binary, foreign and emoji input with one honest line and no action", () => {
    const inputs = [
      "",
      "   ",
      "a".repeat(10_000),
      "\u0000\u0001binary\u0002",
      "¿Qué hora es?",
      "今日は何曜日ですか",
      "🎉🎉🎉",
      "🙂 set",
    ];
    for (const text of inputs) {
      const result = parse(text);
      expect(result.kind, JSON.stringify(text.slice(0, 20))).not.toBe("action");
      expect((result.reply ?? "").split("\n")).toHaveLength(1);
    }
    expect(parse("").reply).toMatch(/didn't catch anything/);
    expect(parse("a".repeat(10_000)).reply).toMatch(/too long/);
    expect(parse("¿Qué hora es?").reply).toMatch(/English/);
  });
});
