import { describe, expect, it } from "vitest";
import { readingExpectations } from "./expect-reading.js";

/**
 * Kinds of request the personal groups missed on fresh wording (decision 0045), in the team's
 * own sentences, with the near neighbours each kind must leave alone.
 */
const { read, acts, expectAct, expectNoAct } = await readingExpectations();

describe("documents of one's own", () => {
  it("searches inside one's papers, never the web, when the preposition says where", () => {
    expectAct("search within my docs for council tax band", "knowledge_search", {
      query: "council tax band",
    });
    expectAct("dig through the indexed pdfs for parking permit", "knowledge_search", {
      query: "parking permit",
    });
    expectAct("in my course pdfs what is the meaning of marginal cost", "knowledge_search");
  });

  it("leaves a file of a kind to the file search", () => {
    expectNoAct("find any pdf in my Documents with tax in the name", "knowledge_search");
  });

  it("indexes a folder said with what it is for, a path with slashes kept whole", () => {
    expectAct("index ~/Papers so i can search them", "knowledge_add", { path: "~/Papers" });
    expectAct("index Documents/Letters so you can look through it later", "knowledge_add", {
      path: "Documents/Letters",
    });
    expectAct("add ~/Work/handbook.pdf to what you can search", "knowledge_add", {
      path: "~/Work/handbook.pdf",
    });
  });

  it("summarises a kept document named by what it is, and caps the points said after the path", () => {
    expectAct("sum up the car insurance policy i indexed", "docs_summarize", {
      document: "car insurance policy",
    });
    expectAct(
      "the council letter I added to your library yesterday, tell me what it says",
      "docs_summarize",
      {
        document: "council letter",
      },
    );
    expectAct("summarize minutes/jan.docx, no more than 6 points", "docs_summarize", {
      path: "minutes/jan.docx",
      max_points: 6,
    });
  });
});

describe("files", () => {
  it("finds a file by what is written inside it", () => {
    expectAct("which document has 'flat 4b' written inside it", "files_search", {
      query: "flat 4b",
      match: "content",
    });
    expectAct("grep the projects folder for TODO", "files_search", { query: "TODO", match: "content" });
  });

  it("brings back a file trashed by mistake", () => {
    expectAct("i deleted invoice-may.pdf by accident, bring it back", "files_restore", {
      id: "invoice-may.pdf",
    });
    expectAct("put budget.xlsx back from the bin", "files_restore", { id: "budget.xlsx" });
    expectNoAct("put the kettle back on");
  });
});

describe("mail asked by situation", () => {
  it("reads an awaited answer as a search of what that person sent", () => {
    expectAct("has the landlord got back to me yet", "mail_search", { from: "landlord" });
    expectAct("did Priya reply already", "mail_search", { from: "Priya" });
    expectNoAct("did the parcel arrive yet", "mail_search");
  });

  it("searches one account for a sender or a subject", () => {
    expectAct("check the personal account for anything from the bank", "mail_search", {
      account: "personal",
      from: "bank",
    });
    expectAct("look in my Shop inbox for anything mentioning refunds", "mail_search", {
      account: "Shop",
      query: "refunds",
    });
  });

  it("sums up what came in when the summary is asked for after it", () => {
    expectAct("whats landed in my inbox today, just give me the gist", "mail_summarize");
  });
});

describe("contacts with their number said", () => {
  it("leaves a number dialled as written a question, and a length no call", () => {
    expectNoAct("ring 0161 222 3344", "contacts_call");
    expectNoAct("call 5 minutes", "contacts_call");
  });

  it("saves a number or an address beside a name, never a fact about one's own things", () => {
    expectAct("save 07811 223344 as Window Cleaner", "contacts_add", {
      name: "Window Cleaner",
      phone: "07811 223344",
    });
    expectAct("add Jo Park to my contacts, jo.park@example.org", "contacts_add", {
      name: "Jo Park",
      email: "jo.park@example.org",
    });
    expectNoAct("save 0207 123 4567 as my wifi code", "contacts_add");
  });
});

