import { describe, expect, it } from "vitest";
import { PackedVocabulary } from "./packed-vocabulary.js";

const WORDS = ["set", "a", "timer", "set a", "", "café", "日本", "\ud800", "a timer", "b", "ab", "ba"];
// Enough features that probes run past collisions and wrap around the table
const MANY = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}`);

const packed = (features: readonly string[]) => {
  const { text, offsets, table } = PackedVocabulary.pack(features);
  return PackedVocabulary.from(text, offsets, table)!;
};

describe("the packed vocabulary (the weights file's feature table)", () => {
  it("finds every feature at its id, as the Map it replaces, and nothing else", () => {
    for (const features of [WORDS, MANY]) {
      const vocabulary = packed(features);
      const map = new Map(features.map((feature, id) => [feature, id]));
      expect(vocabulary.size).toBe(map.size);
      expect([...vocabulary.keys()]).toEqual([...map.keys()]);
      for (const feature of features) expect(vocabulary.get(feature)).toBe(map.get(feature));
      for (const other of ["sets", "tim", "zzz", "w", "\ud801", "caf", "a timer "]) {
        expect(vocabulary.get(other)).toBe(map.get(other));
        expect(vocabulary.has(other)).toBe(map.has(other));
      }
    }
    expect(packed([]).get("a")).toBeUndefined();
  });

  it("refuses parts that do not hold together", () => {
    const { text, offsets, table } = PackedVocabulary.pack(WORDS);
    expect(PackedVocabulary.from(text.slice(1), offsets, table)).toBeUndefined();
    const falling = offsets.slice();
    falling[2] = falling[3]! + 1;
    expect(PackedVocabulary.from(text, falling, table)).toBeUndefined();
    expect(PackedVocabulary.from(text, offsets, table.slice(0, table.length - 1))).toBeUndefined();
    const twice = table.slice();
    const used = [...twice.keys()].filter((slot) => twice[slot]! >= 0);
    twice[used[1]!] = twice[used[0]!]!;
    expect(PackedVocabulary.from(text, offsets, twice)).toBeUndefined();
    const outside = table.slice();
    outside[used[0]!] = WORDS.length;
    expect(PackedVocabulary.from(text, offsets, outside)).toBeUndefined();
  });
});
