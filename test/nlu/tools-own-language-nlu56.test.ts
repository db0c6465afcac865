import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/** The tools' own language where writers name them in ways the tables lacked (nlu56). */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const parse = (text: string) => nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });
const acted = (text: string) => {
  const r = parse(text);
  return r.kind === "action" && !r.missing?.length && r.confidence >= 0.9 ? r : undefined;
};

describe("a notice for the person, named the ways people name it", () => {
  it("reads the notice named as a thing made or given, with its labelled parts", () => {
    expect(acted("make me a notification, title Oven, message the cake is done")).toMatchObject({
      tool: "notify_user",
      args: { title: "Oven", message: "the cake is done" },
    });
    expect(acted("give me a message titled Lunch saying grab a sandwich")).toMatchObject({
      tool: "notify_user",
      args: { title: "Lunch", message: "grab a sandwich" },
    });
    expect(
      acted("push a notice to every screen and speaker, title Gym, text pack your trainers"),
    ).toMatchObject({
      tool: "notify_user",
      args: { title: "Gym", message: "pack your trainers" },
    });
  });

  it("reads verbs aimed at the person, verbs of speaking and of announcing", () => {
    expect(acted("notify me the post has come")?.args).toEqual({ message: "the post has come" });
    expect(acted("ping me with: check the boiler pressure")?.args).toEqual({
      message: "check the boiler pressure",
    });
    expect(acted("inform me on all devices: the train is delayed")?.tool).toBe("notify_user");
    expect(acted("speak this to me, the bins go out tonight")?.args).toEqual({
      message: "the bins go out tonight",
    });
    expect(acted("announce to everybody the taxi is outside")?.args).toEqual({
      message: "the taxi is outside",
    });
    expect(acted("announce parcels have arrived")?.args).toEqual({ message: "parcels have arrived" });
  });

  it("asks for the words of a bare notice, and leaves a popup on this desktop to its tool", () => {
    expect(parse("send me a notification")).toMatchObject({ tool: "notify_user", missing: ["message"] });
    expect(parse("notify me")).toMatchObject({ tool: "notify_user", missing: ["message"] });
    expect(acted("pop up a notification saying stretch")?.tool).toBe("system_notify");
  });

  it("leaves times, conditions, things named and reading to others", () => {
    expect(acted("ping me at 5 with: call the bank")?.tool).not.toBe("notify_user");
    expect(acted("notify me when the download finishes")?.tool).not.toBe("notify_user");
    expect(acted("announce my engagement")).toBeUndefined();
    expect(acted("announce the winner on facebook")).toBeUndefined();
    expect(acted("read this to me, the letter from the bank")?.tool).not.toBe("notify_user");
    expect(acted("read out loud what's on the screen")?.tool).not.toBe("notify_user");
    expect(acted("say something funny")).toBeUndefined();
  });
});

describe("what rings, timers said by their situation, a mail conversation, a day counted", () => {
  it("reads something unnamed that went off while away, more time by other words, and hushing", () => {
    expect(acted("did something ring while i had the hoover on")?.tool).toBe("alerts_list");
    expect(acted("anything go off while we were at the park")?.tool).toBe("alerts_list");
    expect(acted("let the alarm sleep for 15 more minutes")).toMatchObject({
      tool: "alerts_snooze",
      args: { minutes: 15 },
    });
    expect(acted("the timer's going off, shut it up")?.tool).toBe("alerts_dismiss");
    expect(acted("shut up all the things beeping")).toMatchObject({
      tool: "alerts_dismiss",
      args: { all: true },
    });
    expect(acted("something went off in the kitchen")).toBeUndefined();
  });

  it("reads a dish left in the oven and a named stretch of work as timers", () => {
    expect(acted("lasagne is in the oven, it needs 45 minutes")).toMatchObject({
      tool: "timer_set",
      args: { duration_s: 2700 },
    });
    expect(acted("pomodoro 25")).toMatchObject({ tool: "timer_set", args: { duration_s: 1500 } });
    expect(acted("focus block of 90 minutes")).toMatchObject({
      tool: "timer_set",
      args: { duration_s: 5400 },
    });
    expect(acted("pomodoro 2000")).toBeUndefined();
    expect(acted("the meeting is in the boardroom, takes an hour")).toBeUndefined();
  });

  it("never sums up today's inbox for a conversation named without its handle", () => {
    // Without a handle the tool reads today's inbox, not the thread the person named
    expect(acted("summarise the whole back and forth with the council")?.tool).not.toBe("mail_summarize");
    expect(acted("condense that email chain for me")?.tool).not.toBe("mail_summarize");
  });

  it("counts the days since a day said bare or by what happened on it", () => {
    expect(acted("how long since the 3rd of march")).toMatchObject({
      tool: "time_until",
      args: { date: "2025-03-03" },
    });
    expect(acted("how many days since I moved in on 2023-05-14")).toMatchObject({
      tool: "time_until",
      args: { date: "2023-05-14" },
    });
    expect(acted("how long since I called mum")?.tool).not.toBe("time_until");
  });
});

describe("a routine before events named by the calendar, and mail that comes from someone", () => {
  it("keeps the minutes, a word of the events' title and what to be told", () => {
    expect(acted("10 min before any market event in my diary, tell me to load the van")).toMatchObject({
      tool: "routines_create",
      args: { on_event_minutes: 10, on_event_title: "market", say: "Load the van" },
    });
    expect(acted("warn me 20 minutes before anything in my calendar")).toMatchObject({
      tool: "routines_create",
      args: { on_event_minutes: 20 },
    });
    expect(acted("when an email comes from the council, let me know")).toMatchObject({
      tool: "routines_create",
      args: { on_mail_from: "council" },
    });
  });
});

describe("a note by what it holds, gear for an outing, change owed, a text to someone described", () => {
  it("finds the note that mentions something, and leaves 'which notes have I got' to the list", () => {
    expect(acted("which of my notes mentions the wifi password")).toMatchObject({
      tool: "notes_search",
      args: { query: "the wifi password" },
    });
    expect(acted("which notes have I got")?.tool).not.toBe("notes_search");
  });

  it("reads whether to bring something against the weather as the forecast for that day", () => {
    expect(acted("do I need a jacket for the day out to York on friday")).toMatchObject({
      tool: "weather_forecast",
      args: { city: "York", date: "2025-06-13" },
    });
    expect(parse("should I take my brolly to the allotment on sunday, do you think").tool).toBe(
      "weather_forecast",
    );
    expect(parse("should I take my passport to the bank on monday").tool).not.toBe("weather_forecast");
  });

  it("works out the change owed from what it cost and what was handed over", () => {
    expect(acted("the taxi was 9.80 and he gave me 20, what's the change")).toMatchObject({
      tool: "calc_evaluate",
      args: { expression: "20 - 9.80" },
    });
    expect(acted("the bill came to 45 and they paid 40, how much change")).toBeUndefined();
  });

  it("splits a text to someone named by who they are where the message starts", () => {
    expect(acted("text my sister I can't make Friday")).toMatchObject({
      tool: "contacts_call",
      args: { query: "my sister", via: "text", message: "I can't make Friday" },
    });
    expect(acted("text my boss the report is done")?.args).toMatchObject({
      query: "my boss",
      message: "the report is done",
    });
    expect(acted("text the group")).toBeUndefined();
  });
});
