import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { textSpeak } from "../../src/brain/nlu/text/texting.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/** Kinds of request new writers put in shapes the groups did not read (nlu45), in our words. */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const parse = (text: string) => nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });
const acted = (text: string) => {
  const r = parse(text);
  return r.kind === "action" && !r.missing?.length && r.confidence >= 0.9 ? r : undefined;
};
const read = (text: string) => textSpeak(tokenize(text)).map((t) => t.w);

describe("'its' typed for 'it's'", () => {
  it("reads 'its' before a number, a verb going on or a state as 'it is'", () => {
    expect(read("its 7 am in Lima")).toEqual(["it", "is", "7", "am", "in", "lima"]);
    expect(read("its beeping again")).toEqual(["it", "is", "beeping", "again"]);
    expect(read("its too loud")).toEqual(["it", "is", "too", "loud"]);
  });

  it("keeps the possessive before a noun", () => {
    expect(read("turn its volume down")).toEqual(["turn", "its", "volume", "down"]);
  });
});

describe("a clock time converted between places, in any order", () => {
  it("reads the question word after the clock", () => {
    expect(acted("7am in Denver is what time in Rome")).toMatchObject({
      tool: "time_convert",
      args: { from: "Denver", to: "Rome" },
    });
  });

  it("reads the place before the clock in the 'when' clause", () => {
    expect(acted("when in Oslo it is 6 in the evening, what time is it in Quito")).toMatchObject({
      tool: "time_convert",
      args: { from: "Oslo", to: "Quito", time: "6 pm" },
    });
  });

  it("reads a call placed at a clock time of the person's own", () => {
    expect(acted("if I phone Lima at 10 my time what time will it be there")).toMatchObject({
      tool: "time_convert",
      args: { to: "Lima" },
    });
  });

  it("asks where when the place is only pointed at or left out", () => {
    for (const text of [
      "what time would it be over there when it is 6 pm here",
      "what is the time difference",
      "what time is 4pm in",
    ]) {
      const r = parse(text);
      expect(r.tool, text).toBe("time_convert");
      expect(r.missing, text).toEqual(["to"]);
    }
  });
});

describe("an order to stop what is sounding now", () => {
  it("dismisses the alert when the order comes with the sound", () => {
    for (const text of [
      "stop the alarm, it's ringing again",
      "switch that timer off its beeping",
      "quit buzzing",
      "it's going off again so turn it off",
    ])
      expect(acted(text)?.tool, text).toBe("alerts_dismiss");
  });

  it("keeps a timer or an alarm named without a sound its own tool's", () => {
    expect(acted("stop the timer")?.tool).toBe("timer_cancel");
  });
});

describe("a notice for every device, said in a learner's order or with its own verb", () => {
  it("reads 'tell to me' as 'tell me' and a place said as every place", () => {
    expect(read("tell to me the plan")).toEqual(["tell", "me", "the", "plan"]);
    expect(acted("Tell to me in every place: the bins go out tonight")).toMatchObject({
      tool: "notify_user",
      args: { message: "the bins go out tonight" },
    });
  });

  it("passes on what 'tell me' says when it goes to every device", () => {
    expect(acted("tell me the plumber is here on every device")).toMatchObject({
      tool: "notify_user",
      args: { message: "the plumber is here" },
    });
  });

  it("makes a message appear on every screen", () => {
    expect(acted("make a notice appear on all my screens: lunch is ready")).toMatchObject({
      tool: "notify_user",
      args: { message: "lunch is ready" },
    });
  });

  it("never takes a question put with 'tell me' for a notice", () => {
    expect(acted("tell me the weather in every place I'm visiting")?.tool).not.toBe("notify_user");
    expect(acted("tell me what's on the screen")?.tool).not.toBe("notify_user");
  });
});

describe("a program run in the sandbox, its parts in any order", () => {
  it("reads the place first, with what isolates it and its limits", () => {
    expect(acted("in an isolated sandbox with 512 MB, run python3 tidy.py")).toMatchObject({
      tool: "sandbox_run",
      args: { command: ["python3", "tidy.py"], memory_mb: 512 },
    });
    expect(acted("sandbox it: node build.js, 20 second limit")).toMatchObject({
      tool: "sandbox_run",
      args: { time_s: 20 },
    });
  });

  it("drops why it runs apart, and takes the program after a colon", () => {
    expect(acted("try my clean.py in the safe box so it can't wipe anything")).toMatchObject({
      tool: "sandbox_run",
      args: { command: ["python3", "clean.py"] },
    });
    expect(acted("run this script safely, don't let it touch my files: sh setup.sh")).toMatchObject({
      tool: "sandbox_run",
      args: { command: ["sh", "setup.sh"] },
    });
  });

  it("never takes a place that isolates nothing for the sandbox", () => {
    expect(acted("in the kitchen, run the dishwasher")?.tool).not.toBe("sandbox_run");
  });
});

