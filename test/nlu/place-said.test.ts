import { describe, expect, it } from "vitest";
import { saidValues } from "../../src/brain/nlu/said-values.js";
import { placeSaid } from "../../src/brain/nlu/slots/place-said.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";

/**
 * Where an event happens, said after "at" or "in" anywhere in the request (nlu44, issue 16): an
 * event made without it looks done and sends the person to no address. Read for an argument that
 * holds a place, by its name, whatever the tool.
 */
describe("a place said in passing", () => {
  it("after the day and time, the last place said", () => {
    expect(
      placeSaid("pencil in the rowing club dinner for Friday at eight in the evening, at the boathouse."),
    ).toBe("the boathouse");
    expect(placeSaid("football sun 10am home at oakfield put it in my calendar")).toBe("oakfield");
    expect(placeSaid("team sync in the big meeting room tomorrow at 9")).toBe("the big meeting room");
  });

  it("a street address with its number", () => {
    expect(placeSaid("plumber friday 2pm at 12 Mill Lane")).toBe("12 Mill Lane");
  });

  it("a moment, the calendar, or the 'in' of a verb is no place", () => {
    expect(placeSaid("lunch with Sam at noon")).toBeUndefined();
    expect(placeSaid("dentist at 3 pm")).toBeUndefined();
    expect(placeSaid("review in 2 hours")).toBeUndefined();
    expect(placeSaid("call mum at 6 in the evening")).toBeUndefined();
    expect(placeSaid("put the gym session in my calendar for monday")).toBeUndefined();
    expect(placeSaid("pencil in the vet for Monday at 3pm")).toBeUndefined();
  });

  it("is read only for an argument that holds a place", () => {
    const text = "quiz night friday 8pm at the red lion";
    const read = (properties: Record<string, Record<string, unknown>>) =>
      saidValues(properties, {}, tokenize(text), text);
    expect(read({ location: { type: "string" } })).toEqual({ location: "the red lion" });
    expect(read({ notes: { type: "string" } })).toEqual({});
  });
});
