import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../src/testing/index.js";
import {
  evalSentences,
  findEvalDir,
  findOverlaps,
  longSentences,
  normalise,
  repoTexts,
} from "./eval-sentences.js";

/**
 * The honesty rule (docs/nlu-honesty.md): the evaluation data is for measuring. No sentence of
 * eight or more words from it may appear in the project's code, comments, tests, samples or
 * benchmark data. Findings name a file and an offset, never the sentence.
 */
const evalDir = findEvalDir(REPO_ROOT);
const ci = process.env.CI === "true";

describe("honesty: no evaluation sentence in the repository", () => {
  it("finds the evaluation data (required in CI)", () => {
    if (!evalDir && ci)
      throw new Error("../shared/eval not found: set JARVIS_EVAL_DIR to the evaluation data folder");
    if (!evalDir) console.warn("skipped: no ../shared/eval beside the repo (set JARVIS_EVAL_DIR to check)");
  });

  it.runIf(evalDir !== undefined)("src/, test/ and bench/ hold no eval sentence of 8+ words", () => {
    const sentences = evalSentences(evalDir!);
    expect(sentences.size).toBeGreaterThan(1000);
    const overlaps = findOverlaps(sentences, repoTexts(REPO_ROOT, ["src", "test", "bench"]));
    const where = overlaps.map((o) => `${o.file} (normalised offset ${o.offset}, ${o.words} words)`);
    expect(where, "rewrite these in your own words or drop them").toEqual([]);
  });

  it("normalises case, punctuation and apostrophes, and finds a planted copy", () => {
    expect(normalise("What's the TIME, in  Oslo?!")).toBe("whats the time in oslo");
    expect(longSentences("Short one. This sentence has exactly eight words in it.")).toContain(
      "this sentence has exactly eight words in it",
    );
    const planted = normalise("the quick brown fox jumps over the lazy dog today");
    const texts = [
      { file: join("src", "a.ts"), text: ` const x = 1 ${planted} more ` },
      { file: join("src", "b.ts"), text: " the quick brown fox jumps over the lazy cat today " },
    ];
    expect(findOverlaps([planted], texts)).toEqual([{ file: join("src", "a.ts"), offset: 12, words: 10 }]);
  });
});
