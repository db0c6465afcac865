import { describe, expect, it } from "vitest";
import { SoftmaxClassifier } from "../../src/brain/nlu/classifier.js";
import { guessConfidence } from "../../src/brain/nlu/guess.js";
import { rivalsOf } from "../../src/brain/nlu/guess-rules.js";
import { configSchema } from "../../src/config/schema.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * The mechanisms that put a reading to the user as a question instead of acting doubt only what
 * is doubtful: a dialog act is no rival to a tool's request, a look-up asked for in other words
 * than an imperative is still asked for, and a word's meaning or a rate names the web.
 */
const { fast_path_threshold: FAST_PATH, ask_threshold: ASK } = configSchema.parse({}).models;
const { parse } = await createTestNlu();

describe("held-out confusers that may doubt a reading", () => {
  const groupOf = new Map([
    ["media_play", "media"],
    ["media_pause", "media"],
    ["weather_current", "weather"],
  ]);
  const classifier = SoftmaxClassifier.fromSnapshot({
    labels: ["media_play"],
    vocabulary: [],
    weights: new Float32Array(),
    bias: new Float32Array(1),
    calibration: {
      confusers: { media_play: ["_dialog_repeat", "_chat", "_none", "weather_current", "media_pause"] },
    },
  });
  const doubted = (other: string) =>
    classifier.doubted(
      "media_play",
      [
        { label: "media_play", probability: 0.85 },
        { label: other, probability: 0.12 },
      ],
      0.05,
      rivalsOf(groupOf, "media_play"),
    );

  it("are a request no tool serves, or another area's tool", () => {
    expect(doubted("_none")).toBe(true);
    expect(doubted("weather_current")).toBe(true);
  });

  it("are never a dialog act, small talk, or a tool of the same area", () => {
    expect(doubted("_dialog_repeat")).toBe(false);
    expect(doubted("_chat")).toBe(false);
    expect(doubted("media_pause")).toBe(false);
  });
});

describe("a look-up asked for in other words than an imperative", () => {
  it("acts when the person wants to see, hear or know, or asks whether any are there", () => {
    for (const [text, tool] of [
      ["may i know the time in lisbon", "time_now"],
      ["let me see my timers", "timer_list"],
      ["let me hear what is on my shopping list", "lists_show"],
      ["please tell about my reminders", "reminders_list"],
    ] as const) {
      const result = parse(text);
      expect(result, text).toMatchObject({ kind: "action", tool });
      expect(result.confidence, text).toBeGreaterThanOrEqual(FAST_PATH);
    }
  });

  it("acts on a look-up from its own bar, not the classifier's higher one", () => {
    const lookup = { via: "lookup" as const, p: 0.6, margin: 0.4, coverage: 1, anchored: true };
    expect(guessConfidence(lookup)).toBeGreaterThanOrEqual(FAST_PATH);
    // the same probability on the classifier's path, which may act with any tool, is asked about
    expect(guessConfidence({ ...lookup, via: "classifier", margin: 0.6 })).toBeLessThan(FAST_PATH);
    // below its bar, or without a clear winner, a look-up is a question too
    expect(guessConfidence({ ...lookup, p: 0.45 })).toBeLessThan(FAST_PATH);
    expect(guessConfidence({ ...lookup, margin: 0.2 })).toBeLessThan(FAST_PATH);
    expect(guessConfidence({ ...lookup, anchored: false })).toBeLessThan(FAST_PATH);
  });

  it("still does not act on a remark that only mentions the area", () => {
    for (const text of ["my calendar is a mess", "my inbox is so full"])
      expect(parse(text).confidence, text).toBeLessThan(FAST_PATH);
  });
});

describe("a web search whose words name what only the web holds", () => {
  it("acts on a word's meaning, a synonym or an exchange rate", () => {
    for (const text of [
      "look up the meaning of the word petrichor",
      "look up a synonym for cheerful",
      "look up the exchange rate for yen",
    ]) {
      const result = parse(text);
      expect(result, text).toMatchObject({ kind: "action", tool: "web_search" });
      expect(result.confidence, text).toBeGreaterThanOrEqual(FAST_PATH);
    }
  });

  it("still asks first when the words could be the person's own things", () => {
    const result = parse("search for the spare key");
    expect(result).toMatchObject({ kind: "action", tool: "web_search" });
    expect(result.confidence).toBeLessThan(FAST_PATH);
    expect(result.confidence).toBeGreaterThanOrEqual(ASK);
  });
});
