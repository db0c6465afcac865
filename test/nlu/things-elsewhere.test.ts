import { describe, expect, it } from "vitest";
import { beyondReach } from "../../src/brain/nlu/beyond.js";
import { compileCatalog } from "../../src/brain/nlu/catalog.js";
import { leavesOut } from "../../src/brain/nlu/leaves-out.js";
import { stripFillers, tokenize } from "../../src/brain/nlu/text/normalize.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";
import { readingExpectations } from "./expect-reading.js";

/**
 * nlu43 (decision 0044): false actions several new writers share. An app's thing said to be on,
 * at or in a thing no area names, a device as the object of an app's verb, a clock time said only
 * as a delay from now, a free text that holds a time its tool cannot keep, things taken off
 * another device. The sentences are the team's own.
 */
const tools = await builtinToolsForNlu();
const catalog = compileCatalog(tools);
const words = (text: string) => stripFillers(tokenize(text)).map((t) => t.w);
const { read, acts, expectNoAct, expectAct } = await readingExpectations();

describe("a thing of the reading's kind that belongs to something else", () => {
  it("is asked, not acted on", () => {
    const cancel = { tool: "alarm_cancel", args: {} };
    expect(leavesOut(catalog, cancel, words("switch off the alarm on the garden gate"))).toBe(true);
    expect(leavesOut(catalog, cancel, words("cancel the alarm on the 5th"))).toBe(false);
    expect(leavesOut(catalog, cancel, words("cancel the alarm at the weekend"))).toBe(false);
    expect(leavesOut(catalog, cancel, words("cancel the alarm on my laptop"))).toBe(false);
    const add = { tool: "lists_add", args: { list: "queue", items: ["us"] } };
    expect(leavesOut(catalog, add, words("add us to the queue list at the butchers"))).toBe(true);
  });

  it("a thing some area keeps is not elsewhere", () => {
    const next = { tool: "media_next", args: {} };
    expect(leavesOut(catalog, next, words("skip to the next track in the list"))).toBe(false);
  });
});

describe("a device as the object of an app's verb", () => {
  it("a tool that read no value from it is asked", () => {
    const snooze = { tool: "alerts_snooze", args: {} };
    expect(leavesOut(catalog, snooze, words("snooze the kitchen smoke detector"))).toBe(true);
    expect(leavesOut(catalog, snooze, words("snooze the alarm"))).toBe(false);
  });

  it("a name the thing was given is the area's own", () => {
    const cancel = { tool: "alarm_cancel", args: {} };
    expect(leavesOut(catalog, cancel, words("cancel the alarm called school run"))).toBe(false);
  });
});

describe("a clock time said only as a delay from now", () => {
  it("is the area's length, asked", () => {
    const result = read("quick snooze on the sofa, wake me in 15 minutes");
    expect(acts(result)).toBe(false);
    expect(result).toMatchObject({ tool: "timer_set", args: { duration_s: 900 } });
  });

  it("a clock time or a day keeps the alarm", () => {
    expectAct("wake me at 6:30 tomorrow", "alarm_set");
  });
});

describe("a free text holding a time its tool cannot keep", () => {
  it("is left to the group that keeps times", () => {
    expectNoAct("enter a site visit with the surveyor on Friday at 10:15 for an hour", "input_type");
  });

  it("a message with a time in it is still a message", () => {
    expectAct("type see you at 5 into the box", "input_type");
  });
});

describe("things taken off another device", () => {
  it("are that device's", () => {
    const kind = (text: string) => beyondReach(words(text))?.kind;
    expect(kind("get back the videos I wiped off my tablet")).toBe("other-device");
    expect(kind("take the day off my calendar")).toBeUndefined();
  });
});

describe("what else a reading leaves out", () => {
  it("a file named inside a query that swallowed the whole sentence", () => {
    const search = {
      tool: "knowledge_search",
      args: { query: "the bank sent me statement_march.pdf and i need the gist of it quickly" },
    };
    expect(
      leavesOut(
        catalog,
        search,
        words("the bank sent me statement_march.pdf and i need the gist of it quickly"),
      ),
    ).toBe(true);
    const plain = { tool: "knowledge_search", args: { query: "the notice period in my contract" } };
    expect(
      leavesOut(catalog, plain, words("what do my documents say about the notice period in my contract")),
    ).toBe(false);
  });

  it("a look-up read for a sentence that changes the things", () => {
    const list = { tool: "timer_list", args: {} };
    expect(leavesOut(catalog, list, words("bin all my timers"))).toBe(true);
    expect(leavesOut(catalog, list, words("show all my timers"))).toBe(false);
  });

  it("a restart said to a tool with no position, while its area takes one", () => {
    const play = { tool: "media_play", args: {} };
    expect(leavesOut(catalog, play, words("put that track on again from the beginning"))).toBe(true);
    expect(leavesOut(catalog, play, words("play the audiobook from the beginning"))).toBe(false);
  });

  it("a thing named with its purpose and no verb, read as the listing", () => {
    const list = { tool: "timer_list", args: {} };
    expect(leavesOut(catalog, list, words("timer for the rice"))).toBe(true);
    expect(leavesOut(catalog, list, words("timers for the rice"))).toBe(false);
  });

  it("a clock time said in words to a tool that takes none", () => {
    const now = { tool: "time_now", args: { city: "oslo" } };
    expect(
      leavesOut(catalog, now, words("when it is 6 in the morning in perth what time is it in oslo")),
    ).toBe(true);
  });
});

describe("one thing of a group to open, said in the singular", () => {
  it("asks which one of the tool that opens one, rather than acting on a listing", () => {
    const result = read("read the latest email from the allotment society");
    expect(acts(result)).toBe(false);
    expect(result.tool).toBe("mail_read");
    expect(result.missing).toEqual(["id"]);
  });

  it("a listing said in the plural stays one", () => {
    expect(read("read me the emails from the allotment society").tool).not.toBe("mail_read");
  });
});
