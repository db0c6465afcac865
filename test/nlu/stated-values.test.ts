import { beforeAll, describe, expect, it } from "vitest";
import type { NluResult } from "../../src/brain/nlu/index.js";
import { saidValues } from "../../src/brain/nlu/said-values.js";
import { countTail } from "../../src/brain/nlu/slots/count-tail.js";
import { leadingLength } from "../../src/brain/nlu/slots/index.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * Values said in the same breath as the request (nlu44, issue 16: a call that acts does what
 * was said, not the tool's default): how many results, how long a setting lasts, and a setting
 * switched on or off. The readers first, then calls that act.
 */
describe("how many results a search asks for", () => {
  it("a count said after the words, with a bound or a counted noun", () => {
    expect(countTail("vegan brownies, top 4")).toEqual({ query: "vegan brownies", count: 4 });
    expect(countTail("tide times in whitby, only 2 results please")).toEqual({
      query: "tide times in whitby",
      count: 2,
    });
    expect(countTail("lease break clause, show me 6 excerpts")).toEqual({
      query: "lease break clause",
      count: 6,
    });
    expect(countTail("rust borrow checker, four links will do")).toEqual({
      query: "rust borrow checker",
      count: 4,
    });
  });

  it("a count said before the words", () => {
    expect(countTail("eight articles about urban beekeeping")).toEqual({
      query: "urban beekeeping",
      count: 8,
    });
  });

  it("a number that is part of the words stays in them", () => {
    expect(countTail("windows 11 install error")).toBeUndefined();
    expect(countTail("playstation 5")).toBeUndefined();
    expect(countTail("top 10 castles in wales")).toBeUndefined();
    expect(countTail("train times, first 2 weeks of july")).toBeUndefined();
  });

  it("a count beyond what the tool takes is no count", () => {
    expect(countTail("photos of owls, top 900")).toBeUndefined();
  });
});

describe("a length said first in free text", () => {
  it("reads the length and leaves the aside", () => {
    expect(leadingLength("20 minutes, the neighbours are asleep")).toBe(1200);
    expect(leadingLength("an hour while I revise")).toBe(3600);
  });

  it("a clock time or a moment is no length", () => {
    expect(leadingLength("10 minutes past 9")).toBeUndefined();
    expect(leadingLength("tomorrow morning")).toBeUndefined();
    expect(leadingLength(undefined)).toBeUndefined();
  });
});

describe("calls that act on the values said", () => {
  let parse: (text: string) => NluResult;
  beforeAll(async () => {
    ({ parse } = await createTestNlu());
  });
  const call = (text: string) => {
    const r = parse(text);
    return r.calls?.[0] ?? (r.tool ? { tool: r.tool, args: r.args ?? {} } : undefined);
  };

  it("a web search with its count", () => {
    expect(call("search the web for vegan brownies, top 4")).toMatchObject({
      tool: "web_search",
      args: { query: "vegan brownies", limit: 4 },
    });
  });

  it("the sound muted for the length said, the reason after it ignored", () => {
    expect(call("mute the sound for 20 minutes, the neighbours are asleep")).toMatchObject({
      tool: "system_mute",
      args: { mute: true, for_s: 1200 },
    });
  });

  it("shuffle switched to the state said, not toggled", () => {
    expect(call("put shuffle on")).toMatchObject({ tool: "media_shuffle", args: { on: true } });
    expect(call("shuffle off please")).toMatchObject({ tool: "media_shuffle", args: { on: false } });
  });
});

describe("one side of a window (nlu44)", () => {
  const read = (properties: Record<string, Record<string, unknown>>, text: string) =>
    saidValues(properties, {}, tokenize(text), text);

  it("one side of a window said alone", () => {
    const size = { width: { type: "integer" }, height: { type: "integer" } };
    expect(read(size, "make the editor 1100 wide")).toEqual({ width: 1100 });
    expect(read(size, "make it 700 pixels tall")).toEqual({ height: 700 });
    expect(read(size, "make it 1100 by 700")).toEqual({ width: 1100, height: 700 });
  });
});
