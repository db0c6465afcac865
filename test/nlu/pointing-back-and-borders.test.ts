import { describe, expect, it } from "vitest";
import { createNlu, type NluCall } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * A second turn that points back at a listing ("bin the second one"), a sum redone with another
 * number, and the words that decide between two neighbouring tools.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const NOW = new Date("2025-06-11T10:00:00Z");
const base = { now: NOW, timezone: "UTC" };
const secondTurn = (
  first: string,
  then: string,
  handles?: Array<{ handle: string; kind: string; turn: number }>,
) => {
  const r = nlu.parse(first, base);
  expect(r.kind).toBe("action");
  const lastCall: NluCall = { tool: r.tool!, args: r.args ?? {} };
  return nlu.parse(then, { ...base, lastCall, ...(handles ? { handles } : {}) });
};

describe("pointing back at a listing", () => {
  it("asks which one in the listing's own area when the listing left nothing to pick from", () => {
    expect(secondTurn("what's in my calendar on thursday", "remove the second one")).toMatchObject({
      tool: "calendar_delete_event",
      missing: ["id"],
    });
    expect(secondTurn("list the files in ~/Pictures", "bin the fourth one")).toMatchObject({
      tool: "files_trash",
      missing: ["path"],
    });
    // Alarms and timers share a kind of handle: the listing's own family decides
    expect(secondTurn("show my alarms", "cancel the first one")).toMatchObject({
      tool: "alarm_cancel",
      missing: ["id"],
    });
  });

  it("summarising a result is the documents' job, reading it the web's", () => {
    expect(secondTurn("search the web for trail running shoes", "summarise the third result")).toMatchObject({
      tool: "docs_summarize",
      missing: ["url"],
    });
    const handles = [
      { handle: "#u1", kind: "u", turn: 1 },
      { handle: "#u2", kind: "u", turn: 1 },
    ];
    expect(
      secondTurn("search the web for trail running shoes", "summarize the second one", handles),
    ).toMatchObject({
      tool: "docs_summarize",
      args: { url: "#u2" },
    });
  });

  it("says there is nothing to refer to when nothing was said before, and never acts", () => {
    const alone = nlu.parse("bin the second one", base);
    expect(alone.kind).toBe("unknown");
    expect(alone.reply).toMatch(/nothing to refer to/);
    // A named thing with nothing listed is an ordinary command, not a question about a listing
    expect(secondTurn("set a timer for 5 minutes", "cancel the timer")).toMatchObject({
      tool: "timer_cancel",
    });
  });
});

describe("a sum redone with another number", () => {
  it("keeps the sum and changes its first number", () => {
    expect(secondTurn("what is 30% of 90", "and 45%")).toMatchObject({
      tool: "calc_evaluate",
      args: { expression: "45 / 100 * 90" },
    });
    expect(secondTurn("7 kilometres in miles", "what about 12 kilometres")).toMatchObject({
      tool: "calc_evaluate",
      args: { expression: expect.stringMatching(/^12 /) },
    });
    // Words are not a number: no sum is made up
    expect(secondTurn("what is 3 plus 4", "and bananas too").tool).not.toBe("calc_evaluate");
  });
});

describe("borders between neighbouring tools", () => {
  it("does not type blind into a field it was told to find by name", () => {
    const named = nlu.parse("type N1 9GU into the postcode box", base);
    expect(named.kind === "action" && named.tool === "input_type" && !named.missing).toBe(false);
    expect(nlu.parse("type good morning into the box", base)).toMatchObject({
      tool: "input_type",
      args: { text: "good morning" },
    });
  });

  it("summarising a page at an address is a summary, fetching it is its text", () => {
    expect(nlu.parse("summarise the page at https://example.com/a into 3 points", base)).toMatchObject({
      tool: "docs_summarize",
      args: { url: "https://example.com/a", max_points: 3 },
    });
    expect(nlu.parse("get me the text of https://example.com/b", base)).toMatchObject({
      tool: "web_fetch",
      args: { url: "https://example.com/b" },
    });
  });

  it("reads shorthand for tomorrow as tomorrow, never as part of a city", () => {
    expect(nlu.parse("weather in oslo tmrw", base)).toMatchObject({
      tool: "weather_forecast",
      args: { city: "oslo", date: "2025-06-12" },
    });
  });

  it("knows a listing in a folder and a repository's changes as command lines", () => {
    expect(nlu.parse("ls -l in ~/Music", base)).toMatchObject({
      tool: "shell_run",
      args: { command: "ls", args: ["-l"], cwd: "~/Music" },
    });
    expect(nlu.parse("use git to show me what's changed in ~/diary", base)).toMatchObject({
      tool: "shell_run",
      args: { command: "git", args: ["status"], cwd: "~/diary" },
    });
  });

  it("reads a hyphenated number and a busy person on the phone for what they are", () => {
    expect(nlu.parse("could you set a timer for thirty-five minutes please", base)).toMatchObject({
      tool: "timer_set",
      args: { duration_s: 2100 },
    });
    expect(nlu.parse("stop the music, I'm on the phone", base).tool).toMatch(/^media_(?:pause|stop)$/);
    // Another device is still beyond reach
    const elsewhere = nlu.parse("play some jazz on the kitchen speaker", base);
    expect(elsewhere.kind).toBe("unknown");
  });

  it("places one more window beside the one just snapped", () => {
    expect(secondTurn("snap gedit to the left half", "and the calculator on the right")).toMatchObject({
      tool: "windows_tile",
      args: { app: "calculator", side: "right" },
    });
  });

  it("the whole desktop is the screen's picture, the whole page the browser's", () => {
    expect(nlu.parse("capture my entire desktop, not just the browser tab", base).tool).toBe(
      "screen_capture",
    );
    expect(nlu.parse("screenshot the whole page", base).tool).toBe("browser_screenshot");
    expect(nlu.parse("where on the screen does it say Save draft", base)).toMatchObject({
      tool: "screen_find_text",
      args: { text: "Save draft" },
    });
  });

  it("a lead saying which of two things is not meant leaves the request that is", () => {
    expect(nlu.parse("not a timer, a proper alarm for 6:15am", base)).toMatchObject({
      tool: "alarm_set",
      args: { at: expect.stringContaining("T06:15") },
    });
    expect(
      nlu.parse("not a calendar entry, just remind me to pay the window cleaner on Thursday", base),
    ).toMatchObject({ tool: "reminders_create", args: { title: "pay the window cleaner" } });
    // Nothing left after the lead: no request is made up
    expect(nlu.parse("not a timer", base).kind).not.toBe("action");
  });
});
