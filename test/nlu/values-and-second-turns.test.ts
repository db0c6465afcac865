import { describe, expect, it } from "vitest";
import { createNlu, type NluCall, type NluContext } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * Values the slots used to drop and second turns that lean on the day or the question before
 * (issue 16, nlu29). The team's own sentences; the last calls are written here.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base: NluContext = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
const parse = (text: string, context: Partial<NluContext> = {}) => nlu.parse(text, { ...base, ...context });

describe("a path written relative to here, with a slash", () => {
  it("is read whole, where a file or a folder is meant", () => {
    expect(parse("open recipes/soups/leek.md")).toMatchObject({ args: { path: "recipes/soups/leek.md" } });
    expect(parse("read invoices/march.csv")).toMatchObject({ args: { path: "invoices/march.csv" } });
    expect(parse("what's in Music/live")).toMatchObject({ tool: "files_list", args: { path: "Music/live" } });
    expect(parse("show me what is in garden/plans/")).toMatchObject({
      tool: "files_list",
      args: { path: "garden/plans/" },
    });
  });

  it("never leaves its end as a path of its own, and a slash between words is no path", () => {
    const listed = parse("list Videos/holiday with the hidden ones");
    expect(listed.args?.path).not.toBe("/");
    expect(parse("convert 90 km/h to mph").tool).toBe("calc_evaluate");
  });
});

describe("a key said by its name", () => {
  it("is that key, even where the word also names a thing", () => {
    expect(parse("press tab")).toMatchObject({ kind: "action", tool: "input_hotkey", args: { keys: "tab" } });
    expect(parse("hit end")).toMatchObject({ tool: "input_hotkey", args: { keys: "end" } });
    expect(parse("press page up")).toMatchObject({ tool: "input_hotkey", args: { keys: "pageup" } });
    expect(parse("hit the down arrow three times")).toMatchObject({
      tool: "input_hotkey",
      args: { keys: "down", repeat: 3 },
    });
  });
});

describe("a second turn that names its day from the first", () => {
  const agenda: NluCall = {
    tool: "calendar_list_events",
    args: { from: "2025-06-13T00:00:00+00:00", to: "2025-06-13T23:59:59+00:00" },
  };
  it("counts 'the day after' or 'the day before' from the day just shown, not from today", () => {
    expect(parse("and the next day?", { lastCall: agenda })).toMatchObject({
      tool: "calendar_list_events",
      args: { from: "2025-06-14T00:00:00+00:00" },
    });
    expect(parse("what about the day before", { lastCall: agenda })).toMatchObject({
      args: { from: "2025-06-12T00:00:00+00:00" },
    });
    expect(parse("and three days later", { lastCall: agenda })).toMatchObject({
      args: { from: "2025-06-16T00:00:00+00:00" },
    });
  });

  it("takes a moment said in more words as the correction of a reminder", () => {
    const reminder: NluCall = {
      tool: "reminders_create",
      args: { title: "post the parcel", due: "2025-06-13T09:00:00+00:00" },
    };
    expect(parse("at 4 in the afternoon", { lastCall: reminder })).toMatchObject({
      tool: "reminders_create",
      args: { title: "post the parcel", due: "2025-06-13T16:00:00+00:00" },
    });
  });
});

describe("a question for a place or a name", () => {
  it("is not answered by a request of its own", () => {
    const pending = { tool: "weather_current", args: {}, missing: ["city"] };
    const joke = parse("tell me something funny about it", { pending });
    expect(joke.tool === "weather_current" && joke.kind === "action" && !joke.missing?.length).toBe(false);
    // A place said as a question is still the answer
    expect(parse("what about Galway", { pending })).toMatchObject({
      args: { city: expect.stringMatching(/galway/i) },
    });
  });
});

describe("a follow-up said with its reason", () => {
  const timer: NluCall = { tool: "timer_set", args: { duration_s: 720, label: "the rice" } };
  const alarm: NluCall = { tool: "alarm_set", args: { at: "2025-06-12T06:00:00+00:00" } };
  it("is read without the reason after a comma or a dash", () => {
    expect(parse("make it 15, the pan is huge", { lastCall: timer })).toMatchObject({
      kind: "action",
      tool: "timer_set",
      args: { duration_s: 900 },
    });
    expect(parse("cancel it, the meeting moved", { lastCall: alarm })).toMatchObject({
      kind: "action",
      tool: "alarm_cancel",
    });
    expect(parse("no, 6:20 - I can sleep a bit longer", { lastCall: alarm })).toMatchObject({
      tool: "alarm_set",
      args: { at: "2025-06-12T06:20:00+00:00" },
    });
  });

  it("is not cut short when what follows asks for more", () => {
    const r = parse("cancel it, and set one for 7", { lastCall: alarm });
    expect(r.kind === "action" && r.confidence >= 0.9 && r.tool === "alarm_cancel").toBe(false);
  });

  it("undoes with 'again' or after 'never mind'", () => {
    const opened: NluCall = { tool: "apps_launch", args: { app: "gimp" } };
    expect(parse("shut it again", { lastCall: opened })).toMatchObject({
      tool: "apps_quit",
      args: { app: "gimp" },
    });
    expect(parse("never mind, cancel it", { lastCall: timer })).toMatchObject({ tool: "timer_cancel" });
  });
});

