import { describe, expect, it } from "vitest";
import type { NluCall } from "../../src/brain/nlu/index.js";
import { createTestNlu } from "../../src/testing/index.js";
import { readingExpectations } from "./expect-reading.js";

/**
 * A free-text template that swallowed a sentence about another group's thing is not acted on
 * (template-guard.ts): a template resting on its slot values alone whose free text says another
 * group's own words, or a free slot that opens on the particle of another verb, when the
 * classifier reads the whole sentence as that other group's.
 */
const { read, acts, expectAct, expectNoAct, context } = await readingExpectations();
const { parse } = await createTestNlu();
const parseAfter = (text: string, lastCall: NluCall) => parse(text, { ...context, lastCall });

describe("a template that swallowed another group's sentence", () => {
  it("a forecast said as a place and a span is no timer labelled with the forecast", () => {
    expectNoAct("Paris weather, three days", "timer_set");
    expectNoAct("weather for Lisbon, 5 days please", "timer_set");
    expect(read("Paris weather, three days").tool).not.toBe("timer_set");
  });

  it("a discourse marker that is also a key name does not press the key", () => {
    const said = "right so I'm back from the gym, can you set an alarm for 6 tomorrow morning";
    expectNoAct(said, "input_hotkey");
    expect(read(said).tool).toBe("alarm_set");
  });

  it("digits inside a file's name are no values for a sum", () => {
    expectNoAct(
      "sum up the inspection notes in 4 points, they're in ~/work/inspection-2023.pdf",
      "calc_evaluate",
    );
  });

  it("a verb with its particle is another verb: writing out what a recording says writes no file", () => {
    expectNoAct("write out what is said in lecture.mp3", "files_write");
  });
});

describe("the same templates still act on their own requests", () => {
  it("a label and a length is a timer", () => {
    expectAct("tea, four minutes", "timer_set", { duration_s: 240, label: "tea" });
  });

  it("a key name before what it is for is a key press", () => {
    expectAct("escape so the popup closes", "input_hotkey", { keys: "esc" });
  });

  it("a sum of numbers said outside any file's name is a sum", () => {
    expectAct("sum up 12, 30 and 8", "calc_evaluate");
  });

  it("a file written with its words is written", () => {
    expectAct("write hello world in notes.txt", "files_write", { path: "notes.txt", content: "hello world" });
  });
});

describe("a thing named by words just after another group showed something", () => {
  it("is asked, not acted on as the other group's", () => {
    const shown = read("show me the hardware list");
    expect(shown.tool).toBe("lists_show");
    const lastCall = { tool: shown.tool ?? "", args: shown.args ?? {} };
    const r = parseAfter("tick off the sandpaper", lastCall);
    expect(acts(r) && r.tool === "reminders_complete", `${r.tool} ${r.confidence}`).toBe(false);
  });

  it("one of several things just listed, pointed at, is not another group's template", () => {
    const shown = read("what's in my diary on thursday");
    expect(shown.tool).toBe("calendar_list_events");
    const lastCall = { tool: shown.tool ?? "", args: shown.args ?? {} };
    const r = parseAfter("cancel the 9 o'clock one", lastCall);
    expect(acts(r) && r.tool === "alarm_cancel", `${r.tool} ${r.confidence}`).toBe(false);
    // A clock time said as such, not a listed thing pointed at, still reads
    expect(acts(parseAfter("set an alarm for 6", lastCall))).toBe(true);
  });

  it("with nothing shown before, the template still reads", () => {
    expectAct("tick off the reminder to water the plants", "reminders_complete");
  });
});
