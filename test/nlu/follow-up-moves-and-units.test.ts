import { describe, expect, it } from "vitest";
import { createNlu, type NluCall } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * Follow-ups read from the last call's schema and values (issue 16): a new time for the thing
 * just made goes to the group's tool that changes it, and a new unit after a conversion is the
 * same conversion to that unit. The last calls are written here, so nothing rests on training.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const base = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
const then = (lastCall: NluCall, text: string, extra: object = {}) =>
  nlu.parse(text, { ...base, lastCall, ...extra });

const event: NluCall = {
  tool: "calendar_create_event",
  args: { title: "dentist", start: "2025-06-13T15:00:00+00:00" },
};
const reminder: NluCall = {
  tool: "reminders_create",
  args: { title: "ring the garage", due: "2025-06-11T16:00:00+00:00" },
};

describe("a new time for the thing just made changes it", () => {
  it("an hour said alone moves the event made, on its own day", () => {
    const r = then(event, "actually make it 4", { handles: [{ handle: "#e2", kind: "e" }] });
    expect(r.kind).toBe("action");
    expect(r.calls ?? [{ tool: r.tool, args: r.args }]).toEqual([
      { tool: "calendar_update_event", args: { id: "#e2", start: "2025-06-13T16:00:00+00:00" } },
    ]);
  });

  it("with no handle held it asks which one, never makes a second event", () => {
    const r = then(event, "can you move it to 5pm");
    expect(r.tool).toBe("calendar_update_event");
    expect(r.missing).toEqual(["id"]);
  });

  it("a day said alone keeps the time of day", () => {
    const r = then(reminder, "push it to saturday");
    expect(r.tool).toBe("reminders_update");
    expect(r.args).toMatchObject({ id: "ring the garage", due: "2025-06-14T16:00:00+00:00" });
  });

  it("a new clock time for a reminder is its change: asked which one when nothing names it", () => {
    const r = then(reminder, "make that 5");
    expect(r.tool).toBe("reminders_update");
    expect(r.missing).toEqual(["id"]);
    expect(r.args).toMatchObject({ due: "2025-06-11T17:00:00+00:00" });
  });

  it("with the reminder's handle held, its own reading replaces that one", () => {
    const r = then(reminder, "make that 5", { handles: [{ handle: "#e4", kind: "e" }] });
    expect(r.tool).toBe("reminders_create");
    expect(r.args).toMatchObject({ replaces: "#e4", due: "2025-06-11T17:00:00+00:00" });
  });

  it("a time said alone after a reminder is still the reminder's own reading", () => {
    expect(then(reminder, "at 6 pm").tool).toBe("reminders_create");
  });
});

describe("a new unit after a conversion", () => {
  const conversion: NluCall = { tool: "calc_evaluate", args: { expression: "4 kg to lb" } };

  it("converts the same amount to the unit said", () => {
    for (const text of ["and in grams?", "now in grams", "ok what about into grams please"]) {
      const r = then(conversion, text);
      expect(r.confidence).toBeGreaterThanOrEqual(0.9);
      expect(r.args).toEqual({ expression: "4 kg to g" });
    }
  });

  it("leaves a sum with no unit alone", () => {
    const sum: NluCall = { tool: "calc_evaluate", args: { expression: "12 * 7" } };
    expect(then(sum, "and in grams?").args).not.toEqual({ expression: "12 to g" });
  });
});

describe("a correction of one value the call holds", () => {
  it("a number said again replaces the one inside a text", () => {
    const fact: NluCall = { tool: "memory_remember", args: { text: "the gate code is 5820" } };
    for (const text of ["no wait, it's 5802", "sorry, 5802"])
      expect(then(fact, text).args).toEqual({ text: "the gate code is 5802" });
  });

  it("the other side is the opposite choice", () => {
    const tiled: NluCall = { tool: "windows_tile", args: { app: "terminal", side: "right" } };
    expect(then(tiled, "no, the other side").args).toEqual({ app: "terminal", side: "left" });
  });

  it("the other half of the day keeps the hour", () => {
    const alarm: NluCall = { tool: "alarm_set", args: { at: "2025-06-12T06:00:00+00:00" } };
    for (const text of ["no, the other six", "sorry, six in the evening", "no, pm"]) {
      const r = then(alarm, text);
      const calls = r.calls ?? [{ tool: r.tool, args: r.args }];
      expect(calls.at(-1)).toEqual({ tool: "alarm_set", args: { at: "2025-06-12T18:00:00+00:00" } });
    }
  });

  it("a changed way of reaching someone carries the message said", () => {
    const call: NluCall = { tool: "contacts_call", args: { query: "Priya" } };
    expect(then(call, "no, text her instead, saying running late").args).toEqual({
      query: "Priya",
      via: "text",
      message: "running late",
    });
  });

  it("needs a word that corrects", () => {
    const tiled: NluCall = { tool: "windows_tile", args: { app: "terminal", side: "right" } };
    expect(then(tiled, "open the other side of the file").args).not.toEqual({
      app: "terminal",
      side: "left",
    });
  });
});