describe("a pointer named back to the thing the last call acted on", () => {
  it("acts when the named request is a sure one about that very thing, in another area", () => {
    const opened: NluCall = { tool: "apps_launch", args: { app: "calculator" } };
    const r = parse("snap it to the left half", { lastCall: opened });
    expect(r).toMatchObject({ kind: "action", tool: "windows_tile", args: { side: "left" } });
    expect(r.confidence).toBeGreaterThanOrEqual(0.9);
  });
});

describe("one more of what was just made, said as an addition", () => {
  it("is the same call with the new wording, every other value kept", () => {
    const reminder: NluCall = {
      tool: "reminders_create",
      args: { title: "return the library books", due: "2025-06-14T10:00:00+00:00" },
    };
    expect(parse("and also to renew my card", { lastCall: reminder })).toMatchObject({
      kind: "action",
      tool: "reminders_create",
      args: { title: "renew my card", due: "2025-06-14T10:00:00+00:00" },
    });
    const note: NluCall = { tool: "notes_add", args: { text: "the hedge needs cutting" } };
    expect(parse("also jot down that the gate squeaks", { lastCall: note })).toMatchObject({
      tool: "notes_add",
      args: { text: "the gate squeaks" },
    });
    const list: NluCall = { tool: "lists_add", args: { list: "camping", items: ["tent"] } };
    expect(parse("matches as well", { lastCall: list })).toMatchObject({
      tool: "lists_add",
      args: { list: "camping", items: ["matches"] },
    });
  });

  it("is never a request of its own, nor a pointer at what was made", () => {
    const list: NluCall = { tool: "lists_add", args: { list: "camping", items: ["tent"] } };
    for (const then of ["and deliver them on saturday", "and what time is it in Perth"]) {
      const r = parse(then, { lastCall: list });
      expect(r.tool === "lists_add" && r.kind === "action" && r.confidence >= 0.9, then).toBe(false);
    }
  });
});

describe("a count said alone after a call that takes one", () => {
  it("sets the count the noun names, or the call's one limit", () => {
    const summary: NluCall = { tool: "docs_summarize", args: { path: "~/minutes.pdf" } };
    expect(parse("only 4 points please", { lastCall: summary })).toMatchObject({
      tool: "docs_summarize",
      args: { path: "~/minutes.pdf", max_points: 4 },
    });
    const reminders: NluCall = { tool: "reminders_list", args: {} };
    expect(parse("just the next five", { lastCall: reminders })).toMatchObject({
      tool: "reminders_list",
      args: { limit: 5 },
    });
  });

  it("reads the count with the old one it replaces, after 'instead', or after a reaction", () => {
    const search: NluCall = { tool: "web_search", args: { query: "night buses to leeds" } };
    expect(parse("give me 12 results rather than 5", { lastCall: search })).toMatchObject({
      tool: "web_search",
      args: { query: "night buses to leeds", limit: 12 },
    });
    expect(parse("show 6 instead", { lastCall: search })).toMatchObject({ args: { limit: 6 } });
    const summary: NluCall = { tool: "docs_summarize", args: { path: "~/lease.pdf" } };
    expect(parse("way too much, only 2 points", { lastCall: summary })).toMatchObject({
      tool: "docs_summarize",
      args: { path: "~/lease.pdf", max_points: 2 },
    });
  });

  it("leaves a count no argument takes alone", () => {
    const summary: NluCall = { tool: "docs_summarize", args: { path: "~/minutes.pdf" } };
    expect(parse("just 4 pages", { lastCall: summary }).args?.max_points).toBeUndefined();
  });
});

describe("lengths said loosely", () => {
  it("reads 'and half' without its 'a', and seconds after minutes", () => {
    expect(parse("timer for one hour and half")).toMatchObject({ args: { duration_s: 5400 } });
    expect(parse("set a timer for 3 and half minutes")).toMatchObject({ args: { duration_s: 210 } });
    expect(parse("timer for 2 minutes 15")).toMatchObject({ args: { duration_s: 135 } });
  });
});

describe("a typed value said as a correction", () => {
  it("replaces the value of its kind in the call just made", () => {
    const opened: NluCall = { tool: "apps_launch", args: { app: "firefox" } };
    expect(parse("sorry, the other one, thunderbird", { lastCall: opened })).toMatchObject({
      kind: "action",
      tool: "apps_launch",
      args: { app: "thunderbird" },
    });
    const tiled: NluCall = { tool: "windows_tile", args: { window: "terminal", side: "left" } };
    expect(parse("no, the right", { lastCall: tiled })).toMatchObject({
      tool: "windows_tile",
      args: { window: "terminal", side: "right" },
    });
  });

  it("needs a word that corrects", () => {
    const opened: NluCall = { tool: "apps_launch", args: { app: "firefox" } };
    expect(parse("thunderbird", { lastCall: opened }).confidence).toBeLessThan(0.9);
  });
});
