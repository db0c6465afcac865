import { describe, expect, it } from "vitest";
import {
  packGroupReader,
  readerFeatures,
  shippedGroupReader,
  trainGroupReader,
  unpackGroupReader,
} from "./group-reader.js";

/** A toy team of writers: each need worded a few ways, some needing two groups. */
const EXAMPLES = [
  { text: "water the tomatoes reminder for tonight", groups: ["reminders"] },
  { text: "nudge me about the tomatoes at six", groups: ["reminders"] },
  { text: "remind me to ring the plumber tomorrow", groups: ["reminders"] },
  { text: "what is on my agenda on friday", groups: ["calendar"] },
  { text: "am I free thursday afternoon", groups: ["calendar"] },
  { text: "put the school play in my diary", groups: ["calendar"] },
  { text: "mail the plumber the photos of the leak", groups: ["mail"] },
  { text: "write to the landlord about the leak", groups: ["mail"] },
  { text: "send the invoice to the accountant by email", groups: ["mail"] },
  { text: "email the school about friday and add it to my diary", groups: ["mail", "calendar"] },
  { text: "put the recital in the diary and mail the teacher", groups: ["calendar", "mail"] },
];

describe("group reader", () => {
  it("reads words, word pairs and letter groups (misspellings share most of them)", () => {
    const features = readerFeatures("Remind me at 6");
    expect(features).toContain("w:remind");
    expect(features).toContain("b:remind me");
    expect(features).toContain("c:<rem");
    expect(features).toContain("w:#");
    const typo = new Set(readerFeatures("calender"));
    const shared = readerFeatures("calendar").filter((f) => typo.has(f));
    expect(shared.length).toBeGreaterThan(3);
  });

  it("learns each group a request needs, two at once", () => {
    const reader = trainGroupReader([...EXAMPLES, ...EXAMPLES], { minCount: 1 });
    const top = (text: string, n: number) =>
      reader
        .read(text)
        .slice(0, n)
        .map((r) => r.group);
    expect(top("nudge me to water the roses", 1)).toEqual(["reminders"]);
    expect(top("is the diary free on friday", 1)).toEqual(["calendar"]);
    expect(top("mail the teacher about the play and put it in my diary", 2).sort()).toEqual([
      "calendar",
      "mail",
    ]);
  });

  it("reads the same after packing to one byte a weight", () => {
    const reader = trainGroupReader([...EXAMPLES, ...EXAMPLES], { minCount: 1 });
    const back = unpackGroupReader(packGroupReader(reader));
    for (const text of ["write to the plumber", "am I busy on friday", "remind me about the roses"]) {
      const a = reader.read(text);
      const b = back.read(text);
      expect(b.map((r) => r.group)[0]).toBe(a.map((r) => r.group)[0]);
      expect(Math.abs(b[0]!.p - a[0]!.p)).toBeLessThan(0.05);
    }
  });

  it("ships a reader trained on the team's writers", () => {
    const reader = shippedGroupReader();
    expect(reader.groups.length).toBeGreaterThan(20);
    const groups = reader
      .read("get the signed lease over to my landlord")
      .slice(0, 3)
      .map((r) => r.group);
    expect(groups).toContain("mail");
  });
});