describe("calendar events said as a situation", () => {
  it("takes a range of hours with the day, the name before it and a place after", () => {
    expectAct("pottery class thursday 6 to 7pm", "calendar_create_event", {
      title: "Pottery class",
      start: "2026-03-05T18:00:00+00:00",
      end: "2026-03-05T19:00:00+00:00",
    });
    expectAct("block out 2 till 5 on friday for tax return", "calendar_create_event", {
      title: "Tax return",
      start: "2026-03-06T14:00:00+00:00",
    });
    expectAct("schedule budget review from 3 till 4pm on Monday in Room 2", "calendar_create_event", {
      location: "Room 2",
    });
  });

  it("leaves a range that is a question, a move or a shop's hours alone", () => {
    expectNoAct("move my meeting friday 3 to 4", "calendar_create_event");
    expectNoAct("the chemist is open saturday 9 to 1", "calendar_create_event");
    expectNoAct("am i free friday 2 to 4", "calendar_create_event");
  });

  it("finds a free length named by its word", () => {
    expectAct("find me a free hour next week for a call with the vet", "calendar_find_free_time", {
      duration_min: 60,
    });
    expectAct("find me two half-hour slots tomorrow for interviews", "calendar_find_free_time", {
      duration_min: 30,
      count: 2,
    });
  });

  it("asks which event when a whole series is taken away", () => {
    const result = read("remove the weekly 1:1, the entire series not just this one");
    expect(result).toMatchObject({ tool: "calendar_delete_event", args: { series: true } });
    expect(acts(result)).toBe(false);
  });
});

describe("the desktop and the browser by situation", () => {
  it("opens an address in a new tab with the tabs, not over the page already open", () => {
    expectAct("go to example.com in a new tab", "browser_tabs", { action: "new", url: "example.com" });
    expectAct("open bbc.co.uk in the browser", "browser_navigate", { url: "bbc.co.uk" });
  });

  it("fetches a page asked what it says with its address after", () => {
    expectAct("what does this page say https://www.example.com/help", "web_fetch", {
      url: "https://www.example.com/help",
    });
  });

  it("names a control by its kind and what it switches", () => {
    expectAct("is there a toggle for night light", "ui_find", { name: "night light", role: "toggle" });
    expectAct("find the Print button", "ui_find", { name: "Print", role: "button" });
  });

  it("picks an option in a list named by its label, asking which list without a ref", () => {
    expectAct("pick France in the country box, that's e9", "browser_select", {
      values: ["France"],
      ref: "e9",
    });
    const asked = read("choose Monday in the day dropdown");
    expect(asked).toMatchObject({ tool: "browser_select" });
    expect(acts(asked)).toBe(false);
  });

  it("reads a window named by its app after it, or a document's kind alone", () => {
    expectAct("close me the window of slack", "windows_close", { app: "slack" });
    expectAct("maximise the presentation please", "windows_tile", {
      side: "maximize",
      window: "presentation",
    });
    expectAct("move the calculator window to 40 40 and make it 500 tall", "windows_move", {
      x: 40,
      y: 40,
      height: 500,
    });
  });

  it("forces an app that hangs", () => {
    expectAct("kill chrome its not responding", "apps_quit", { app: "chrome", force: true });
    expectAct("close spotify", "apps_quit", { app: "spotify" });
    expect(read("close spotify").args).not.toHaveProperty("force");
  });

  it("presses a key more than once, a chord after what it does, select all", () => {
    expectAct("hit enter three times", "input_hotkey", { keys: "enter", repeat: 3 });
    expectAct("reopen the last closed tab, ctrl shift t", "input_hotkey", { keys: "ctrl+shift+t" });
    expectAct("select all in this window", "input_hotkey", { keys: "ctrl+a" });
    expectAct("right-click at 1020,88", "input_click", { button: "right", x: 1020, y: 88 });
    expectNoAct("please don't press ctrl z", "input_hotkey");
  });
});

describe("routines, tools Jarvis makes, the sandbox and memory", () => {
  it("runs, resumes or pauses a routine named by its kind, leaving the player its own", () => {
    expectAct("kick off the evening digest now", "routines_run", { id: "evening digest" });
    expectAct("resume the weekly round up", "routines_resume", { id: "weekly round up" });
    expectAct("resume the podcast", "media_play");
  });

  it("says honestly that writing a tool needs a model, registers a draft, asks which tool to remove", () => {
    const make = read("write me a tool that renames my scans by date");
    expect(acts(make)).toBe(false);
    expect(make.reply).toMatch(/language model/);
    expectAct("register draft d12", "tools_register", { draft: "d12" });
    const remove = read("get rid of the scan tool you made");
    expect(remove).toMatchObject({ tool: "tools_remove" });
    expect(acts(remove)).toBe(false);
  });

  it("runs a program safely in the sandbox, never a sentence", () => {
    expectAct("test ./tidy.sh safely, no internet", "sandbox_run", { command: ["sh", "./tidy.sh"] });
    expectNoAct("run the numbers safely", "sandbox_run");
  });

  it("recalls a fact of one's own asked again, or a code only the person gave", () => {
    expectAct("who is my optician again", "memory_recall", { query: "optician" });
    expectAct("whats my gym locker code", "memory_recall", { query: "gym locker code" });
    expectNoAct("what is my schedule again", "memory_recall");
  });
});
