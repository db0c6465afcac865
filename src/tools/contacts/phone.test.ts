import { describe, expect, it } from "vitest";
import {
  callableNumbers,
  looksLikeNumber,
  normaliseNumber,
  openerArgv,
  phoneKind,
  phoneUri,
  pickNumber,
  queryCandidates,
} from "./phone.js";
import type { Contact } from "./vcard.js";

const contact = (phones: Contact["phones"]): Contact => ({
  uid: "u1",
  name: "Sarah Connor",
  organization: "",
  emails: [],
  phones,
});

describe("phone numbers for tel:/sms: links", () => {
  it.each([
    ["+1 555 0100", "+15550100"],
    ["(030) 123-45.67", "0301234567"],
    ["tel:+49-30-1234567", "+49301234567"],
    ["*100#", "*100#"],
    ["112", "112"],
  ])("normalises %j to %j", (raw, expected) => {
    expect(normaliseNumber(raw)).toBe(expected);
  });

  it.each([
    "555-0100; rm -rf /",
    "$(reboot)",
    "555 0100 ext 12",
    "call me",
    "1+555",
    "12",
    "+",
    "555\n0100",
    "٥٥٥٠١٠٠",
    "+1 555 0100 `id`",
  ])("refuses %j", (raw) => {
    expect(normaliseNumber(raw)).toBeUndefined();
  });

  it("builds tel:/sms: URIs with # escaped and the message encoded", () => {
    expect(phoneUri("call", "+1 555 0100")).toBe("tel:+15550100");
    expect(phoneUri("call", "*21#")).toBe("tel:*21%23");
    expect(phoneUri("text", "+1 555 0100")).toBe("sms:+15550100");
    expect(phoneUri("text", "+1 555 0100", "late & sorry?")).toBe("sms:+15550100?body=late%20%26%20sorry%3F");
    expect(() => phoneUri("call", "555; id")).toThrow(/not a phone number/);
  });

  it("tells numbers from names", () => {
    expect(looksLikeNumber("+1 555 0100")).toBe(true);
    expect(looksLikeNumber("mom")).toBe(false);
    expect(looksLikeNumber("R2D2")).toBe(false);
    expect(looksLikeNumber("12")).toBe(false);
  });

  it("hands the URI to xdg-open on Linux and open on macOS, as argv arrays", () => {
    expect(openerArgv("linux", "tel:+15550100")).toEqual(["xdg-open", "tel:+15550100"]);
    expect(openerArgv("freebsd", "sms:+15550100")).toEqual(["xdg-open", "sms:+15550100"]);
    expect(openerArgv("darwin", "tel:+15550100")).toEqual(["open", "tel:+15550100"]);
    expect(openerArgv("win32", "tel:+15550100")).toBeUndefined();
  });
});

describe("which number the user means", () => {
  it("reads the kind of number out of what was said", () => {
    expect(queryCandidates("sarah's work number")).toContainEqual({ name: "sarah", kind: "work" });
    expect(queryCandidates("mom on her cell")).toContainEqual({ name: "mom", kind: "mobile" });
    expect(queryCandidates("alice at home")).toContainEqual({ name: "alice", kind: "home" });
    expect(queryCandidates("my sister's mobile")).toContainEqual({ name: "sister", kind: "mobile" });
    expect(queryCandidates("dad's number")).toContainEqual({ name: "dad" });
    expect(queryCandidates("my mom")).toContainEqual({ name: "mom" });
    // the words as said come first: a contact called "Home Depot" or "Bob Office" still matches
    expect(queryCandidates("Bob Office")[0]).toEqual({ name: "Bob Office" });
    expect(phoneKind("Cell")).toBe("mobile");
    expect(phoneKind("office")).toBe("work");
    expect(phoneKind("fax")).toBeUndefined();
  });

  const sarah = contact([
    { number: "+1 555 0199", type: "fax" },
    { number: "+1 555 0100", type: "work,voice" },
    { number: "+1 555 0111", type: "cell" },
    { number: "+1 555 0122", type: "home" },
  ]);

  it("picks the kind asked for, else mobile; never a fax", () => {
    expect(callableNumbers(sarah).map((p) => p.number)).not.toContain("+1 555 0199");
    expect(pickNumber(sarah, "work", "call")).toEqual({ number: "+1 555 0100", type: "work,voice" });
    expect(pickNumber(sarah, "home", "call")).toMatchObject({ number: "+1 555 0122" });
    expect(pickNumber(sarah, undefined, "call")).toMatchObject({ number: "+1 555 0111" });
    expect(pickNumber(sarah, undefined, "text")).toMatchObject({ number: "+1 555 0111" });
  });

  it("prefers the card's preferred number, and says when the asked kind is missing", () => {
    const pref = contact([
      { number: "+1 555 0111", type: "cell" },
      { number: "+1 555 0100", type: "work,pref" },
    ]);
    expect(pickNumber(pref, undefined, "call")).toMatchObject({ number: "+1 555 0100" });
    expect(pickNumber(pref, undefined, "text")).toMatchObject({ number: "+1 555 0111" });
    expect(pickNumber(pref, "home", "call")).toEqual({ missing: callableNumbers(pref) });
    expect(pickNumber(contact([]), undefined, "call")).toEqual({ missing: [] });
  });
});
