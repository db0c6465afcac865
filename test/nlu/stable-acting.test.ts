import { describe, expect, it } from "vitest";
import type { NluContext } from "../../src/brain/nlu/index.js";
import { dropContrasted } from "../../src/brain/nlu/text/negation.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { configSchema } from "../../src/config/schema.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * Acting decisions that do not rest on luck: a request's "not …" aside (the thing it does NOT
 * mean) is left out before it is read, since its words are the strongest evidence for the wrong
 * tool. (Template expansions dealt from a deck were tried and reverted: decision 0033.)
 */
const FAST_PATH = configSchema.parse({}).models.fast_path_threshold;
const { parse } = await createTestNlu();
const context: NluContext = { now: new Date("2026-03-02T10:00:00Z"), timezone: "UTC" };
const words = (text: string) =>
  dropContrasted(tokenize(text), text)
    .map((t) => t.w)
    .join(" ");

describe("a 'not …' aside is what the request does not mean", () => {
  it("leaves out an aside between commas, at the start, or at the end", () => {
    expect(words("ring the plumber, not the landlord, about the leak")).toBe(
      "ring the plumber about the leak",
    );
    expect(words("not the spare room, turn on the kitchen light")).toBe("turn on the kitchen light");
    expect(words("open the budget sheet - not the old one")).toBe("open the budget sheet");
  });

  it("keeps a 'not' that is part of the request", () => {
    expect(words("do not disturb me")).toBe("do not disturb me");
    expect(words("remind me not to leave the oven on")).toBe("remind me not to leave the oven on");
    expect(words("not now")).toBe("not now");
  });

  it("reads the medium the request wants, not the one it rules out", () => {
    const documents = parse("search my documents, not the web, for the tenancy deposit rules", context);
    expect(documents).toMatchObject({ kind: "action", tool: "knowledge_search" });
    expect(documents.confidence).toBeGreaterThanOrEqual(FAST_PATH);
    expect(documents.args).toEqual({ query: "the tenancy deposit rules" });
    const web = parse("search the web, not my documents, for the tenancy deposit rules", context);
    expect(web).toMatchObject({ kind: "action", tool: "web_search" });
    const now = parse("the current temperature in Oslo, not the forecast", context);
    expect(now).toMatchObject({ kind: "action", tool: "weather_current" });
  });
});

describe("restarting a machine is no playing", () => {
  it("does not start the music when a device is to be restarted", () => {
    for (const text of ["reboot the router please", "restart my laptop"]) {
      const result = parse(text, context);
      expect(result.kind === "action" && result.confidence >= FAST_PATH).toBe(false);
    }
  });

  it("still plays again what is playing", () => {
    const result = parse("restart the song", context);
    expect(result).toMatchObject({ kind: "action", tool: "media_play" });
    expect(result.confidence).toBeGreaterThanOrEqual(FAST_PATH);
  });
});
