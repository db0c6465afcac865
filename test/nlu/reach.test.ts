import { describe, expect, it } from "vitest";
import { createNlu } from "../../src/brain/nlu/index.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/** What Jarvis cannot reach is declined with a sentence, never done in the wrong place. */
const nlu = createNlu(await builtinToolsForNlu(), { timezone: "UTC" });
const parse = (text: string) => nlu.parse(text, { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" });
const acts = (text: string) => {
  const r = parse(text);
  return r.kind === "action" && !r.missing?.length && r.confidence >= 0.9;
};

describe("out of reach", () => {
  it("plays and controls sound on this computer only", () => {
    for (const text of [
      "play some soul in the dining room",
      "turn down the bedroom speaker",
      "pause the telly",
    ]) {
      expect(acts(text), text).toBe(false);
    }
    expect(parse("play some soul in the dining room").reply).toMatch(/this computer/);
    expect(acts("play some soul")).toBe(true);
  });

  it("uses the person's own accounts only", () => {
    const r = parse("check my flatmate's calendar for friday");
    expect(r.kind).not.toBe("action");
    expect(r.reply).toMatch(/your own/);
    expect(acts("check my calendar for friday")).toBe(true);
  });

  it("never answers a request to make something with a look-up", () => {
    const r = parse("new event: garden party, sunday, all day");
    expect(r.tool === "calendar_list_events" && r.confidence >= 0.9).toBe(false);
  });
});
