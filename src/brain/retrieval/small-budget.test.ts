import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogIndexFixture } from "../../testing/catalog-index.js";

// Kinds of request whose needed tool ranked past a small model's room (12 tools) behind the
// request's louder step: each is a category the groups' cues or the engine now read
const fixture = new CatalogIndexFixture();
beforeAll(() => fixture.open("jarvis-retrieval-small-budget-"));
afterAll(() => fixture.close());
const top = fixture.top.bind(fixture);
const cued = (text: string) => fixture.index.cued(text);

describe("the step a louder one hides, at a small budget", () => {
  it("reads a program opened and worked in at once as its keys", () => {
    for (const text of [
      "start the text editor and put a packing note for the weekend in it",
      "launch libreoffice, then type the heading for the garden plan",
      "bring up gedit and write tomorrow's packing note",
    ])
      expect(top({ text }, 10), text).toContain("input_type");
    // Opened only: nothing is typed
    expect(top({ text: "open thunderbird please" }, 5)).not.toContain("input_type");
  });

  it("reads a sum named by its aim over amounts written elsewhere", () => {
    for (const text of [
      "I noted what each of the party things cost on my list, what's the damage?",
      "my homework answer for the fractions sum was 17.5, am I right?",
      "the garden centre sells the two planters separately at the listed prices, or as a pair for £60: is the pair a saving?",
      "how many 2.5 litre cans fit in the 20 litre drum",
    ])
      expect(top({ text }, 10), text).toContain("calc_evaluate");
    // A question checked without a number is not a sum
    expect(top({ text: "am I right that the dentist moved to Friday" }, 8)).not.toContain("calc_evaluate");
  });

  it("reads a road by its number and its state as travel news, and 'shut' alone as a program", () => {
    expect(top({ text: "any roadworks on the M6 near junction 4 tomorrow" }, 5)).toContain("web_search");
    expect(top({ text: "is the a30 closed past exeter" }, 5)).toContain("web_search");
    const quit = top({ text: "shut spotify" }, 3);
    expect(quit[0]).toBe("apps_quit");
    expect(quit).not.toContain("web_search");
  });

  it("reads a video's short address as a video", () => {
    expect(
      top({ text: "what does the presenter at https://youtu.be/q1w2e3 say about the battery" }, 5),
    ).toContain("youtube_transcript");
  });

  it("offers the one tool of a group whose unambiguous shape the request has, however loud the path", () => {
    expect(cued("push the fix in ~/code/blog and open the site")).toContain("shell_run");
    expect(cued("who last edited lib/cart.py in ~/code/shop")).toContain("shell_run");
    expect(cued("the biggest folders under ~/Pictures, then archive the top one")).toContain("shell_run");
    // The same words without a code place or a folder are not the shell's
    expect(cued("push the dentist to Friday")).not.toContain("shell_run");
    expect(cued("the biggest city in Portugal")).not.toContain("shell_run");
  });

  it("reads a thing found in someone's message, and whether someone named sent it, in the inbox", () => {
    const found = top({ text: "put the venue address from his email into a new file called venue.txt" }, 12);
    expect(found).toContain("mail_search");
    expect(top({ text: "did Dr Mensah reply about the scan results" }, 6)).toContain("mail_search");
  });

  it("reads time added to a timer, a timed stretch and an alarm named by its clock time", () => {
    expect(top({ text: "the rice needs another ten more minutes, and put the kettle on" }, 8)).toContain(
      "timer_set",
    );
    expect(top({ text: "start a 40 minute study sprint and play some piano music" }, 10)).toContain(
      "timer_set",
    );
    expect(top({ text: "the 6:10 one on Friday can go, the office is shut" }, 8)).toContain("alarm_cancel");
  });

  it("reads the weather as a condition among other steps, and the sky asked about as a place", () => {
    expect(
      top({ text: "I want to walk to the market on Sunday, will it stay dry, and add eggs to my list" }, 10),
    ).toContain("weather_forecast");
    expect(top({ text: "what's it doing outside right now" }, 5)).toContain("weather_current");
  });

  it("reads the battery asked by what it must do or what is left", () => {
    for (const text of ["will this last the train home?", "how much juice have I got, and dim the screen"])
      expect(top({ text }, 8), text).toContain("system_battery");
  });

  it("reads whatever is on now as the player's to name", () => {
    expect(top({ text: "find the words to whatever's playing and save them" }, 10)).toContain(
      "media_now_playing",
    );
  });

  it("reads a time wanted in the person's own clock, a mailbox folder, a file by its place", () => {
    expect(
      top({ text: "Priya sent a start time for the call, she's in Delhi, what's that for me" }, 10),
    ).toContain("time_convert");
    expect(top({ text: "is there anything in the Junk folder from the bank" }, 8)).toContain("mail_search");
    // The place a file lives brings the finder up, whatever else the request does
    const rankOf = fixture.rankOf.bind(fixture);
    expect(rankOf({ text: "email Omar the floor plan from my desktop" }, "files_search")).toBeLessThan(
      rankOf({ text: "email Omar the floor plan" }, "files_search"),
    );
    expect(top({ text: "where did I jot the gate code" }, 8)).toContain("files_search");
  });

  it("reads a window by what it shows, and a recording's file wanted as text", () => {
    expect(top({ text: "what window has the budget spreadsheet, switch to it" }, 8)).toContain(
      "windows_list",
    );
    expect(top({ text: "give me the main points of standup-recording.m4a" }, 10)).toContain(
      "media_transcribe",
    );
  });

  it("reads a file by how it came, time left before my event, a copy read back, a list after a dash", () => {
    const rankOf = fixture.rankOf.bind(fixture);
    expect(
      rankOf({ text: "the slides we exported last night, how many pages" }, "files_search"),
    ).toBeLessThan(rankOf({ text: "the slides from last night, how many pages" }, "files_search"));
    // The clock's group answers it (the time until, or the time now)
    expect(
      top({ text: "how long until my 4:15, and remind me to leave" }, 5).some((n) => n.startsWith("time_")),
    ).toBe(true);
    expect(top({ text: "copy the paragraph in the editor, then read it back to me" }, 10)).toContain(
      "clipboard_read",
    );
    expect(top({ text: "the book titles on that poster: wishlist please" }, 8)).toContain("lists_add");
  });

  it("reads what is shown and read: a diary entry put in, part of a window, this page, an open editor", () => {
    expect(top({ text: "pencil the boiler service in for next Wednesday" }, 8)).toContain(
      "calendar_create_event",
    );
    expect(top({ text: "read me the figures in the bottom row of the invoice window" }, 10)).toContain(
      "screen_ocr",
    );
    const rankOf = fixture.rankOf.bind(fixture);
    expect(
      rankOf({ text: "going by this price list, which plan is cheapest" }, "browser_get_text"),
    ).toBeLessThan(rankOf({ text: "which plan is cheapest" }, "browser_get_text"));
    expect(
      rankOf({ text: "the notes open in the editor, put them in a mail to Ruth" }, "ui_state"),
    ).toBeLessThan(rankOf({ text: "the notes, put them in a mail to Ruth" }, "ui_state"));
  });

  it("reads what a company sent, named by the company, and what the person always has", () => {
    expect(top({ text: "save the Eurostar e-ticket to ~/trips" }, 10)).toContain("mail_search");
    const rankOf = fixture.rankOf.bind(fixture);
    expect(rankOf({ text: "type my usual greeting into the chat window" }, "memory_recall")).toBeLessThan(
      rankOf({ text: "type a greeting into the chat window" }, "memory_recall"),
    );
  });
});
