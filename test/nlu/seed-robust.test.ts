import { describe, expect, it } from "vitest";
import type { NluContext, NluResult } from "../../src/brain/nlu/index.js";
import { dropContrasted } from "../../src/brain/nlu/text/negation.js";
import { tokenize } from "../../src/brain/nlu/text/normalize.js";
import { configSchema } from "../../src/config/schema.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * Behaviour that must not depend on the training draw (decision 0037). Every training seed
 * generates other sentences, so a classifier reading near a bar moves from seed to seed; what
 * is asserted here holds at each of three seeds (3 is the one with the most false actions
 * measured on the blind set): a request that says what it does NOT mean reads the rest, a
 * request to take one thing away is never acted on as another tool of its area, and an opinion
 * or a game is never acted on.
 */
const FAST_PATH = configSchema.parse({}).models.fast_path_threshold;
const SEEDS = [1, 3, 11];
const context: NluContext = { now: new Date("2026-03-04T10:00:00Z"), timezone: "UTC" };
const nlus = await Promise.all(SEEDS.map((seed) => createTestNlu({ seed })));
const acted = (r: NluResult) => r.kind === "action" && !r.missing?.length && r.confidence >= FAST_PATH;
const words = (text: string) =>
  dropContrasted(tokenize(text), text)
    .map((t) => t.w)
    .join(" ");

describe("what a request says it does not mean is read in one place", () => {
  it("leaves out a contrast lead at the start, with or without a comma", () => {
    expect(words("not a timer just an alarm for six thirty")).toBe("alarm for six thirty");
    expect(words("not a timer, a real alarm for 5:40am")).toBe("alarm for 5:40am");
    expect(words("not an event, just a reminder to water the ferns")).toBe("reminder to water the ferns");
  });

  it("leaves out a lead and a later aside in the same request", () => {
    expect(words("not a timer, just an alarm at seven, not eight")).toBe("alarm at seven");
  });

  it("keeps a lead that leaves no request, and a 'not' inside one", () => {
    expect(words("not a timer")).toBe("not a timer");
    expect(words("please do not ring before nine")).toBe("please do not ring before nine");
  });
});

describe.each(SEEDS.map((seed, i) => [seed, nlus[i]!] as const))(
  "at training seed %i",
  (_seed, { parse }) => {
    it("acts on what follows a contrast lead", () => {
      expect(parse("not a timer just an alarm for six thirty", context)).toMatchObject({
        kind: "action",
        tool: "alarm_set",
        args: { at: expect.stringContaining("T06:30") },
      });
      expect(parse("not an event, just a reminder to water the ferns tomorrow", context)).toMatchObject({
        kind: "action",
        tool: "reminders_create",
        args: { title: "water the ferns" },
      });
    });

    it("takes one thing away with the tool that removes it, acting or asking, never another", () => {
      const cases: Array<[string, string]> = [
        ["erase oat milk from the list", "lists_remove"],
        ["cross the batteries off the list", "lists_remove"],
        ["scrub the dentist from my calendar on friday", "calendar_delete_event"],
        ["wipe thursday's standup from the calendar", "calendar_delete_event"],
        ["pull that photo back out of the trash", "files_restore"],
      ];
      for (const [text, tool] of cases) {
        const result = parse(text, context);
        expect(result.kind, text).toBe("action");
        expect(result.tool, text).toBe(tool);
      }
    });

    it("never shows a list when something is to be taken off it", () => {
      for (const text of ["knock the eggs off my shopping list", "get the candles off the party list"]) {
        const result = parse(text, context);
        expect(acted(result) && result.tool === "lists_show", text).toBe(false);
      }
      expect(parse("what's left on my shopping list", context)).toMatchObject({ tool: "lists_show" });
    });

    it("does not act on an opinion about music or a game", () => {
      for (const text of ["i really love this melody", "start a round of solitaire"])
        expect(acted(parse(text, context)), text).toBe(false);
    });
  },
);
