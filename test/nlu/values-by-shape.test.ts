import { describe, expect, it } from "vitest";
import { saidValues } from "../../src/brain/nlu/said-values.js";
import { clockRange } from "../../src/brain/nlu/slots/clock-range.js";
import { findDuration, slotType } from "../../src/brain/nlu/slots/index.js";
import { townNamed } from "../../src/brain/nlu/slots/place-said.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";

/**
 * Values read by their shape and the schema's words (nlu57, issue 16): a reading with the right
 * tool ran or asked with the tool's default where the sentence said the value.
 */
const read = (properties: Record<string, Record<string, unknown>>, text: string) =>
  saidValues(properties, {}, tokenize(text), text);
const words = (text: string) => tokenize(text).map((t) => t.w);

describe("lengths", () => {
  it("a smaller unit said last, in words or digits", () => {
    expect(findDuration(words("skip to three minutes forty"))?.seconds).toBe(220);
    expect(findDuration(words("go to 1 hour 5"))?.seconds).toBe(3900);
  });

  it("a number after the length that counts something else is left", () => {
    expect(findDuration(words("ring for 2 minutes four times"))?.seconds).toBe(120);
    // a length said twice is not a smaller unit
    expect(findDuration(words("snooze five minutes five"))?.seconds).toBe(300);
  });

  it("a length written as one hyphenated word", () => {
    expect(findDuration(words("book a two-hour block"))?.seconds).toBe(7200);
    expect(findDuration(words("a half-hour chat"))?.seconds).toBe(1800);
  });
});

describe("the hours of each day, said as a range", () => {
  it("reads the working day's halves", () => {
    expect(clockRange("slots between 11 and 3")).toEqual({ start: "11:00", end: "15:00" });
    expect(clockRange("from 7am to 9am")).toEqual({ start: "07:00", end: "09:00" });
    expect(clockRange("between nine and half past")).toBeUndefined();
  });

  it("fills a schema's pair of clock arguments only", () => {
    const clock = { type: "string", pattern: "^([01]\\d|2[0-3]):[0-5]\\d$" };
    expect(read({ day_start: clock, day_end: clock }, "any gaps on monday between 11 and 3")).toEqual({
      day_start: "11:00",
      day_end: "15:00",
    });
    expect(read({ note: { type: "string" } }, "any gaps on monday between 11 and 3")).toEqual({});
  });
});

describe("counts, towns, units, every one, quoted kinds", () => {
  it("a count with describing words before its noun", () => {
    const count = { type: "integer", description: "how many slots to propose" };
    expect(read({ count }, "show me four open one-hour slots on thursday")).toEqual({ count: 4 });
  });

  it("a town named with its capitals after in/of", () => {
    expect(townNamed("my brother moved to work in Lima, what time is it there")).toBe("Lima");
    expect(townNamed("what is the time of Cape Town now")).toBe("Cape Town");
    expect(townNamed("what time is it in the morning there")).toBeUndefined();
    expect(townNamed("anything in December")).toBeUndefined();
  });

  it("a number of the unit an argument is named by", () => {
    const n = { type: "integer" };
    expect(read({ days: n }, "what date is it 45 days from now")).toEqual({ days: 45 });
    expect(read({ weeks: n }, "the date two weeks ago")).toEqual({ weeks: -2 });
  });

  it("every one of them, not every day", () => {
    const all = { type: "boolean" };
    expect(read({ all }, "stop everything that is beeping")).toEqual({ all: true });
    expect(read({ all }, "cancel the one for every weekday")).toEqual({});
    expect(read({ all: { type: "boolean", description: "include hidden rows" } }, "show every row")).toEqual(
      {},
    );
  });

  it("a kind among the values a description quotes", () => {
    const role = { type: "string", description: '"button", "menu item", "check box", "link"' };
    expect(read({ role }, "find the links on this page")).toEqual({ role: "link" });
    expect(read({ role }, "is there a check box for the terms")).toEqual({ role: "check box" });
    expect(read({ role }, "find the save thing")).toEqual({});
  });
});

describe("who a message came from", () => {
  const from = { type: "string", description: "sender name or address" };
  const unread = { type: "boolean", description: "true: only unread; false: only read" };
  it("said as the one who wrote, or after 'from'", () => {
    expect(read({ from }, "has the dentist emailed me back")).toEqual({ from: "dentist" });
    expect(read({ from }, "did Priya Nair write to me")).toEqual({ from: "Priya Nair" });
    expect(read({ from }, "show the messages from accounts about the invoice")).toEqual({ from: "accounts" });
  });

  it("a pronoun is nobody's name", () => {
    expect(read({ from }, "did I email the plumber")).toEqual({});
  });

  it("only the ones not read yet", () => {
    expect(read({ unread }, "read me the mails I have not opened")).toEqual({ unread: true });
    expect(read({ unread }, "read me the mails")).toEqual({});
  });
});

describe("words said inside quotes", () => {
  const text = slotType("text")!;
  const env = (said: string) => ({ text: said }) as unknown as Parameters<typeof text.parse>[2];
  it("keep the punctuation that closes them", () => {
    const said = "type 'Kind regards,' at the bottom";
    expect(text.parse(words("Kind regards"), "Kind regards", env(said))).toBe("Kind regards,");
  });

  it("unquoted words lose a closing comma as before", () => {
    const said = "type Kind regards, at the bottom";
    expect(text.parse(words("Kind regards"), "Kind regards", env(said))).toBe("Kind regards");
  });
});
