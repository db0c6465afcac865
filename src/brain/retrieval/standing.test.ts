import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogIndexFixture } from "../../testing/catalog-index.js";

/**
 * The groups a running Jarvis registers beside the built-ins (routines, the announcement to
 * every surface, the notes), asked for by the situation rather than their tools' words (the
 * team's own sentences, one or two per kind): a standing instruction, a routine by what it does,
 * something told everywhere, something kept in or read from the notes.
 */
const fixture = new CatalogIndexFixture();
beforeAll(() => fixture.open("jarvis-retrieval-standing-"));
afterAll(() => fixture.close());
const rankOf = fixture.rankOf.bind(fixture);

describe("standing instructions, announcements and notes", () => {
  it("makes a routine of a step asked for on a schedule or on every arrival", () => {
    expect(
      rankOf({ text: "each weekday at half eight give me the headlines" }, "routines_create"),
    ).toBeLessThan(8);
    expect(rankOf({ text: "the laundry, every other friday night" }, "routines_create")).toBeLessThan(15);
    expect(
      rankOf({ text: "any invoice that arrives in my inbox, file it under Accounts" }, "routines_create"),
    ).toBeLessThan(10);
    expect(
      rankOf({ text: "check the allotment waiting list page and keep an eye on it" }, "routines_create"),
    ).toBeLessThan(15);
  });

  it("finds a routine by what it does, with the list that names it", () => {
    const resume = { text: "switch my evening digest back on" };
    expect(rankOf(resume, "routines_resume")).toBeLessThan(5);
    expect(fixture.index.lookups("routines_pause")).toContain("routines_list");
  });

  it("tells the person on every surface when the request says everywhere or the whole house", () => {
    expect(rankOf({ text: "let the whole household know the taxi is outside" }, "notify_user")).toBeLessThan(
      8,
    );
    expect(rankOf({ text: "put the score up on all the screens" }, "notify_user")).toBeLessThan(8);
    // A screen named for what it shows is still the screen's
    expect(rankOf({ text: "what is on my screen right now" }, "notify_user")).toBeGreaterThan(10);
  });

  it("reads from and writes to the notes named as where something is kept", () => {
    expect(
      rankOf({ text: "the locker combination is somewhere in my notes, read it out" }, "notes_search"),
    ).toBeLessThan(10);
    expect(rankOf({ text: "did I jot down the plumber's quote anywhere" }, "notes_search")).toBeLessThan(8);
  });

  it("works the page in front of the person when a form is filled by its values", () => {
    expect(rankOf({ text: "the 10:40 screening, four tickets" }, "browser_select")).toBeLessThan(10);
    expect(rankOf({ text: "region Canada then next" }, "browser_click")).toBeLessThan(12);
    expect(rankOf({ text: "look for walking boots on this store" }, "browser_snapshot")).toBeLessThan(8);
    // A page's status waited on before the next step
    expect(rankOf({ text: "ping me once the page shows uploaded" }, "browser_wait_for")).toBeLessThan(3);
  });

  it("reads the idioms of a short version, a maker's paper, a meeting moved and a thing said aloud", () => {
    expect(rankOf({ text: "boil this thread down for me" }, "mail_summarize")).toBeLessThan(6);
    const paper = { text: "get me the datasheet for the Bosch GSR 18V and pull out the torque figure" };
    expect(rankOf(paper, "web_fetch")).toBeLessThan(3);
    expect(rankOf({ text: "push our sync with Priya to Thursday" }, "calendar_update_event")).toBeLessThan(2);
    expect(rankOf({ text: "once the backup finishes, say it out loud" }, "notify_user")).toBeLessThan(8);
  });

  it("finds the file a tool reads by path before it reads it, without lifting the file tools", () => {
    expect(fixture.index.lookups("media_transcribe")).toEqual(
      expect.arrayContaining(["files_search", "files_list"]),
    );
    expect(fixture.index.lookups("knowledge_add")).toContain("files_search");
    // A summary that also reads pages keeps its own lookups
    expect(fixture.index.lookups("docs_summarize")).not.toContain("files_search");
    // A lookup only: the file search is not lifted for every transcription
    expect(fixture.index.partners("media_transcribe")).not.toContain("files_search");
  });

  it("reads a file's name as a name, not as the word for a program", () => {
    const blame = { text: "who changed line 12 of web/app.py in ~/code/shop" };
    expect(rankOf(blame, "shell_run")).toBeLessThan(rankOf(blame, "apps_launch"));
    expect(rankOf({ text: "close that app" }, "apps_quit")).toBeLessThan(3);
  });

  it("types into a window already open, the caret moved by keys to a place in the document", () => {
    const top = { text: "add my address to the very top of the doc in the focused window" };
    expect(rankOf(top, "input_type")).toBeLessThan(8);
    expect(rankOf(top, "input_hotkey")).toBeLessThan(10);
  });

  it("opens a skill before it runs or reads what the skill holds", () => {
    expect(fixture.index.lookups("skills_run")).toContain("skills_open");
    expect(fixture.index.lookups("skills_read")).toContain("skills_open");
    expect(fixture.index.lookups("skills_open")).toEqual([]);
  });
});
