import { describe, expect, it } from "vitest";
import { saidValues } from "../../src/brain/nlu/said-values.js";
import { parseRepeat } from "../../src/brain/nlu/slots/more.js";
import { personNamed, phoneSaid } from "../../src/brain/nlu/slots/person-named.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";

/**
 * Values a card or a repeat needs that were read wrongly (nlu57, issue 16): a person's name said
 * beside the address a card is made for was dropped (the card showed only the address), and a
 * repeat said as a list of days in full ("wednesday", "saturday") kept only its first day.
 */
describe("a person's name and number beside a card's address", () => {
  it("introduced by as / called / named", () => {
    expect(personNamed("save kim.lee@mailbox.net in my contacts as Kim Lee")).toBe("Kim Lee");
    expect(personNamed("add a contact called Omar Haddad with omar@desk.io")).toBe("Omar Haddad");
  });

  it("right after the noun, or right before the address", () => {
    expect(personNamed("new contact: Greta Holm, greta@fjord.se")).toBe("Greta Holm");
    expect(personNamed("please add Mateo Ruiz mateo.r@post.es to my contacts")).toBe("Mateo Ruiz");
  });

  it("a capital opening the sentence, a weekday or 'I' is no name", () => {
    expect(personNamed("Add kim@studio.io to my contacts")).toBeUndefined();
    expect(personNamed("save pat@home.org, I met her on Monday")).toBeUndefined();
    expect(personNamed("put sam@post.net in my address book")).toBeUndefined();
  });

  it("a phone number in groups of digits", () => {
    expect(phoneSaid("add Ola, ola@x.no, 0161 496 0000")).toBe("0161 496 0000");
    expect(phoneSaid("add Ola at 5:15")).toBeUndefined();
  });

  it("is read only for an argument that holds a full name or a phone number", () => {
    const text = "add Ines Duarte ines@casa.pt, 07700 900123, to my contacts";
    const read = (properties: Record<string, Record<string, unknown>>) =>
      saidValues(properties, {}, tokenize(text), text);
    expect(
      read({
        name: { type: "string", description: "full name as it should appear" },
        phone: { type: "string", description: "phone number, e.g. +44 …" },
      }),
    ).toEqual({ name: "Ines Duarte", phone: "07700 900123" });
    expect(read({ name: { type: "string", description: "what to call the routine" } })).toEqual({});
  });
});

describe("repeat days said as a list", () => {
  const words = (text: string) => tokenize(text).map((t) => t.w);
  it("every day in full, with or without 'and'", () => {
    expect(parseRepeat(words("every tuesday wednesday and saturday"))).toBe("tue,wed,sat");
    expect(parseRepeat(words("every Wednesday Saturday"))).toBe("wed,sat");
  });

  it("a list of days after 'on' comes back; one day is a date", () => {
    expect(parseRepeat(words("on tuesday and thursday"))).toBe("tue,thu");
    expect(parseRepeat(words("on saturday"))).toBeUndefined();
    expect(parseRepeat(words("saturday and sunday"))).toBeUndefined();
  });
});
