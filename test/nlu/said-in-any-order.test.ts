import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * Requests whose parts fresh writers put in any order (decision 0045, nlu28): a window read with
 * what of it and its hidden parts, a window put on a side; in the team's own words.
 */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const parse = (text: string) => nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });
const acted = (text: string) => {
  const r = parse(text);
  return r.kind === "action" && !r.missing?.length && r.confidence >= 0.9 ? r : undefined;
};

describe("a window read, its parts in any order", () => {
  it("takes the window's name, what of it and its hidden parts wherever they stand", () => {
    expect(acted("go through the print dialog for me")).toMatchObject({
      tool: "ui_state",
      args: { window: "print" },
    });
    expect(acted("describe the Preferences window to me, hidden bits too")).toMatchObject({
      tool: "ui_state",
      args: { window: "preferences", all: true },
    });
    expect(acted("read out all the menus and buttons in this window")).toMatchObject({
      tool: "ui_state",
      args: {},
    });
  });

  it("reads nothing else that sits in a window, and no glass", () => {
    expect(acted("read the email in this window")?.tool).not.toBe("ui_state");
    expect(acted("list the files in this window")?.tool).not.toBe("ui_state");
    expect(acted("describe the kitchen window")).toBeUndefined();
  });
});

describe("a window put on a side", () => {
  it("puts the window one is in on a side, said with 'on'", () => {
    expect(acted("stick this window on the right half")).toMatchObject({
      tool: "windows_tile",
      args: { side: "right" },
    });
    expect(acted("make this take up the full screen")).toMatchObject({
      tool: "windows_tile",
      args: { side: "maximize" },
    });
  });
});

describe("this computer's facts and its lock, said as the person says them", () => {
  it("reads the machine named as what has the facts, and how long it has been on", () => {
    expect(acted("how much space does the laptop have left")?.tool).toBe("system_info");
    expect(acted("how long has my laptop been running")?.tool).toBe("system_info");
    expect(acted("how much memory does this computer have, and delete old files")).toBeUndefined();
  });

  it("locks with the reason for leaving, a learner's 'block' too, never at a time said", () => {
    expect(acted("lock the screen, i'm stepping away")?.tool).toBe("system_lock");
    expect(acted("heading out, lock everything")?.tool).toBe("system_lock");
    expect(acted("block the computer")?.tool).toBe("system_lock");
    expect(acted("block this number")?.tool).not.toBe("system_lock");
    expect(acted("the shed is open, lock it up")).toBeUndefined();
  });
});

describe("apps started again or gone back to", () => {
  it("opens another of an app with why after, and keeps a second request apart", () => {
    expect(acted("open another firefox, a new window even if one is open")).toMatchObject({
      tool: "apps_launch",
      args: { app: "firefox", new_window: true },
    });
    expect(parse("open another firefox and play music").calls?.map((c) => c.tool)).toEqual([
      "apps_launch",
      "media_play",
    ]);
    expect(acted("switch back to gimp")).toMatchObject({ tool: "apps_focus", args: { app: "gimp" } });
  });
});

describe("a sum or a list emptied with what it is for after", () => {
  it("keeps the purpose out of the sum and a second request out of both", () => {
    expect(acted("what is 12 times 14, it's for a quiz")).toMatchObject({
      tool: "calc_evaluate",
      args: { expression: "12 * 14" },
    });
    expect(acted("what is 5 plus 5 for the kids and then email it")).toBeUndefined();
    expect(acted("wipe the packing list, we're back home")).toMatchObject({
      tool: "lists_clear",
      args: { list: "packing" },
    });
  });
});

describe("skills, documents and replies named with their kind or a reason", () => {
  it("reads a skill's place said with its kind, and a skill removed with why", () => {
    expect(acted("add the skill in the folder ~/skills/tidy-photos")).toMatchObject({
      tool: "skills_install",
      args: { source: "~/skills/tidy-photos" },
    });
    expect(acted("get rid of the tidy-photos skill, it never worked")).toMatchObject({
      tool: "skills_remove",
      args: { name: "tidy-photos" },
    });
    expect(acted("uninstall the tidy-photos skill and install zoom")?.tool).not.toBe("skills_remove");
  });

  it("summarises a document named with a word for short or with why after", () => {
    expect(acted("give me a quick rundown of minutes.docx")).toMatchObject({
      tool: "docs_summarize",
      args: { path: "minutes.docx" },
    });
    expect(acted("condense essay.pdf, I only have five minutes")).toMatchObject({
      tool: "docs_summarize",
      args: { path: "essay.pdf" },
    });
    expect(acted("summarise essay.pdf and then email it to Ana")).toBeUndefined();
  });

  it("asks which message when a reply names only its sender", () => {
    const r = parse("reply to the email from the landlord");
    expect(r.tool).toBe("mail_reply");
    expect(r.missing).toContain("id");
  });
});

describe("an event named by its kind and with whom, to cancel", () => {
  it("asks which event whatever the other words, and leaves a second request apart", () => {
    const r = parse("cancel the appointment with the bank on thursday");
    expect(r.tool).toBe("calendar_delete_event");
    expect(r.missing).toEqual(["id"]);
    expect(r.args).toEqual({});
    expect(acted("cancel my subscription")).toBeUndefined();
  });
});

describe("timers asked after as the person lives them", () => {
  it("times a length said as what must pass, the situation first", () => {
    expect(acted("the kettle's on, tell me when five minutes are up")).toMatchObject({
      tool: "timer_set",
      args: { duration_s: 300 },
    });
    expect(acted("let me know when the meeting is over")?.tool).not.toBe("timer_set");
  });

  it("cancels every timer with an aside, and asks after one by what it is for", () => {
    expect(acted("kill all the timers, the lot")).toMatchObject({
      tool: "timer_cancel",
      args: { all: true },
    });
    expect(acted("is the pizza one still going")?.tool).toBe("timer_list");
  });
});

describe("a count to a day or a click on words, with an aside", () => {
  it("counts to the day with an aside after, and keeps a second request apart", () => {
    expect(acted("how many days till christmas, the kids keep asking")).toMatchObject({
      tool: "time_until",
      args: { date: "christmas" },
    });
    expect(parse("how long until friday, and remind me to pack").calls?.map((c) => c.tool)).toEqual([
      "time_until",
      "reminders_create",
    ]);
  });

  it("clicks words named as words", () => {
    expect(acted("click on the words Sign me up")).toMatchObject({
      tool: "screen_find_text",
      args: { text: "Sign me up", click: true },
    });
  });
});

describe("the whole page shot, said after 'of'", () => {
  it("shoots the whole page and keeps a second request out", () => {
    expect(acted("grab a screenshot of the entire web page, top to bottom")).toMatchObject({
      tool: "browser_screenshot",
      args: { full_page: true },
    });
    expect(acted("take a screenshot of the whole web page and email it")).toBeUndefined();
  });
});

describe("files of one kind in a folder named by its plain name", () => {
  it("reads the folder's name before 'folder' as the place", () => {
    expect(acted("list every csv in my budget folder")).toMatchObject({
      tool: "files_search",
      args: { query: "*.csv", path: "budget" },
    });
  });
});
