import { describe, expect, it } from "vitest";
import { compileCatalog } from "../../src/brain/nlu/catalog.js";
import { stripFillers, tokenize } from "../../src/brain/nlu/text/normalize.js";
import { leavesOutLength } from "../../src/brain/nlu/typed-args.js";
import { configSchema } from "../../src/config/schema.js";
import { builtinToolsForNlu, parseLeaning } from "../../src/testing/index.js";

/**
 * A length of time said as an amount ("ninety minutes clear") is what the request is about. A
 * reading whose tool has no argument for it left it out, whether or not its area has a tool
 * that takes one: it is asked as a question, never acted on (decision 0031, "a value the
 * reading leaves out"). The classifier is written by hand, so nothing rests on a training draw.
 */
const FAST_PATH = configSchema.parse({}).models.fast_path_threshold;
const tools = await builtinToolsForNlu();
const catalog = compileCatalog(tools);
const words = (text: string) => stripFillers(tokenize(text)).map((t) => t.w);

const nluLeaning = (text: string, lean: Record<string, number>) => parseLeaning(tools, text, lean);

describe("a length of time the reading leaves out", () => {
  it("is an amount the listing has no place for, where the area can find a free slot", () => {
    expect(
      leavesOutLength(catalog, "calendar_list_events", words("do I have ninety minutes clear on Monday")),
    ).toBe(true);
    expect(
      leavesOutLength(catalog, "calendar_find_free_time", words("do I have ninety minutes clear on Monday")),
    ).toBe(false);
  });

  it("is left out by a tool whose area has no length to take either", () => {
    expect(
      leavesOutLength(catalog, "time_now", words("the twins get an hour on the console, keep count")),
    ).toBe(true);
    expect(
      leavesOutLength(catalog, "system_battery", words("is there charge enough for two hours of video")),
    ).toBe(true);
  });

  it("is no span, bound, delay or moment", () => {
    for (const text of [
      "what's on my calendar in the next two hours",
      "what was on an hour ago",
      "meetings under forty minutes this week",
      "what's on the twenty second",
      "hang on a sec, what's on today",
    ])
      expect(leavesOutLength(catalog, "calendar_list_events", words(text)), text).toBe(false);
    expect(leavesOutLength(catalog, "mail_send", words("tell Rob I'll be twenty minutes late"))).toBe(false);
  });

  it("keeps a sure reading that left it out off the fast path", () => {
    const lean = { calendar_list_events: 6, _none: 0 };
    const left = nluLeaning("show my calendar for Monday, I need ninety minutes with the accountant", lean);
    expect(left).toMatchObject({ kind: "action", tool: "calendar_list_events" });
    expect(left.confidence).toBeLessThan(FAST_PATH);
    const plain = nluLeaning("show my calendar for Monday, I need to see the accountant", lean);
    expect(plain).toMatchObject({ kind: "action", tool: "calendar_list_events" });
    expect(plain.confidence).toBeGreaterThanOrEqual(FAST_PATH);
  });

  it("keeps a sure clock reading that left out a length off the fast path", () => {
    const lean = { time_now: 6, _none: 0 };
    const left = nluLeaning("the twins get an hour on the console, keep count of the time", lean);
    expect(left).toMatchObject({ kind: "action", tool: "time_now" });
    expect(left.confidence).toBeLessThan(FAST_PATH);
    const plain = nluLeaning("what time is it now", lean);
    expect(plain).toMatchObject({ kind: "action", tool: "time_now" });
    expect(plain.confidence).toBeGreaterThanOrEqual(FAST_PATH);
  });

  it("never reads time said as an amount (screen time, how much time) as the clock", () => {
    const lean = { time_now: 6, _none: 0 };
    for (const text of ["how much screen time have I had this week", "check how much free time there is"]) {
      const r = nluLeaning(text, lean);
      expect(r.kind === "action" && r.confidence >= FAST_PATH && r.tool === "time_now", text).toBe(false);
    }
    const plain = nluLeaning("what time is it now", lean);
    expect(plain.confidence).toBeGreaterThanOrEqual(FAST_PATH);
  });
});
