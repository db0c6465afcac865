import { describe, expect, it } from "vitest";
import { compileCatalog } from "../../src/brain/nlu/catalog.js";
import { createNlu, type NluResult } from "../../src/brain/nlu/index.js";
import { nearMiss } from "../../src/brain/nlu/near-miss.js";
import { TimeZones } from "../../src/brain/nlu/slots/index.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * A request said with a remark beside it (decision 0044, "when Jarvis is not sure"): the whole
 * sentence leans away from the request, so each clause is read alone. The one clause that reads
 * as a request with its values is put as a question — "yes" runs it — never acted on. Sentences
 * are the team's own.
 */
const tools = await builtinToolsForNlu();
const nlu = createNlu(tools, { timezone: "UTC" });
const now = new Date("2025-06-11T10:00:00Z");
const base = { now, timezone: "UTC" };
const read = (text: string, context = {}) => nlu.parse(text, { ...base, ...context });
const asked = (r: NluResult) =>
  r.kind === "action" && !r.missing?.length && r.confidence >= 0.6 && r.confidence < 0.9;

describe("a remark beside a request", () => {
  it("the request's clause, read alone by the classifier, is asked", () => {
    const r = read("back in five, lock up please");
    expect(r).toMatchObject({ kind: "action", tool: "system_lock" });
    expect(asked(r)).toBe(true);
  });

  it("a clause a template reads with free text is asked too, never acted on", () => {
    const r = read("guests arrive at eight, how many days until saturday");
    expect(r).toMatchObject({ kind: "action", tool: "time_until", args: { date: "2025-06-14" } });
    expect(asked(r)).toBe(true);
  });

  it("a purpose after the request may be the real one: nothing is asked", () => {
    const r = read("download the album so I can play it on the train");
    expect(r.kind === "action" && r.confidence >= 0.6).toBe(false);
  });

  it("after a call, a clause is not read alone (it may point back at that call)", () => {
    const lastCall = { tool: "media_play", args: {} };
    const r = read("back in five, lock up please", { lastCall });
    expect(r.tool === "system_lock" && r.confidence >= 0.9).toBe(false);
  });
});

describe("a word of a domain without tools beside a sure request", () => {
  it("is a mention: the request's missing value is asked for, nothing acts", () => {
    const r = read("cancel the lunch with the hotel manager on tuesday");
    expect(r).toMatchObject({ kind: "action", tool: "calendar_delete_event", missing: ["id"] });
    expect(r.confidence).toBeLessThan(0.9);
  });

  it("a request about that domain itself is still not a request for a tool", () => {
    for (const text of ["what's my bank balance", "cancel my taxi"])
      expect(read(text).kind).not.toBe("action");
  });
});

describe("a first reading with its tool's own words, below the middle band", () => {
  const catalog = compileCatalog(tools);
  const words = ["reschedule", "the", "vet", "appointment", "for", "later"];
  const input = {
    tokens: tokenize(words.join(" ")),
    words,
    env: { text: words.join(" "), now, timezone: "UTC", zones: new TimeZones(), apps: new Set<string>() },
  };
  const result = {
    ranked: [
      { label: "calendar_update_event", probability: 0.4 },
      { label: "media_play", probability: 0.3 },
    ],
    coverage: 1,
  };
  const byGroup = new Map([
    ["calendar", 0.4],
    ["media", 0.3],
  ]);
  const near = (alone: boolean, said = input) =>
    nearMiss(catalog, result, byGroup, said, "unclear", () => false, alone);

  it("asks for what its tool still needs in a turn of its own", () => {
    expect(near(true)).toMatchObject({ call: { tool: "calendar_update_event" }, missing: ["id"] });
  });

  it("is not asked after a call (its words may point back) or without its tool's words", () => {
    expect(near(false)).toBeUndefined();
    const other = ["the", "vet", "appointment", "for", "later"];
    expect(near(true, { ...input, words: other, tokens: tokenize(other.join(" ")) })).toBeUndefined();
  });
});

describe("a real word typed for its sound-alike", () => {
  it("is read again as the word the catalog says far more often, and the reading is asked", () => {
    // Where only the neighbours could tell ("the whether" is read at once, text/heard.ts), the
    // second reading is asked
    const r = read("chek whether in lisbon");
    expect(r).toMatchObject({ kind: "action", tool: "weather_current", args: { city: "lisbon" } });
    expect(asked(r)).toBe(true);
  });

  it("a word the catalog says often is no slip: nothing is swapped", () => {
    const r = read("write a poem for our anniversary");
    expect(r.kind === "action" && r.confidence >= 0.6).toBe(false);
  });
});
