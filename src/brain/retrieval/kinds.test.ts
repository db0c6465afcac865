import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogIndexFixture } from "../../testing/catalog-index.js";

/**
 * Kinds of situation recall-dev10 showed no cue had (the team's own sentences, one or two per
 * kind): a routine named by what it does unattended or tied to every event of a kind, a call
 * across the house, what rang or went off asked after the fact, a list wanted to tick off, a
 * sum done in a named programming language, and word written to a person or by someone known
 * only by what they are.
 */
const fixture = new CatalogIndexFixture();
beforeAll(() => fixture.open("jarvis-retrieval-kinds-"));
afterAll(() => fixture.close());
const rankOf = fixture.rankOf.bind(fixture);

/** The request ranks the tool within `within`, and far ahead of the same request without the cue. */
function lifted(cued: string, plain: string, tool: string, within: number): void {
  const rank = rankOf({ text: cued }, tool);
  expect(rank).toBeLessThan(within);
  expect(rank).toBeLessThan(rankOf({ text: plain }, tool) - 30);
}

describe("situations a new writer named without the tools' words", () => {
  it("finds a routine by what it does while nobody looks", () => {
    lifted(
      "stop the rent price watcher, I've signed",
      "stop the rent price thing, I've signed",
      "routines_remove",
      25,
    );
    expect(rankOf({ text: "hold all the automatic jobs until Monday" }, "routines_pause")).toBeLessThan(10);
  });

  it("makes a routine of a step tied to every event of a kind", () => {
    expect(
      rankOf(
        { text: "half an hour ahead of each dentist appointment, nudge me to floss" },
        "routines_create",
      ),
    ).toBeLessThan(15);
  });

  it("announces when the person asks to be shouted for", () => {
    lifted("give me a shout when the washing's done", "tell me when the washing's done", "notify_user", 25);
  });

  it("reads what went off or rang, and dismisses by the id its list shows", () => {
    expect(rankOf({ text: "something beeped while I was out, what was it" }, "alerts_list")).toBeLessThan(10);
    expect(rankOf({ text: "what has gone off since lunch" }, "alerts_list")).toBeLessThan(10);
    expect(fixture.index.lookups("alerts_dismiss")).toContain("alerts_list");
  });

  it("makes a list of what the person wants to tick off", () => {
    expect(
      rankOf({ text: "turn these moving-day jobs into something to tick off" }, "lists_add"),
    ).toBeLessThan(20);
  });

  it("runs a sum in the sandbox when a programming language is named", () => {
    lifted(
      "work out the median of these readings in python",
      "work out the median of these readings",
      "sandbox_run",
      12,
    );
  });

  it("runs a program for a term of a sequence no calculator line computes", () => {
    lifted(
      "what is the 2,500th prime, I need it exactly",
      "what is the 2,500th guest, I need it exactly",
      "sandbox_run",
      25,
    );
  });

  it("reads and writes back a document whose spelling is put right", () => {
    expect(rankOf({ text: "there's a typo in my wedding speech, sort it" }, "files_write")).toBeLessThan(8);
  });

  it("sends word written to a person, not to a file", () => {
    lifted(
      "write to her that the keys are under the mat",
      "tell her that the keys are under the mat",
      "mail_send",
      12,
    );
    const file = { text: "write to ~/notes/keys.txt that the keys are under the mat" };
    expect(rankOf(file, "files_write")).toBeLessThan(rankOf(file, "mail_send") - 30);
  });

  it("makes a routine of a page or a folder watched for a change or a new arrival", () => {
    expect(
      rankOf(
        { text: "when the allotment rota page updates, copy the new dates to my diary" },
        "routines_create",
      ),
    ).toBeLessThan(12);
    expect(
      rankOf({ text: "when a new scan appears in ~/Inbox, file it under Receipts" }, "routines_create"),
    ).toBeLessThan(12);
  });

  it("searches the web for a public place's postal details and the schools' holidays", () => {
    expect(rankOf({ text: "what's the postcode of the central library" }, "web_search")).toBeLessThan(5);
    expect(rankOf({ text: "school holidays in Bristol this spring" }, "web_search")).toBeLessThan(5);
  });

  it("tiles a window to the whole screen when its size is said plainly", () => {
    expect(rankOf({ text: "bring up the spreadsheet and make it bigger" }, "windows_tile")).toBeLessThan(5);
    expect(rankOf({ text: "maximise the terminal" }, "windows_tile")).toBeLessThan(3);
  });

  it("reads first what someone known by their trade wrote about", () => {
    expect(
      rankOf({ text: "the boiler man wrote about a service visit, when was it" }, "mail_search"),
    ).toBeLessThan(5);
  });
});
