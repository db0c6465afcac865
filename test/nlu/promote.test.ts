import { describe, expect, it } from "vitest";
import { compileCatalog } from "../../src/brain/nlu/catalog.js";
import { PROMOTE, promoted } from "../../src/brain/nlu/promote.js";
import { TimeZones } from "../../src/brain/nlu/slots/index.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * A reading that would end "not understood" is put to the person when the classifier's first
 * reading is a tool: as the action in the middle band when its typed values are all there, as the
 * question for a value when one is missing, never as an action. Sentences are the team's own.
 */
const tools = await builtinToolsForNlu();
const catalog = compileCatalog(tools);
const now = new Date("2025-06-11T10:00:00Z");
const input = (text: string) => {
  const tokens = tokenize(text);
  const words = tokens.map((t) => t.w);
  return {
    tokens,
    words,
    env: { text, now, timezone: "UTC", zones: new TimeZones(), apps: new Set<string>() },
  };
};
const first = (label: string, probability: number, coverage = 0.6) => ({
  ranked: [
    { label, probability },
    { label: "_none", probability: 1 - probability },
  ],
  coverage,
});

describe("a reading that would end not understood", () => {
  it("with its tool's typed values found, is put as the action in the middle band", () => {
    const put = promoted(
      catalog,
      first("timer_set", 0.55),
      input("the bread wants twenty minutes, keep count"),
      "unclear",
    );
    expect(put).toMatchObject({ call: { tool: "timer_set", args: { duration_s: 1200 } } });
    expect(put?.missing).toBeUndefined();
    expect(put!.confidence).toBeGreaterThanOrEqual(0.6);
    expect(put!.confidence).toBeLessThan(0.9);
  });

  it("with a required value missing, asks for it", () => {
    const put = promoted(
      catalog,
      first("timer_set", 0.55),
      input("the bread wants watching, keep count"),
      "unclear",
    );
    expect(put).toMatchObject({ call: { tool: "timer_set" }, missing: ["duration_s"] });
  });

  it("a first reading below the floor, or no tool, stays not understood", () => {
    const text = input("the bread wants twenty minutes, keep count");
    expect(promoted(catalog, first("timer_set", PROMOTE.label - 0.05), text, "unclear")).toBeUndefined();
    expect(promoted(catalog, first("_none", 0.9), text, "unclear")).toBeUndefined();
  });

  it("a kind of request Jarvis declines by topic keeps its sentence", () => {
    const put = promoted(
      catalog,
      first("timer_set", 0.8),
      input("order a pizza in twenty minutes"),
      "unclear",
    );
    expect(put).toBeUndefined();
  });

  it("a topic word inside a value yields to a sure reading with its tool's own words", () => {
    // "garage" is a topic Jarvis declines; here it is part of a file's name
    const text = input("create a file called ~/garage.txt");
    expect(promoted(catalog, first("files_write", 0.7), text, "unclear")).toMatchObject({
      call: { tool: "files_write", args: { path: "~/garage.txt" } },
      missing: ["content"],
    });
    expect(promoted(catalog, first("files_write", 0.55), text, "unclear")).toBeUndefined();
  });

  it("a topic word that is what the request is about does not yield", () => {
    const put = promoted(
      catalog,
      first("weather_current", 0.8),
      input("tweet the temperature outside"),
      "unclear",
    );
    expect(put).toBeUndefined();
  });
});
