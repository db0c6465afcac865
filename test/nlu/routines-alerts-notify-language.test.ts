import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/** Routines, what rings and notices on every screen, in the team's own words. */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const parse = (text: string) => nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });
const acted = (text: string) => {
  const r = parse(text);
  return r.kind === "action" && !r.missing?.length && r.confidence >= 0.9 ? r : undefined;
};

describe("routines named by the person", () => {
  it("pauses, resumes, deletes and runs a routine that is called a routine", () => {
    expect(acted("stop my bin day automation for now")).toMatchObject({
      tool: "routines_pause",
      args: { id: "bin day" },
    });
    expect(acted("turn the commute routine back on")).toMatchObject({
      tool: "routines_resume",
      args: { id: "commute" },
    });
    expect(acted("get rid of the friday digest automation")).toMatchObject({
      tool: "routines_remove",
      args: { id: "friday digest" },
    });
    expect(acted("run the evening summary routine now")).toMatchObject({
      tool: "routines_run",
      args: { id: "evening summary" },
    });
  });

  it("asks which routine when none is named, and leaves the player alone", () => {
    const vague = parse("suspend one of my routines");
    expect(vague.tool).toBe("routines_pause");
    expect(vague.missing).toEqual(["id"]);
    expect(acted("pause the music")?.tool).toBe("media_pause");
  });

  it("watches a page, and a mail whose arrival is to be told", () => {
    expect(acted("keep an eye on https://example.org/tickets and let me know when it changes")).toMatchObject(
      {
        tool: "routines_create",
        args: { on_page_change: "https://example.org/tickets" },
      },
    );
    expect(
      acted("whenever a mail comes in from Dana let me know right away because she is the landlord"),
    ).toMatchObject({ tool: "routines_create", args: { on_mail_from: "Dana" } });
    expect(acted("whenever a mail from Priya arrives let me know")).toMatchObject({
      tool: "routines_create",
      args: { on_mail_from: "Priya" },
    });
  });
});

describe("what rings and notices everywhere", () => {
  it("lists, silences and snoozes what rings", () => {
    expect(acted("did anything go off while i was out")?.tool).toBe("alerts_list");
    expect(acted("switch that beeping off")).toMatchObject({ tool: "alerts_dismiss", args: {} });
    expect(acted("make everything that's ringing stop")).toMatchObject({
      tool: "alerts_dismiss",
      args: { all: true },
    });
    expect(acted("snooze the alarm for half an hour")).toMatchObject({
      tool: "alerts_snooze",
      args: { minutes: 30 },
    });
  });

  it("tells the person on every screen only when the surfaces are named", () => {
    expect(acted("flash a message on all my devices saying the oven is hot")).toMatchObject({
      tool: "notify_user",
      args: { message: "the oven is hot" },
    });
    expect(acted("notify me, title Backup, message all done")).toMatchObject({
      tool: "notify_user",
      args: { title: "Backup", message: "all done" },
    });
    expect(acted("tell me out loud and on my screen that the bath is full")).toMatchObject({
      tool: "notify_user",
      args: { message: "the bath is full" },
    });
    expect(acted("tell me a joke")?.tool).not.toBe("notify_user");
  });
});

describe("routines said as what the person wants to hear about", () => {
  it("watches mail from an organisation, with the telling in the person's words", () => {
    expect(acted("ping me when an email from the bank comes in")).toMatchObject({
      tool: "routines_create",
      args: { on_mail_from: "bank" },
    });
    expect(acted("let me know if i get a message from the school")).toMatchObject({
      tool: "routines_create",
      args: { on_mail_from: "school" },
    });
    expect(acted("whenever i get an email from Jo and then archive it let me know")?.tool).not.toBe(
      "routines_create",
    );
  });

  it("tells the person a number of minutes before every event", () => {
    expect(acted("tell me 5 minutes before each meeting starts")).toMatchObject({
      tool: "routines_create",
      args: { on_event_minutes: 5 },
    });
    expect(acted("20 minutes before all my appointments, give me a shout")).toMatchObject({
      tool: "routines_create",
      args: { on_event_minutes: 20 },
    });
    expect(acted("remind me 10 minutes before the meeting")?.tool).toBe("reminders_create");
  });
});

