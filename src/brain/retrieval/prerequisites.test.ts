import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogIndexFixture } from "../../testing/catalog-index.js";
import { sendsNamedFile } from "./attachments.js";
import { namesByRinging } from "./ringing.js";

/** Steps a request needs without naming them, placed under the step that needs them. */
const fixture = new CatalogIndexFixture();
beforeAll(() => fixture.open("jarvis-retrieval-prerequisites-"));
afterAll(() => fixture.close());

describe("prerequisite shapes", () => {
  it("finds a file first when a reading step leads and the file is named by what it is", () => {
    const top = fixture.top({ text: "transcribe the interview recording from the trade fair" }, 4);
    expect(top).toContain("media_transcribe");
    expect(top).toContain("files_search");
  });

  it("needs no finder when the path is written", () => {
    const named = fixture.rankOf(
      { text: "transcribe the interview recording from the trade fair" },
      "files_search",
    );
    const pathed = fixture.rankOf({ text: "transcribe ~/Audio/fair-interview.m4a" }, "files_search");
    expect(pathed).toBeGreaterThan(named);
  });

  it("looks a role up in memory before reaching the person", () => {
    expect(fixture.top({ text: "ring my physiotherapist and move Thursday's session" }, 4)).toContain(
      "memory_recall",
    );
    expect(fixture.top({ text: "email my bookkeeper the receipts from March" }, 5)).toContain(
      "memory_recall",
    );
  });

  it("leaves memory out when the person is named, or the word after my is a thing", () => {
    expect(fixture.top({ text: "ring Dana and move Thursday's session" }, 4)).not.toContain("memory_recall");
    expect(fixture.top({ text: "email my calendar for next week to Dana" }, 4)).not.toContain(
      "memory_recall",
    );
  });

  it("brings the address and a way to send for a delivery to a named person with no sending verb", () => {
    const top = fixture.top({ text: "the quarterly figures over to Marguerite before lunch" }, 5);
    expect(top).toContain("contacts_search");
    expect(top).toContain("mail_send");
    expect(fixture.top({ text: "the seating plan needs to go to whoever runs the venue" }, 5)).toContain(
      "mail_send",
    );
  });

  it("brings the tool that speaks when the answer is to be said aloud", () => {
    const speaker = fixture.catalog.find((t) => /\bvoice\b/.test(t.description))?.name;
    expect(speaker).toBeDefined();
    expect(fixture.top({ text: "I'm up a ladder, check the bin day and just say it" }, 5)).toContain(speaker);
    expect(fixture.top({ text: "what's the wind doing in Whitby? speak to me, I can't look" }, 5)).toContain(
      speaker,
    );
  });

  it("reads a question about what something says as no speech", () => {
    const speaker = fixture.catalog.find((t) => /\bvoice\b/.test(t.description))?.name;
    const asked = fixture.rankOf({ text: "what does the pop-up on my screen say" }, speaker!);
    const spoken = fixture.rankOf({ text: "what's on my screen? say it out loud" }, speaker!);
    expect(asked).toBeGreaterThan(spoken);
    expect(asked).toBeGreaterThan(5);
  });

  it("keeps an entry headed by its record's name in a note or a list", () => {
    const top = fixture.top({ text: "boat jobs: sand the tiller, two new cleats, check the bilge pump" }, 4);
    expect(top).toContain("lists_add");
    expect(top).toContain("notes_add");
  });

  it("reads a question or a written time before the colon as no heading", () => {
    const headed = fixture.rankOf({ text: "garden shed: rake, twine, slug pellets" }, "lists_add");
    const asked = fixture.rankOf({ text: "what time does it open: 9 or 10?" }, "lists_add");
    const timed = fixture.rankOf({ text: "the ferry goes at 16:40 from the north pier" }, "lists_add");
    expect(asked).toBeGreaterThan(headed);
    expect(timed).toBeGreaterThan(headed);
  });

  it("brings the standing step for something timed before each event of a kind", () => {
    expect(fixture.top({ text: "twenty minutes before every dentist slot, dim the screen" }, 4)).toContain(
      "routines_create",
    );
  });

  it("reads a move between days or places as no delivery", () => {
    expect(fixture.top({ text: "push the dentist from Monday to Wednesday" }, 5)).not.toContain("mail_send");
  });

  it("finds a message named by whoever wrote it, with no word for mail", () => {
    expect(
      fixture.top({ text: "the plasterer wrote about next week's start date, pop it in the diary" }, 6),
    ).toContain("mail_search");
    expect(fixture.top({ text: "did Odile ever send the seating plan? print it" }, 6)).toContain(
      "mail_search",
    );
    expect(
      fixture.top({ text: "the short one from the landlord yesterday, what does he want" }, 6),
    ).toContain("mail_search");
  });

  it("reads what the person wrote, or something sent as a kept file, as no message to find", () => {
    const written = fixture.rankOf(
      { text: "the plasterer wrote about next week's start date" },
      "mail_search",
    );
    const mine = fixture.rankOf({ text: "I wrote about next week's start date somewhere" }, "mail_search");
    const kept = fixture.rankOf(
      { text: "the club sent the fixtures as a calendar file, it's in Downloads, add them" },
      "mail_search",
    );
    expect(mine).toBeGreaterThan(written);
    expect(kept).toBeGreaterThan(written);
  });

  it("searches the person's own documents when one is named by its kind", () => {
    expect(
      fixture.top({ text: "how long is the guarantee according to our own service manual" }, 5),
    ).toContain("knowledge_search");
    expect(fixture.top({ text: "what torque does the Makita handbook say for these screws" }, 5)).toContain(
      "knowledge_search",
    );
  });

  it("reads what a screen or a page says as no document of the person's", () => {
    const asked = fixture.rankOf({ text: "what does the banner on this web page say" }, "knowledge_search");
    const own = fixture.rankOf(
      { text: "what does the boiler manual say about pressure" },
      "knowledge_search",
    );
    expect(asked).toBeGreaterThan(own);
  });

  it("searches the person's own records for something they wrote down", () => {
    expect(fixture.top({ text: "what did I jot down about the gutter quote" }, 5)).toContain("notes_search");
    expect(fixture.top({ text: "I noted the locker combination somewhere, text it to Wes" }, 6)).toContain(
      "notes_search",
    );
  });

  it("puts something in front of the person on their devices when asked to, with no tool named", () => {
    const notifiers = fixture.catalog
      .filter((t) => /^(?:show|tell)\b/i.test(t.description) && /notification|surface/i.test(t.description))
      .map((t) => t.name);
    expect(notifiers.length).toBeGreaterThan(0);
    const top = fixture.top({ text: "how full is the disk? ping me the figure" }, 6);
    expect(notifiers.some((name) => top.includes(name))).toBe(true);
    const phone = fixture.top({ text: "what's the battery at? flash it up on my phone" }, 6);
    expect(notifiers.some((name) => phone.includes(name))).toBe(true);
  });

  it("runs a program apart from the machine when the request asks for isolation", () => {
    const runner = fixture.catalog.find((t) => /\bisolated\b/i.test(t.description))?.name;
    expect(runner).toBeDefined();
    expect(
      fixture.top({ text: "count the vowels in ~/poems/spring.txt, a quick script will do" }, 5),
    ).toContain(runner);
    expect(fixture.top({ text: "try sort_photos.py on a copy of Pictures with no network" }, 5)).toContain(
      runner,
    );
  });

  it("looks a how-to question up on the web", () => {
    expect(fixture.top({ text: "how do I reset the clock on a Bosch oven" }, 5)).toContain("web_search");
    expect(fixture.top({ text: "the bike chain keeps slipping, how can I fix it myself" }, 5)).toContain(
      "web_search",
    );
  });
});