describe("a pointer after a listing or a search", () => {
  it("a verb and a thing after a list was read goes to the list's own sibling, asked", () => {
    const shown: NluCall = { tool: "lists_show", args: { list: "groceries" } };
    const r = then(shown, "cross off the butter");
    expect(r.tool).toBe("lists_remove");
    expect(r.args).toEqual({ list: "groceries", item: "butter" });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("one picked by its label is no answer to a question for a search's words", () => {
    const pending = { tool: "notes_search", args: {}, missing: ["query"] };
    for (const text of ["open the budget one", "the budget one"]) {
      const r = nlu.parse(text, { ...base, pending });
      expect(r.args).not.toEqual({ query: expect.stringContaining("one") });
    }
  });
});

describe("reading back what was just written, and answers said as follow-ups", () => {
  it("read it back after a note was written is the note read, asked", () => {
    const written: NluCall = { tool: "notes_add", args: { text: "bike lock 2291" } };
    for (const text of ["read it back", "read that out"]) expect(then(written, text).tool).toBe("notes_read");
  });

  it("an answer for a place said with a joining word is the place", () => {
    const pending = { tool: "weather_current", args: {}, missing: ["city"] };
    expect(nlu.parse("and in Lisbon?", { ...base, pending }).args).toEqual({ city: "Lisbon" });
  });

  it("a time zone asked for is a place, one value, not a time or a list", () => {
    const pending = { tool: "time_convert", args: { time: "21:00" }, missing: ["to"] };
    expect(nlu.parse("what about Denver", { ...base, pending }).args).toEqual({
      time: "21:00",
      to: "Denver",
    });
  });
});

describe("values carried into a follow-up that changes the tool", () => {
  it("another item of the same kind replaces a command's one sub-command", () => {
    const git: NluCall = {
      tool: "shell_run",
      args: { command: "git", args: ["status"], cwd: "~/code/site" },
    };
    for (const text of ["and the diff", "now show me the diff"])
      expect(then(git, text).args).toEqual({ command: "git", args: ["diff"], cwd: "~/code/site" });
  });

  it("the follow-up's own words taken as a search are the last search's words", () => {
    const searched: NluCall = { tool: "notes_search", args: { query: "boiler" } };
    const r = then(searched, "search the web instead");
    expect(r.tool).toBe("web_search");
    expect(r.args).toEqual({ query: "boiler" });
  });

  it("a place the new tool lacks is the last call's", () => {
    const weather: NluCall = { tool: "weather_current", args: { city: "Bergen" } };
    expect(then(weather, "and the forecast").args).toMatchObject({ city: "Bergen" });
  });

  it("never fills a new request's own wording from the last one", () => {
    const sum: NluCall = { tool: "calc_evaluate", args: { expression: "12 * 7" } };
    expect(then(sum, "and split that between three of us").args).not.toEqual({ expression: "12 * 7" });
  });
});

describe("the same call again on another path, and a code corrected", () => {
  it("same for another folder runs the same call there, keeping the first", () => {
    const sized: NluCall = { tool: "shell_run", args: { command: "du", args: ["-sh", "~/Music"] } };
    const r = then(sized, "same for ~/Podcasts");
    expect(r.calls ?? [{ tool: r.tool, args: r.args }]).toEqual([
      { tool: "shell_run", args: { command: "du", args: ["-sh", "~/Podcasts"] } },
    ]);
  });

  it("a code with letters and digits said again replaces the one written, as typed", () => {
    const copied: NluCall = { tool: "clipboard_write", args: { text: "Heron77" } };
    expect(then(copied, "actually it's Heron78, fix it").args).toEqual({ text: "Heron78" });
  });
});

describe("a sibling's verb with the words it passes on", () => {
  it("reply: … after a mail was found is a reply with those words, even with a day in them", () => {
    const found: NluCall = { tool: "mail_search", args: { from: "Noor" } };
    const r = then(found, "reply: got it, will check the figures on Monday");
    expect(r.tool).toBe("mail_reply");
    expect(r.args).toMatchObject({ body: "got it, will check the figures on Monday" });
  });
});

describe("a pointer named back as the thing the last call acted on", () => {
  it("put it on the right after opening an app tiles that app's window", () => {
    const opened: NluCall = { tool: "apps_launch", args: { app: "calculator" } };
    const r = then(opened, "put it on the left");
    expect(r.tool).toBe("windows_tile");
    expect(r.args).toMatchObject({ app: "calculator", side: "left" });
  });
});