describe("what rang, named as the person lives it", () => {
  it("reads alarms and reminders named together as what rang or was missed", () => {
    expect(acted("which alarms or reminders did i miss")?.tool).toBe("alerts_list");
    expect(acted("did i miss any reminders or alarms while i was at the gym")?.tool).toBe("alerts_list");
    expect(acted("did i miss any calls")?.tool).not.toBe("alerts_list");
    expect(acted("what reminders do i have")?.tool).toBe("reminders_list");
  });

  it("gives more time by its word with the reason after, and hushes what rings", () => {
    expect(acted("give me another quarter of an hour, the traffic is bad")).toMatchObject({
      tool: "alerts_snooze",
      args: { minutes: 15 },
    });
    expect(acted("just another half hour please")).toMatchObject({
      tool: "alerts_snooze",
      args: { minutes: 30 },
    });
    expect(acted("hang on, just 8 more mins")).toMatchObject({ tool: "alerts_snooze", args: { minutes: 8 } });
    expect(acted("oh give me twelve more minutes please")).toMatchObject({
      tool: "alerts_snooze",
      args: { minutes: 12 },
    });
    expect(acted("hush, i'm up")).toMatchObject({ tool: "alerts_dismiss", args: {} });
    expect(acted("shut it all up, everything that's going off")).toMatchObject({
      tool: "alerts_dismiss",
      args: { all: true },
    });
  });
});

describe("a notice said in any order", () => {
  it("reads the act, where it goes, its title and what it says wherever they stand", () => {
    expect(acted("announce the pizza has arrived on every screen and out loud")).toMatchObject({
      tool: "notify_user",
      args: { message: "the pizza has arrived" },
    });
    expect(
      acted("quick, flash up a notice titled Parking saying move the car, on all my devices"),
    ).toMatchObject({ tool: "notify_user", args: { title: "Parking", message: "move the car" } });
    expect(acted("send me a note across all my screens: standup in two")).toMatchObject({
      tool: "notify_user",
      args: { message: "standup in two" },
    });
    expect(acted("ping me on all the screens with time to leave")).toMatchObject({
      tool: "notify_user",
      args: { message: "time to leave" },
    });
    expect(acted("say lunch break out loud and on every screen")).toMatchObject({
      tool: "notify_user",
      args: { message: "lunch break" },
    });
  });

  it("needs no surface when the act is called a notice, and asks what to say when nothing is said", () => {
    expect(acted("could you notify me now with the words laundry done")).toMatchObject({
      tool: "notify_user",
      args: { message: "laundry done" },
    });
    expect(acted("give me a heads up everywhere that the kettle boiled")).toMatchObject({
      tool: "notify_user",
      args: { message: "the kettle boiled" },
    });
    const vague = parse("send me an alert on all my screens");
    expect(vague.tool).toBe("notify_user");
    expect(vague.missing).toEqual(["message"]);
  });

  it("leaves things to send, other places and other reads alone", () => {
    expect(acted("push the file to all my devices")?.tool).not.toBe("notify_user");
    expect(acted("show me the files on all my devices")?.tool).not.toBe("notify_user");
    expect(acted("say it out loud")?.tool).not.toBe("notify_user");
    expect(acted("announce a new post in the group chat")?.tool).not.toBe("notify_user");
    expect(acted("broadcast the quiz show from the lounge")?.tool).not.toBe("notify_user");
    expect(acted("notify me")?.tool).not.toBe("notify_user");
  });
});

describe("a window's control named by its role first", () => {
  it("finds the menu item or button whose label follows its role", () => {
    expect(acted("where is the menu item Save a Copy")).toMatchObject({
      tool: "ui_find",
      args: { role: "menu item", name: "Save a Copy" },
    });
    expect(acted("find the button Send Now")).toMatchObject({
      tool: "ui_find",
      args: { role: "button", name: "Send Now" },
    });
  });
});

describe("what rings, by the sound and by what was missed", () => {
  it("stops every sound by any verb said to a noise, and the sound said beside the order", () => {
    expect(acted("silence whatever is bleeping")?.tool).toBe("alerts_dismiss");
    expect(acted("kill everything that's going off")).toMatchObject({
      tool: "alerts_dismiss",
      args: { all: true },
    });
    expect(acted("oh it's buzzing again, make it stop")?.tool).toBe("alerts_dismiss");
    expect(acted("switch it off, i'm awake now")?.tool).toBe("alerts_dismiss");
  });

  it("lists what went off when one kind is said missed or the sound is asked about", () => {
    expect(acted("did i miss any timers while i was in the garden")?.tool).toBe("alerts_list");
    expect(acted("any reminders go off that i missed")?.tool).toBe("alerts_list");
    expect(acted("what was that chime a minute ago")?.tool).toBe("alerts_list");
    expect(acted("did i miss any alarms while i was in a meeting")?.tool).toBe("alerts_list");
    // Missed mail or calls are never what rang
    expect(acted("did i miss any emails")?.tool).not.toBe("alerts_list");
    expect(acted("did i miss any calls today")?.tool).not.toBe("alerts_list");
  });
});