describe("a fact of the day only the web holds (model22)", () => {
  it("searches for the rate when a sum in one currency is asked in another", () => {
    expect(
      fixture.top({ text: "the hotel quoted 4,800 baht a night, roughly how many euros is that" }, 5),
    ).toContain("web_search");
  });

  it("reads pounds beside a weight as no currency", () => {
    const money = fixture.rankOf({ text: "what are 30 dollars in pounds" }, "web_search");
    const weight = fixture.rankOf({ text: "what are 30 kilos in pounds" }, "web_search");
    expect(weight).toBeGreaterThan(money);
  });

  it("searches for a standing figure unless a page or a mail holds it", () => {
    const asked = fixture.rankOf({ text: "the current duty rate on imported olive oil" }, "web_search");
    const onPage = fixture.rankOf({ text: "the current duty rate shown on this page" }, "web_search");
    expect(asked).toBeLessThan(5);
    expect(onPage).toBeGreaterThan(asked);
  });

  it("searches and reads the page for a flight's state", () => {
    const top = fixture.top({ text: "my sister lands on LH 2471 tonight, is it running late" }, 6);
    expect(top).toContain("web_search");
    expect(top).toContain("web_fetch");
  });
});

describe("a file to send named by its kind (model22)", () => {
  it("finds the file when a sending step names a kind of document", () => {
    expect(fixture.top({ text: "mail the landlord the gas safety certificate" }, 5)).toContain(
      "files_search",
    );
    expect(fixture.top({ text: "please forward the signed tenancy contract to Imogen" }, 5)).toContain(
      "files_search",
    );
  });

  it("reads a mail received, a rule or a written path as no file to find", () => {
    expect(sendsNamedFile("mail the landlord the gas safety certificate")).toBe(true);
    expect(sendsNamedFile("did the landlord send the gas safety certificate yet")).toBe(false);
    expect(sendsNamedFile("when a mail arrives with a receipt in it, file the amount")).toBe(false);
    expect(sendsNamedFile("mail the landlord the certificate at ~/Home/gas-safety.pdf")).toBe(false);
  });
});

describe("an alert named by its ringing (model22)", () => {
  it("reads a thing that rang or went off as one to find among what rang", () => {
    expect(namesByRinging("the kitchen thing rang twice in the night, cancel it")).toBe(true);
    expect(namesByRinging("which one went off during the meeting")).toBe(true);
    expect(fixture.top({ text: "the kitchen thing rang twice in the night, cancel it" }, 6)).toContain(
      "alerts_list",
    );
  });

  it("reads a person who rang, or a ringing still to come, as no alert to find", () => {
    expect(namesByRinging("Mr Abebe rang about the boiler")).toBe(false);
    expect(namesByRinging("how long until the bread one goes off")).toBe(false);
  });
});
