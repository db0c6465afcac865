import { describe, expect, it } from "vitest";
import type { NluContext, NluResult } from "../../src/brain/nlu/index.js";
import { configSchema } from "../../src/config/schema.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * Sums said the way people say them in passing (issue 16, calc on fresh wording): the amount
 * first and the unit wanted after it, a count of things at one price, a temperature written
 * with its letter, a short request announced first. These are the calculator's own templates
 * and the shared readers of amounts, so they hold at every training seed.
 */
const FAST_PATH = configSchema.parse({}).models.fast_path_threshold;
const context: NluContext = { now: new Date("2026-03-04T10:00:00Z"), timezone: "UTC" };
const nlus = await Promise.all([1, 3].map((seed) => createTestNlu({ seed })));
const sum = (r: NluResult) =>
  r.kind === "action" && r.tool === "calc_evaluate" && !r.missing?.length && r.confidence >= FAST_PATH
    ? r.args?.expression
    : undefined;

describe("sums said in passing are worked out", () => {
  it("reads the amount first and the unit wanted after it", () => {
    for (const nlu of nlus) {
      expect(sum(nlu.parse("the cake needs 250 grams, how many ounces is that", context))).toBe(
        "250 g to oz",
      );
      expect(sum(nlu.parse("6 pints, what is that in litres", context))).toBe("6 pint to l");
      expect(sum(nlu.parse("the dial reads 200C, what's that in fahrenheit", context))).toBe(
        "200 degC to degF",
      );
    }
  });

  it("reads a count of things at one price", () => {
    for (const nlu of nlus) {
      expect(sum(nlu.parse("5 notebooks at 2.25 each, what does that come to", context))).toBe("5 * 2.25");
      expect(sum(nlu.parse("how much are 8 stamps at 1.35 each", context))).toBe("8 * 1.35");
    }
  });

  it("reads grams written short, and a short request announced first", () => {
    for (const nlu of nlus) {
      expect(sum(nlu.parse("120 g to oz", context))).toBe("120 g to oz");
      expect(sum(nlu.parse("quick one, 19 times 21", context))).toBe("19 * 21");
      expect(sum(nlu.parse("eight and a half percent of 300", context))).toBe("8.5 / 100 * 300");
    }
  });

  it("leaves a count of things with no price alone", () => {
    for (const nlu of nlus)
      expect(sum(nlu.parse("I walk 3 dogs at the park each morning", context))).toBeUndefined();
  });
});
