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
});