describe("a summary asked around a document named by its path", () => {
  it("reads the gist word and the document wherever they stand", () => {
    expect(acted("I need the main things from Work/lease-2024.pdf, it is too long")).toMatchObject({
      tool: "docs_summarize",
      args: { path: "Work/lease-2024.pdf" },
    });
    expect(acted("tell me briefly what https://example.org/news/rates is about")).toMatchObject({
      tool: "docs_summarize",
      args: { url: "https://example.org/news/rates" },
    });
  });

  it("leaves a document sent, opened or named 'summary' to its own tools", () => {
    expect(acted("open summary.pdf")?.tool).not.toBe("docs_summarize");
    expect(acted("send the summary in notes/q3.pdf to Ana")?.tool).not.toBe("docs_summarize");
  });
});

describe("a count of things at a rate each, the total asked", () => {
  it("multiplies the count by the rate however the things are named", () => {
    expect(acted("6 hour shift at 12.50 an hour, what does that come to")).toMatchObject({
      tool: "calc_evaluate",
      args: { expression: "6 * 12.5" },
    });
    expect(acted("30 guests, 4 rolls each, how many do we need")).toMatchObject({
      tool: "calc_evaluate",
      args: { expression: "30 * 4" },
    });
    expect(acted("12 kids each bring £2.50, what will we have")).toMatchObject({
      tool: "calc_evaluate",
      args: { expression: "12 * 2.5" },
    });
  });

  it("leaves two amounts with no rate between them unread", () => {
    expect(acted("I spent 30 on food and 20 on a cab, what's that come to")?.args).not.toEqual({
      expression: "30 * 20",
    });
  });
});

describe("mail asked by what the person got, with no word for mail", () => {
  it("searches mail from the sender named", () => {
    expect(acted("did I get anything from the water board")).toMatchObject({
      tool: "mail_search",
      args: { from: "water board" },
    });
    expect(acted("have I heard back from Dr Lee about the results")).toMatchObject({
      tool: "mail_search",
      args: { from: "Dr Lee", query: "the results" },
    });
  });
});

describe("skills and made tools named after their kind", () => {
  it("reads a skill used for what is in hand, removed or added by where it is", () => {
    expect(acted("use the budget-sheet skill for this")).toMatchObject({
      tool: "skills_open",
      args: { name: "budget-sheet" },
    });
    expect(acted("uninstall the skill called label-maker")).toMatchObject({
      tool: "skills_remove",
      args: { name: "label-maker" },
    });
    expect(acted("add the skill that's in my folder skills/invoice-helper")).toMatchObject({
      tool: "skills_install",
      args: { source: "skills/invoice-helper" },
    });
    const r = parse("delete a skill");
    expect(r.tool).toBe("skills_remove");
    expect(r.missing).toEqual(["name"]);
  });

  it("reads a made tool named after who made it, or with why after", () => {
    expect(acted("get rid of the tool you made called csv_joiner")).toMatchObject({
      tool: "tools_remove",
      args: { name: "csv_joiner" },
    });
    expect(acted("delete the generated tool date_fixer, it never worked")).toMatchObject({
      tool: "tools_remove",
      args: { name: "date_fixer" },
    });
  });
});

describe("what rang and whether an alarm is set, asked by what the person did", () => {
  it("lists what went off while the person was somewhere", () => {
    expect(acted("what went off while I was down at the allotment")?.tool).toBe("alerts_list");
    expect(acted("what went of earlier while i was in the bath")?.tool).toBe("alerts_list");
  });

  it("lists the alarms when asked whether one was set", () => {
    expect(acted("did I remember to set an alarm for tomorrow, I forget")?.tool).toBe("alarm_list");
    expect(acted("did I put the wake-up alarm on for the morning")?.tool).toBe("alarm_list");
    expect(acted("set an alarm for 6")?.tool).toBe("alarm_set");
  });
});
