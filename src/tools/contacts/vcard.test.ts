import { describe, expect, it } from "vitest";
import { matchesContact, parseVCards } from "./vcard.js";

const CARDS = `BEGIN:VCARD
VERSION:3.0
UID:1
FN:Alice Martin
ORG:Example Corp
EMAIL;TYPE=work:Alice@Example.com
TEL;TYPE=cell:+49 30 1234567
END:VCARD
BEGIN:VCARD
VERSION:4.0
UID:2
N:Builder;Bob;;;
EMAIL:mailto:bob@example.org
TEL;VALUE=uri:tel:+1-555-0100
END:VCARD`;

describe("vCards", () => {
  it("parses 3.0 and 4.0 cards (FN or N, mailto:/tel: URIs, lowercase emails)", () => {
    expect(parseVCards(CARDS)).toEqual([
      {
        uid: "1",
        name: "Alice Martin",
        organization: "Example Corp",
        emails: ["alice@example.com"],
        phones: [{ number: "+49 30 1234567", type: "cell" }],
      },
      {
        uid: "2",
        name: "Bob Builder",
        organization: "",
        emails: ["bob@example.org"],
        phones: [{ number: "+1-555-0100", type: "" }],
      },
    ]);
    expect(parseVCards("not a card")).toEqual([]);
  });

  it("matches words in name/org/email and phone digits with or without country code", () => {
    const [alice, bob] = parseVCards(CARDS);
    expect(matchesContact(alice!, "alice martin")).toBe(true);
    expect(matchesContact(alice!, "example corp")).toBe(true);
    expect(matchesContact(alice!, "030 1234567")).toBe(true);
    expect(matchesContact(alice!, "+49301234567")).toBe(true);
    expect(matchesContact(alice!, "bob")).toBe(false);
    expect(matchesContact(bob!, "555 0100")).toBe(true);
    expect(matchesContact(bob!, "1234")).toBe(false);
    expect(matchesContact(bob!, "   ")).toBe(false);
  });
});
