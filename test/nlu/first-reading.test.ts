import { describe, expect, it } from "vitest";
import { builtinToolsForNlu, parseLeaning } from "../../src/testing/index.js";

/**
 * The classifier's first reading of an area is its reading (decision 0037). When the sentence
 * says that tool's own words but not all its values, Jarvis asks for them; a runner-up of the
 * same area that happens to find values of its own (emptying the whole list instead of taking
 * one thing off it) does not act in its place. The classifier here is written by hand, so the
 * test does not rest on a training draw: every word weighs nothing and the biases alone rank
 * the two tools.
 */
const tools = await builtinToolsForNlu();

const nluLeaning = (text: string, lean: Record<string, number>) => parseLeaning(tools, text, lean);

describe("the first reading of an area is the one asked about", () => {
  const text = "erase from my groceries list";
  it("asks what to take off when taking one thing off leads, instead of emptying the list", () => {
    const result = nluLeaning(text, { lists_remove: 0.2, lists_clear: 0 });
    expect(result).toMatchObject({ kind: "action", tool: "lists_remove", missing: ["item"] });
  });

  it("still empties the list when that is the first reading", () => {
    const result = nluLeaning(text, { lists_clear: 0.2, lists_remove: 0 });
    expect(result).toMatchObject({ kind: "action", tool: "lists_clear" });
    expect(result.missing ?? []).toEqual([]);
  });
});
