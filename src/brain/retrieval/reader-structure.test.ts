import { describe, expect, it } from "vitest";
import { structureFeatures } from "./reader-structure.js";

describe("what a request's structure says (reader features)", () => {
  it("reads value shapes whatever the words around them", () => {
    const features = structureFeatures("move the 3pm with Dana on Tuesday to invoices.xlsx at https://x.io");
    for (const shape of ["s:time", "s:day", "s:file", "s:url", "s:name"]) expect(features).toContain(shape);
    expect(structureFeatures("a quick walk")).not.toContain("s:time");
  });

  it("reads what each step does and the object it names", () => {
    const features = structureFeatures("please dig out the boiler warranty and forward it to Sam");
    expect(features).toContain("h:dig");
    expect(features).toContain("ho:dig boiler");
    expect(features).toContain("h:forward");
  });

  it("marks a later step that takes what an earlier one found", () => {
    expect(structureFeatures("look up the tide times, then text them to my brother")).toContain("t:text");
    expect(structureFeatures("look up the tide times")).not.toContain("t:look");
  });

  it("reads the frame a step is said in: a condition, and what follows it", () => {
    const features = structureFeatures("whenever the bakery writes, beep at me");
    expect(features).toContain("f:cond");
    expect(features).toContain("h2:beep");
  });

  it("reads a recurrence however it is said", () => {
    for (const text of [
      "Saturdays at nine, water the tomatoes",
      "each night at ten ping me about the back door",
      "Wednesday through Friday at noon, say lunch",
      "every other week text my sister",
    ])
      expect(structureFeatures(text)).toContain("s:recur");
    expect(structureFeatures("on Saturday at nine, water the tomatoes")).not.toContain("s:recur");
  });

  it("reads a thing named by its day or its owner", () => {
    expect(structureFeatures("who is coming to Friday's barbecue")).toContain("s:dayof");
    expect(structureFeatures("forward Ingrid's pay slip")).toContain("s:owner");
  });

  it("reads where a thing goes or comes from, and whether a person is there", () => {
    const features = structureFeatures("take the totals from Marek and add them to the budget sheet");
    expect(features).toContain("p:from name");
    expect(features).toContain("p:to budget");
    expect(structureFeatures("move the dentist to Monday")).not.toContain("p:to name");
  });

  it("reads how a step refers to its object, and which step's result a later one takes", () => {
    const features = structureFeatures("dig out the lease and post it to my landlord");
    expect(features).toContain("hd:dig known");
    expect(features).toContain("tp:dig post");
    expect(structureFeatures("jot a line about the boiler")).toContain("hd:jot new");
  });
});
