import { describe, expect, it } from "vitest";
import { newContact } from "./add.js";
import { buildVCard, contactUid, findDuplicate, samePhone } from "./card.js";
import { parseVCards } from "./vcard.js";

describe("new vCards", () => {
  it("writes a vCard 3.0 with CRLF lines that parses back to the same contact", () => {
    const uid = contactUid("home", { name: "Sam Smith", email: "sam@example.com" });
    const card = buildVCard(uid, { name: "Sam Smith", email: "sam@example.com", phone: "+49 30 555" });
    expect(card).toBe(
      [
        "BEGIN:VCARD",
        "VERSION:3.0",
        "PRODID:-//Jarvis//Contacts//EN",
        `UID:${uid}`,
        "FN:Sam Smith",
        "N:Smith;Sam;;;",
        "EMAIL;TYPE=INTERNET:sam@example.com",
        "TEL;TYPE=VOICE:+49 30 555",
        "END:VCARD",
        "",
      ].join("\r\n"),
    );
    expect(parseVCards(card)).toEqual([
      {
        uid,
        name: "Sam Smith",
        organization: "",
        emails: ["sam@example.com"],
        phones: [{ number: "+49 30 555", type: "voice" }],
      },
    ]);
  });

  it("escapes text and folds long lines at 75 octets without splitting a character", () => {
    const name = `Zoë "Zed", Jr; ${"ü".repeat(60)}`;
    const card = buildVCard("u-1", { name, email: "z@example.com" });
    expect(card).toContain('FN:Zoë "Zed"\\, Jr\\; ');
    for (const line of card.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(parseVCards(card)[0]?.name).toBe(name);
  });

  it("names a card without a name after its address, with an empty N", () => {
    const card = buildVCard("u-2", { name: "", email: "sam@example.com" });
    expect(card).toContain("FN:sam@example.com\r\nN:;;;;\r\n");
    expect(parseVCards(card)[0]?.name).toBe("sam@example.com");
  });

  it("derives a stable UUID per account and content", () => {
    const a = contactUid("home", { name: "Sam", email: "sam@example.com" });
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(contactUid("home", { name: "Sam", email: "sam@example.com" })).toBe(a);
    expect(contactUid("work", { name: "Sam", email: "sam@example.com" })).not.toBe(a);
    expect(contactUid("home", { name: "Sam", phone: "123" })).not.toBe(a);
  });
});

describe("duplicates", () => {
  const [alice] = parseVCards(
    "BEGIN:VCARD\r\nVERSION:3.0\r\nUID:a\r\nFN:Alice\r\nEMAIL:Alice@Example.com\r\nTEL:+49 30 1234567\r\nEND:VCARD\r\n",
  );
  it("finds the same email (any case), or the same phone when no email is given", () => {
    expect(findDuplicate([alice!], { name: "A", email: "alice@example.com" })?.by).toBe("email");
    expect(findDuplicate([alice!], { name: "A", email: "other@example.com" })).toBeUndefined();
    expect(findDuplicate([alice!], { name: "A", phone: "030 1234567" })?.by).toBe("phone");
    expect(findDuplicate([alice!], { name: "A", phone: "1234567" })?.by).toBe("phone");
    expect(findDuplicate([alice!], { name: "A", phone: "4567" })).toBeUndefined();
  });

  it("compares phone digits, allowing a country code on one side", () => {
    expect(samePhone("+1 (555) 010-0100", "5550100100")).toBe(true);
    expect(samePhone("555 0100", "555 0101")).toBe(false);
    expect(samePhone("12", "12")).toBe(false);
  });
});

describe("contacts_add arguments", () => {
  it("normalizes what it keeps", () => {
    expect(newContact({ name: "  Sam \n Smith ", email: " Sam@Example.COM " })).toEqual({
      name: "Sam Smith",
      email: "sam@example.com",
      phone: undefined,
    });
  });

  it.each([
    [{ name: "Sam" }, "a new contact needs an email address or a phone number"],
    [{ name: "Sam", email: "  ", phone: "" }, "a new contact needs an email address or a phone number"],
    [{ name: "Sam", phone: "call me" }, '"call me" is not a phone number'],
    [{ name: "Sam", phone: "+-()" }, '"+-()" is not a phone number'],
    [{ name: "Sam", email: "+49 30 1234567" }, '"+49 30 1234567" is not an email address'],
  ])("refuses %j with one line", (args, message) => {
    expect(() => newContact(args)).toThrow(message);
  });
});
