import { describe, expect, it } from "vitest";
import { configSchema } from "../../src/config/schema.js";
import { builtinToolsForNlu, parseLeaning } from "../../src/testing/index.js";

/**
 * Two ways a matched template acted on less than the request said (decision 0031, nlu18):
 * "remind me" with only a moment names nothing to be reminded of, so the reminder's question is
 * asked instead of setting a bare alarm; and free text that is a short question about the thing
 * just named is asked after, not stored as words. The classifier is written by hand and leans to
 * no tool, so only the templates read these.
 */
const FAST_PATH = configSchema.parse({}).models.fast_path_threshold;
const tools = await builtinToolsForNlu();
const read = (text: string) => parseLeaning(tools, text, { _none: 5 });
const acted = (text: string) => {
  const r = read(text);
  return r.kind === "action" && !r.missing?.length && r.confidence >= FAST_PATH;
};

describe("a reminder with only a moment", () => {
  it("asks what to be reminded of", () => {
    for (const text of [
      "remind me at 4",
      "please remind me at half past six",
      "could you remind me by 7pm",
    ]) {
      const r = read(text);
      expect(r, text).toMatchObject({ kind: "action", tool: "reminders_create", missing: ["title"] });
      expect(r.reply, text).toBe("What should I remind you about?");
    }
  });

  it("still sets an alarm when asked for one by an alarm's own words, and a reminder with its subject", () => {
    expect(read("buzz me at 6")).toMatchObject({ tool: "alarm_set" });
    expect(acted("buzz me at 6")).toBe(true);
    expect(read("remind me at 4 to ring the garage")).toMatchObject({
      tool: "reminders_create",
      args: { title: "ring the garage" },
    });
  });
});

describe("free text that is a short question about what was just named", () => {
  it("is not acted on as words to keep", () => {
    for (const text of ["clipboard: what's on it", "clipboard - is there a link in it"])
      expect(acted(text), text).toBe(false);
  });

  it("leaves words to keep alone", () => {
    expect(read("clipboard: flat 2b, 14 rope walk")).toMatchObject({ tool: "clipboard_write" });
    expect(acted("clipboard: flat 2b, 14 rope walk")).toBe(true);
  });
});
