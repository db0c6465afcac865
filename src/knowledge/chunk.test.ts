import { describe, expect, it } from "vitest";
import { chunkSections, markdownSections } from "./chunk.js";
import { buildMatchQuery } from "./query.js";
import { reciprocalRankFusion } from "./search.js";
import { splitSentences } from "./text.js";

const sentence = (i: number) => `Sentence number ${i} talks about topic ${i} in plain words.`; // 9 words

describe("chunkSections", () => {
  it("never crosses pages or headings, and keeps small paragraphs whole", () => {
    const chunks = chunkSections(
      [
        { text: "Page one first paragraph.\n\nPage one second paragraph.", page: 1 },
        { text: "Page two only paragraph.", page: 2 },
        { text: "Under a heading.", heading: "Intro" },
      ],
      { chunkWords: 100, overlapWords: 10, minSectionWords: 0 },
    );
    expect(chunks.map((c) => [c.page, c.heading, c.text])).toEqual([
      [1, undefined, "Page one first paragraph.\n\nPage one second paragraph."],
      [2, undefined, "Page two only paragraph."],
      [undefined, "Intro", "Under a heading."],
    ]);
    expect(chunks.map((c) => c.ord)).toEqual([0, 1, 2]);
  });

  it("splits long text at sentences, within the size, with whole-sentence overlap", () => {
    const text = Array.from({ length: 30 }, (_, i) => sentence(i)).join(" ");
    const chunks = chunkSections([{ text, page: 3 }], { chunkWords: 50, overlapWords: 10 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.words).toBeLessThanOrEqual(50 + 10);
      expect(chunk.page).toBe(3);
      expect(chunk.text).toMatch(/^Sentence number \d+ .*words\.$/s);
    }
    // Each chunk after the first starts with the last sentence of the previous one.
    for (let i = 1; i < chunks.length; i++) {
      const last = splitSentences(chunks[i - 1]!.text).at(-1)!;
      expect(chunks[i]!.text.startsWith(last)).toBe(true);
    }
    // Every sentence is somewhere.
    const all = chunks.map((c) => c.text).join(" ");
    for (let i = 0; i < 30; i++) expect(all).toContain(sentence(i));
  });

  it("cuts a sentence longer than a chunk at words rather than dropping it", () => {
    const text = Array.from({ length: 250 }, (_, i) => `w${i}`).join(" ");
    const chunks = chunkSections([{ text }], { chunkWords: 100, overlapWords: 0 });
    expect(chunks.map((c) => c.words)).toEqual([100, 100, 50]);
  });

  it("merges a tiny section into the next one on the same page", () => {
    const chunks = chunkSections(
      [
        { text: "Short intro.", heading: "A" },
        { text: "The body of section B.", heading: "A › B" },
      ],
      { chunkWords: 100, overlapWords: 0 },
    );
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.text).toBe("Short intro.\n\nB\n\nThe body of section B.");
  });
});

describe("markdownSections", () => {
  it("tracks the heading path and ignores # inside code fences", () => {
    const sections = markdownSections("# A\none\n## B\ntwo\n```\n# no\n```\n# C\nthree");
    expect(sections.map((s) => s.heading)).toEqual(["A", "A › B", "C"]);
  });

  it("keeps headings that have no text of their own", () => {
    expect(markdownSections("# Only\n## Headings")).toEqual([
      { text: "Only", heading: "Only" },
      { text: "Headings", heading: "Only › Headings" },
    ]);
  });
});

describe("buildMatchQuery", () => {
  it("ORs quoted content words, drops stopwords and FTS syntax", () => {
    expect(buildMatchQuery("What is the boss's NAME?")).toBe('"boss" OR "name"');
    expect(buildMatchQuery('x" OR y NEAR(z) -w*')).toBe('"x" OR "y" OR "near" OR "z" OR "w"');
    expect(buildMatchQuery("to be or not to be")).toBe('"to" OR "be" OR "or" OR "not"');
    expect(buildMatchQuery("?!")).toBeUndefined();
  });
});

describe("reciprocalRankFusion", () => {
  it("rewards items ranked well by both lists", () => {
    const fused = reciprocalRankFusion([
      [{ id: 1 }, { id: 2 }, { id: 3 }],
      [{ id: 2 }, { id: 4 }, { id: 5 }],
    ]);
    expect(fused.map((f) => f.id)).toEqual([2, 1, 4, 3, 5]);
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 61);
  });
});
