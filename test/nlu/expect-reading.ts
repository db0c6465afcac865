import { expect } from "vitest";
import type { NluContext, NluResult } from "../../src/brain/nlu/index.js";
import { configSchema } from "../../src/config/schema.js";
import { createTestNlu } from "../../src/testing/index.js";

/**
 * What the group-language tests ask of a reading: that Jarvis acts (a complete action at the fast
 * path's confidence) with the tool and values named, or that it does not act. One place, so the
 * bar the tests hold is the bar the product acts at.
 */
export async function readingExpectations(
  context: NluContext = { now: new Date("2026-03-02T10:00:00Z"), timezone: "UTC" },
) {
  const { fast_path_threshold: FAST_PATH } = configSchema.parse({}).models;
  const { parse } = await createTestNlu();
  const read = (text: string) => parse(text, context);
  const acts = (result: NluResult) =>
    result.kind === "action" && !result.missing?.length && result.confidence >= FAST_PATH;

  function expectAct(text: string, tool: string, args: Record<string, unknown> = {}) {
    const result = read(text);
    expect(acts(result), `${text} → ${result.kind} ${result.tool} ${result.confidence}`).toBe(true);
    expect(result).toMatchObject({ tool, args });
  }

  function expectNoAct(text: string, tool?: string) {
    const result = read(text);
    if (tool) expect(acts(result) && result.tool === tool, text).toBe(false);
    else expect(acts(result), `${text} → ${result.tool}`).toBe(false);
  }

  return { read, acts, expectAct, expectNoAct, context };
}
