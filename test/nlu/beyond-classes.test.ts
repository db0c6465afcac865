import { describe, expect, it } from "vitest";
import { beyondReach } from "../../src/brain/nlu/beyond.js";
import { stripFillers, tokenize } from "../../src/brain/nlu/text/normalize.js";

/**
 * Classes of request the out-of-scope detector reads by their role (beyond.ts): a thing one
 * carries as what is looked for or copied, an errand done in person at a place in town, a
 * decision about selling or buying a home, the future foretold. Sentences are the team's own.
 */
const kind = (text: string) => beyondReach(stripFillers(tokenize(text)).map((t) => t.w))?.kind;

describe("things carried, looked for or copied by hand", () => {
  it("are physical when they are what the verb works on", () => {
    expect(kind("locate my house keys")).toBe("physical");
    expect(kind("where did I put my umbrella")).toBe("physical");
    expect(kind("copy the keys for the shed")).toBe("physical");
    expect(kind("find my purse please")).toBe("physical");
  });

  it("keys of a computer and things only mentioned are not", () => {
    expect(kind("copy the api keys to the clipboard")).toBeUndefined();
    expect(kind("search for my ssh keys")).toBeUndefined();
    expect(kind("find the note about the spare keys")).toBeUndefined();
    expect(kind("remind me to find my wallet")).toBeUndefined();
  });
});

describe("errands done in person at a place in town", () => {
  it("are errands", () => {
    expect(kind("jump the queue at the bank")).toBe("errand");
    expect(kind("collect my parcel from the post office")).toBe("errand");
    expect(kind("return these books to the library")).toBe("errand");
  });

  it("a reminder or a note about one is a tool's", () => {
    expect(kind("remind me to collect my parcel from the post office")).toBeUndefined();
    expect(kind("skip this song")).toBeUndefined();
  });
});

describe("decisions about a home and the future foretold", () => {
  it("selling or buying a home is advice", () => {
    expect(kind("should we sell the flat this year")).toBe("advice");
    expect(kind("should I buy a house now")).toBe("advice");
  });

  it("horoscopes and who will win are not facts any tool holds", () => {
    expect(kind("read me my horoscope")).toBe("world");
    expect(kind("which horse will win the race on saturday")).toBe("world");
    expect(kind("tell me the lottery numbers that come up next week")).toBe("world");
  });

  it("a song said as this or that is still the player's", () => {
    expect(kind("who sang that")).toBeUndefined();
    expect(kind("who wrote this one")).toBeUndefined();
  });
});
