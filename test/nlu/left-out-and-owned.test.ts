import { describe, expect, it } from "vitest";
import { beyondReach } from "../../src/brain/nlu/beyond.js";
import { compileCatalog } from "../../src/brain/nlu/catalog.js";
import { leavesOut } from "../../src/brain/nlu/leaves-out.js";
import { stripFillers, tokenize } from "../../src/brain/nlu/text/normalize.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";
import { readingExpectations } from "./expect-reading.js";

/**
 * nlu39 (decision 0044): shapes of false action that several writers share. A value or a scope
 * the reading leaves out (a clock time, the things searched, an edit said as a new thing's
 * title), a destination of another group at the end of a free-text template, another person's
 * thing with the apostrophe left out, a battery of a device that is not this computer. The
 * sentences are the team's own.
 */
const tools = await builtinToolsForNlu();
const catalog = compileCatalog(tools);
const words = (text: string) => stripFillers(tokenize(text)).map((t) => t.w);
const kind = (text: string) => beyondReach(words(text))?.kind;
const { expectNoAct, expectAct } = await readingExpectations();

describe("what a reading leaves out", () => {
  it("a clock time said to a tool that takes none", () => {
    const now = { tool: "time_now", args: { city: "lima" } };
    expect(leavesOut(catalog, now, words("when it's 8 am here what is it in lima"))).toBe(true);
    expect(leavesOut(catalog, now, words("if I phone Lima at 6 my time what time is it for them"))).toBe(
      true,
    );
    expect(leavesOut(catalog, now, words("what's the time in lima right now"))).toBe(false);
  });

  it("the things searched named as another group's", () => {
    const contacts = { tool: "contacts_search", args: { query: "plumber" } };
    expect(leavesOut(catalog, contacts, words("which of my notes has the plumber's number"))).toBe(true);
    expect(leavesOut(catalog, contacts, words("which of my contacts is the plumber"))).toBe(false);
    const events = { tool: "calendar_list_events", args: {} };
    expect(leavesOut(catalog, events, words("which day next week am I free"))).toBe(false);
  });

  it("a new thing whose title is an edit of one of its own kind", () => {
    const made = { tool: "reminders_create", args: { title: "move the boiler reminder to" } };
    expect(leavesOut(catalog, made, words("move the boiler reminder to monday"))).toBe(true);
    const errand = { tool: "reminders_create", args: { title: "move the bins" } };
    expect(leavesOut(catalog, errand, words("remind me to move the bins on monday"))).toBe(false);
  });
});

describe("another person's or another device's things", () => {
  it("with the apostrophe left out", () => {
    expect(kind("silence my sisters alarm its ringing in the next room")).toBe("someone-else");
    expect(kind("check my husbands calendar for friday")).toBe("someone-else");
    expect(kind("snooze my alarm")).toBeUndefined();
    expect(kind("show my friends list")).toBeUndefined();
  });

  it("a battery of anything that is not this computer", () => {
    expect(kind("what is the battery level of my headphones")).toBe("other-device");
    expect(kind("what's the battery on my bike lights")).toBe("other-device");
    expect(kind("what's my laptop battery at")).toBeUndefined();
    expect(kind("how much battery have I got left")).toBeUndefined();
    expect(kind("remind me to charge the battery on my drill")).toBeUndefined();
  });
});

describe("a free-text template ending on another group's thing", () => {
  it("is left to that group", () => {
    expectNoAct("enter the school concert on friday at 6 pm into my calendar", "input_type");
    expectNoAct("please key in the quiz night on the 9th at 8 pm into the calendar", "input_type");
  });

  it("a text typed into a box still types", () => {
    expectAct("type my password into the box", "input_type");
  });
});

describe("an order on a thing the reading does not name", () => {
  it("something sounding now beside a change to a set thing with nothing said of which", () => {
    const cancel = { tool: "alarm_cancel", args: {} };
    expect(leavesOut(catalog, cancel, words("switch that alarm off it's been beeping for ages"))).toBe(true);
    expect(leavesOut(catalog, cancel, words("switch off my alarm for tomorrow"))).toBe(false);
    expect(
      leavesOut(
        catalog,
        { tool: "alarm_cancel", args: { label: "gym" } },
        words("cancel the gym alarm, i'm up"),
      ),
    ).toBe(false);
  });

  it("a thing named by the user's own words to a tool that takes no value", () => {
    const pause = { tool: "media_pause", args: {} };
    expect(leavesOut(catalog, pause, words("pause the evening digest"))).toBe(true);
    expect(leavesOut(catalog, pause, words("pause the music"))).toBe(false);
    expect(leavesOut(catalog, pause, words("pause the podcast for a sec"))).toBe(false);
  });

  it("a look-up of the very things something is put into", () => {
    const show = { tool: "lists_show", args: { list: "camping" } };
    expect(leavesOut(catalog, show, words("stik tent pegs to the camping list"))).toBe(true);
    expect(leavesOut(catalog, show, words("show me the camping list"))).toBe(false);
    expect(leavesOut(catalog, show, words("take me to the camping list"))).toBe(false);
  });
});
