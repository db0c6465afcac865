import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogIndexFixture } from "../../testing/catalog-index.js";
import { termsOf } from "./terms.js";

/**
 * The kinds of request recall-dev8 showed (the team's own sentences, one or two per kind): a
 * thing named by its name or contents, a machine asked about as a person would, repository
 * work by its verb, something said before, a clock elsewhere asked socially, weather by idiom,
 * a message shown, a window hidden, a document by its kind, something made ready to paste, a
 * public rate, a menu path, what is still outstanding, and texted short forms.
 */
const fixture = new CatalogIndexFixture();
beforeAll(() => fixture.open("jarvis-retrieval-situations-"));
afterAll(() => fixture.close());
const rankOf = fixture.rankOf.bind(fixture);

describe("requests that name a situation, not a tool's words", () => {
  it("finds a list named by its name or what it holds, without the word 'list'", () => {
    expect(rankOf({ text: "stick 'renew the passport' on my to-do" }, "lists_add")).toBeLessThan(5);
    expect(rankOf({ text: "jot the tyre pressures down on 'car jobs'" }, "lists_add")).toBeLessThan(8);
    // A quoted name clicked on is a control, not a list
    expect(rankOf({ text: "click on 'Accept all'" }, "lists_add")).toBeGreaterThan(20);
    expect(rankOf({ text: "that new podcast, add it to my listen later" }, "lists_add")).toBeLessThan(8);
  });

  it("runs a program for the machine asked about as a person would", () => {
    expect(rankOf({ text: "what account is this thing running as" }, "shell_run")).toBeLessThan(10);
    expect(
      rankOf(
        { text: "the box has been switched on for weeks and is crawling, how hard is it working" },
        "shell_run",
      ),
    ).toBeLessThan(10);
  });

  it("runs the version-control program for repository work named by its verb alone", () => {
    expect(rankOf({ text: "clone https://gitlab.com/acme/widgets for me" }, "shell_run")).toBeLessThan(10);
    expect(rankOf({ text: "who last edited server/main.py in ~/code/api" }, "shell_run")).toBeLessThan(10);
  });

  it("recalls what the person said before, asked as 'did I say'", () => {
    expect(rankOf({ text: "which gym did I say I joined" }, "memory_recall")).toBeLessThan(5);
    // What was said in a mail is the mail's, not a fact told to the assistant
    const mailed = { text: "what did I say in the email to the plumber" };
    expect(rankOf(mailed, "mail_search")).toBeLessThan(rankOf(mailed, "memory_recall"));
  });

  it("reads a clock elsewhere when the question is whether it is too late to call", () => {
    const social = rankOf({ text: "my sister lives in Perth, is it too early to phone her" }, "time_now");
    expect(social).toBeLessThan(15);
    expect(social).toBeLessThan(
      rankOf({ text: "my sister lives in Perth, shall I phone her" }, "time_now") - 50,
    );
  });

  it("reads the weather said as an idiom or as the condition a plan needs", () => {
    expect(rankOf({ text: "will the allotment stay dry on Sunday" }, "weather_forecast")).toBeLessThan(10);
    expect(rankOf({ text: "will the allotment be busy on Sunday" }, "weather_forecast")).toBeGreaterThan(50);
    expect(rankOf({ text: "is it bucketing down in Cardiff" }, "weather_current")).toBeLessThan(5);
  });

  it("shows a notification for a message to put on the screen", () => {
    expect(
      rankOf({ text: "show me an alert on the screen when the upload finishes" }, "system_notify"),
    ).toBeLessThan(8);
    expect(rankOf({ text: "pop a little note up when the upload finishes" }, "system_notify")).toBeLessThan(
      8,
    );
    // A note put in the diary is not a message shown
    expect(rankOf({ text: "put a note in my diary for Friday" }, "system_notify")).toBeGreaterThan(20);
  });

  it("hides a window asked to go out of sight", () => {
    expect(rankOf({ text: "get the chat window out of sight" }, "windows_minimize")).toBeLessThan(5);
  });

  it("searches the knowledge base for a document named by its kind or by 'kb'", () => {
    expect(
      rankOf({ text: "what notice period is in the tenancy contract" }, "knowledge_search"),
    ).toBeLessThan(8);
    expect(rankOf({ text: "what does my kb say about backups" }, "knowledge_search")).toBeLessThan(5);
  });

  it("puts something on the clipboard when it is wanted ready to paste, and reads what was copied", () => {
    expect(rankOf({ text: "the postcode of the venue, ready to paste" }, "clipboard_write")).toBeLessThan(8);
    expect(rankOf({ text: "send Priya the link I've copied" }, "clipboard_read")).toBeLessThan(10);
  });

  it("looks up a public rate and fetches a project's release notes", () => {
    expect(rankOf({ text: "what's the current duty-free allowance for wine" }, "web_search")).toBeLessThan(
      15,
    );
    expect(rankOf({ text: "what's the duty-free allowance for wine" }, "web_search")).toBeGreaterThan(50);
    expect(rankOf({ text: "release notes for the newest postgres" }, "web_fetch")).toBeLessThan(8);
  });

  it("drives an app's controls for a menu path written with arrows", () => {
    expect(rankOf({ text: "in the editor, View → Zoom → 150%" }, "ui_action")).toBeLessThan(10);
  });

  it("lists the reminders for what is still outstanding", () => {
    expect(rankOf({ text: "anything outstanding I have forgotten?" }, "reminders_list")).toBeLessThan(5);
  });

  it("drops texted short forms and reads 'yt' as a video", () => {
    expect(termsOf("can u pls check rn")).toEqual(["check"]);
    expect(rankOf({ text: "get me the words of that yt vid" }, "youtube_transcript")).toBeLessThan(5);
  });
});
