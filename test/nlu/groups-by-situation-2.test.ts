import { describe, expect, it } from "vitest";
import { readingExpectations } from "./expect-reading.js";

/**
 * More kinds of request the personal groups missed on fresh wording (decision 0045), in the
 * team's own sentences, with the near neighbours each kind must leave alone.
 */
const { read, acts, expectAct, expectNoAct } = await readingExpectations();

describe("more of the personal groups by situation", () => {
  it("imports into a calendar named by its name", () => {
    expectAct("import ~/Downloads/term.ics into the School calendar", "calendar_import_ics", {
      path: "~/Downloads/term.ics",
      calendar: "School",
    });
  });

  it("gives a number of passages from one's own papers or notes", () => {
    expectAct("give me 4 passages about damp from my house documents", "knowledge_search", {
      query: "damp",
      limit: 4,
    });
  });

  it("shows what Jarvis put in the trash", () => {
    expectAct("what have you binned lately", "files_trash_list");
  });

  it("sums up one account's mail, or a number of messages", () => {
    expectAct("summarise today's mail on the Work account", "mail_summarize", { account: "Work" });
    expectAct("give me a summary of today's emails, at most 8 messages", "mail_summarize", { limit: 8 });
    expectAct("search mail subject car insurance", "mail_search", { subject: "car insurance" });
  });

  it("looks up contact details asked as having them, and asks who to call", () => {
    expectAct("do I have an email for the plumber", "contacts_search", { query: "plumber" });
    const call = read("I need to make a call");
    expect(call).toMatchObject({ tool: "contacts_call" });
    expect(acts(call)).toBe(false);
  });

  it("finds where a named file was saved", () => {
    expectAct("where did I save budget-2025.xlsx?", "files_search", { query: "budget-2025.xlsx" });
  });

  it("keeps a fact for itself, not in a note; a note stays a note", () => {
    expectAct("make a note for yourself: the spare fob is in the drawer", "memory_remember", {
      text: "the spare fob is in the drawer",
    });
    expectAct("don't forget, my brother's birthday is in May", "memory_remember");
    expectAct("make a note: call the vet", "notes_add", { text: "call the vet" });
    expectNoAct("don't forget to buy milk", "memory_remember");
    expectAct("forget f7", "memory_forget", { id: "f7" });
  });

  it("summarises a page named with 'at' and the main things in a document", () => {
    expectAct("key takeaways from the page at https://www.example.org/guide/", "docs_summarize", {
      url: "https://www.example.org/guide/",
    });
  });
});

describe("values said in the places people put them", () => {
  it("keeps the name said before the values and the contacts", () => {
    expectAct("add Jo Lee, jo.lee@example.com, to my contacts", "contacts_add", {
      name: "Jo Lee",
      email: "jo.lee@example.com",
    });
    expectAct("add Tomasz Nowak to contacts, tomasz@example.pl, +48 601 234 567", "contacts_add", {
      name: "Tomasz Nowak",
      phone: "+48 601 234 567",
    });
  });

  it("searches inside files when the words or the contents are said", () => {
    expectAct("search my files for the words passport number", "files_search", {
      query: "passport number",
      match: "content",
    });
    expectAct("find files mentioning Kensington in the name or the content", "files_search", {
      match: "both",
    });
    expect(read("find my tax files").args).not.toHaveProperty("match");
  });

  it("moves a window and gives it a size in one breath", () => {
    expectAct("move the terminal window to 0,0 and make it 800 by 600", "windows_move", {
      width: 800,
      height: 600,
    });
  });
});

describe("kinds the ninth set showed more of", () => {
  it("broadcasts a message named before or after the surfaces", () => {
    expectAct("push dinner in ten to all my screens and say it out loud", "notify_user", {
      message: "dinner in ten",
    });
    expectAct("say it out loud and on all the windows: meeting starts now", "notify_user", {
      message: "meeting starts now",
    });
    expectNoAct("push the file to all my devices", "notify_user");
  });

  it("reads skills, sandboxes and generated tools said in other orders", () => {
    expectAct("install the npm skill jarvis-budget", "skills_install", { source: "npm:jarvis-budget" });
    expectAct("in the pdf-tools skill read references/USAGE.md", "skills_read", {
      name: "pdf-tools",
      path: "references/USAGE.md",
    });
    expectAct("in an isolated box run node check.js with 256 mb memory max", "sandbox_run", {
      command: ["node", "check.js"],
      memory_mb: 256,
    });
    expectAct("run this python in the sandbox without internet: print(2+2)", "sandbox_run", {
      command: ["python3", "-c", "print(2+2)"],
    });
    expectAct("remove the generated tool grams_to_cups", "tools_remove", { name: "grams_to_cups" });
  });

  it("keeps notes dictated after a colon and searched with no 'my', never a remark about a song", () => {
    expectAct("note: the fence needs painting before june", "notes_add", {
      text: "the fence needs painting before june",
    });
    expectAct("search notes for sourdough", "notes_search", { query: "sourdough" });
    expectNoAct("note current song as awesome please", "notes_add");
  });

  it("adds a folder or a document said with its place; summarises a document 'resumed' or shortened", () => {
    expectAct("learn the boiler manual, it is in downloads/boiler-manual.pdf", "knowledge_add", {
      path: "downloads/boiler-manual.pdf",
    });
    expectAct("resume the document ~/work/plan.pdf please", "docs_summarize", { path: "~/work/plan.pdf" });
    expectAct("resume the song", "media_play");
  });

  it("texts with a word mail never uses, and counts web results asked first", () => {
    expectAct("send a msg to jake saying see you at 6", "contacts_call", {
      via: "text",
      message: "see you at 6",
    });
    expectAct("top 5 results for cheap flights to Oslo", "web_search", {
      query: "cheap flights to Oslo",
      limit: 5,
    });
  });
});

describe("a last few kinds", () => {
  it("searches papers checked for something, and leaves 'in my documents' asked", () => {
    expectAct("check my docs for the staff rota rules", "knowledge_search");
    expectNoAct("find the invoices in my documents");
  });

  it("watches a folder said first with its slashes", () => {
    expectAct("when a pdf lands in Downloads/invoices tell me", "routines_create", {
      on_file_in: "Downloads/invoices",
      on_file_pattern: "*.pdf",
    });
  });

  it("finds a free length 'sometime' in a span", () => {
    expectAct("find me a free hour sometime this week for the tax guy", "calendar_find_free_time", {
      duration_min: 60,
    });
  });
});

describe("the page read as what is written on it", () => {
  it("reads what is written on the page, and lists two kinds of element asked together", () => {
    expectAct("read me what's written on this web page", "browser_get_text");
    expectAct("what buttons and links are on this page", "browser_snapshot");
    expectAct("what buttons and fields are in this window", "ui_state");
  });
});

describe("one's own time asked with no calendar word", () => {
  it("reads anything on a day and the week's look as the calendar, never the town's plans", () => {
    expectAct("have i got anything booked for tuesday", "calendar_list_events");
    expectAct("what does my week look like", "calendar_list_events");
    expectNoAct("is there anything on at the cinema on friday", "calendar_list_events");
  });
});

describe("an awaited answer with what it was about", () => {
  it("keeps the sender and the subject, never the adverb", () => {
    expectAct("did the council ever email me back about the parking permit?", "mail_search", {
      from: "council",
      query: "the parking permit",
    });
  });
});
