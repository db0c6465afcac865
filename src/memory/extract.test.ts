import { describe, expect, it } from "vitest";
import { extractFacts, toThirdPerson } from "./extract.js";
import { parseQuestion } from "./questions.js";

const one = (text: string) => {
  const facts = extractFacts(text);
  expect(facts).toHaveLength(1);
  return facts[0]!;
};

describe("extractFacts", () => {
  it("reads relations to people, in either order", () => {
    expect(one("remember that my boss is Sarah Chen")).toEqual({
      text: "The user's boss is Sarah Chen.",
      relation: {
        subject: { name: "User", kind: "user" },
        predicate: "boss",
        object: { name: "Sarah Chen", kind: "person" },
      },
    });
    expect(one("Sarah Chen is my manager.").relation).toMatchObject({
      predicate: "manager",
      object: { name: "Sarah Chen" },
    });
    expect(one("my wife's name is anna maria").text).toBe("The user's wife is Anna Maria.");
    expect(one("Please remember: my mom is called Ruth").relation?.predicate).toBe("mother");
    expect(one("the name of my dentist is Dr. Patel").relation?.object).toEqual({
      name: "Dr. Patel",
      kind: "person",
    });
  });

  it("reads preferences, places, work and projects", () => {
    expect(one("I prefer window seats")).toMatchObject({
      text: "The user prefers window seats.",
      relation: { predicate: "prefers", object: { name: "window seats", kind: "preference" } },
    });
    expect(one("I hate cilantro").text).toBe("The user dislikes cilantro.");
    expect(one("I'm allergic to peanuts").text).toBe("The user is allergic to peanuts.");
    expect(one("my favourite colour is green").relation).toMatchObject({
      predicate: "favorite_color",
      object: { name: "green" },
    });
    expect(one("I live in Berlin").relation).toMatchObject({
      predicate: "lives_in",
      object: { name: "Berlin", kind: "place" },
    });
    expect(one("my office is in Lisbon").relation?.object).toEqual({ name: "Lisbon", kind: "place" });
    expect(one("I work at Acme Corp").relation).toMatchObject({
      predicate: "works_at",
      object: { kind: "organization" },
    });
    expect(one("I work as nurse").text).toBe("The user works as a nurse.");
    expect(one("I'm working on Project Apollo").relation).toMatchObject({
      predicate: "works_on",
      object: { name: "Project Apollo", kind: "project" },
    });
  });

  it("keeps plain values as values, and facts about other people", () => {
    expect(one("my birthday is on May 3").relation).toMatchObject({ predicate: "birthday", value: "May 3" });
    expect(one("Sarah's birthday is on June 2")).toMatchObject({
      text: "Sarah's birthday is June 2.",
      relation: { subject: { name: "Sarah", kind: "person" }, predicate: "birthday", value: "June 2" },
    });
    expect(one("Tom Baker works for Initech").relation).toMatchObject({
      subject: { name: "Tom Baker" },
      predicate: "works_at",
    });
  });

  it("stores anything else as a note in third person", () => {
    expect(one("remember the wifi password is hunter2")).toEqual({ text: "The wifi password is hunter2." });
    expect(one("remember I parked on level 3")).toEqual({ text: "The user parked on level 3." });
    expect(toThirdPerson("I gave my keys to me")).toBe("The user gave the user's keys to the user.");
  });

  it("splits several facts in one sentence", () => {
    const facts = extractFacts("my boss is Sarah Chen and I prefer aisle seats; I live in Oslo.");
    expect(facts.map((f) => f.text)).toEqual([
      "The user's boss is Sarah Chen.",
      "The user prefers aisle seats.",
      "The user lives in Oslo.",
    ]);
    expect(extractFacts("remember that")).toEqual([]);
  });
});

describe("parseQuestion", () => {
  it("reads questions about the user's relations", () => {
    expect(parseQuestion("who is my boss?")).toEqual({
      kind: "relation",
      subject: "user",
      predicates: ["boss"],
    });
    expect(parseQuestion("What's my wife's name?")).toMatchObject({ predicates: ["wife"] });
    expect(parseQuestion("what is my favourite color")).toMatchObject({ predicates: ["favorite_color"] });
    expect(parseQuestion("who are my kids")).toMatchObject({ predicates: ["child"] });
    expect(parseQuestion("where do I live?")).toMatchObject({
      predicates: ["lives_in", "home", "city", "address"],
    });
    expect(parseQuestion("Jarvis, do you remember what I'm working on?")).toMatchObject({
      predicates: ["works_on"],
    });
  });

  it("reads questions about other people and open questions", () => {
    expect(parseQuestion("what do you know about Sarah?")).toEqual({
      kind: "about",
      target: { name: "Sarah" },
    });
    expect(parseQuestion("who is Sarah Chen")).toEqual({ kind: "about", target: { name: "Sarah Chen" } });
    expect(parseQuestion("tell me about my boss")).toEqual({
      kind: "about",
      target: { relationOfUser: "boss" },
    });
    expect(parseQuestion("what do you know about me")).toEqual({ kind: "about", target: "user" });
    expect(parseQuestion("when is Sarah's birthday?")).toEqual({
      kind: "relation",
      subject: { name: "Sarah" },
      predicates: ["birthday"],
    });
    expect(parseQuestion("where does Tom work")).toMatchObject({
      subject: { name: "Tom" },
      predicates: ["works_at"],
    });
    expect(parseQuestion("wifi password")).toEqual({ kind: "search", text: "wifi password" });
    expect(parseQuestion("who cuts my hair?")).toMatchObject({
      kind: "relation",
      predicates: ["hairdresser"],
    });
    expect(parseQuestion("who lives next door")).toMatchObject({ predicates: ["neighbor"] });
    expect(parseQuestion("who do I report to?")).toMatchObject({ predicates: ["boss", "manager"] });
  });
});
