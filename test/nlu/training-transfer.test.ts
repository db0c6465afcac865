import { describe, expect, it } from "vitest";
import { featureRows, type TrainingExample } from "../../src/brain/nlu/classifier.js";
import { fitClassifier, packExamples, unpackExamples } from "../../src/brain/nlu/train.js";

/**
 * What first-start training shares to be fast must not change what it learns: the sentences
 * packed for the worker thread come back as they were sent, and features extracted once give
 * the same classifier and the same held-out readings as extracting them for each use.
 */
const words = (text: string) => text.split(" ");

function sample(): TrainingExample[] {
  const out: TrainingExample[] = [];
  const things = ["kettle", "lamp", "heater", "fan", "radio", "printer", "blinds", "speaker", "oven"];
  let source = 0;
  for (const thing of things) {
    out.push({ words: words(`switch the ${thing} on at 7`), label: "power_on", source: source++ });
    out.push({ words: words(`how warm is the ${thing}`), label: "temperature", source: source++ });
    out.push({ words: words(`order a new ${thing} online`), label: "_none", source: source++ });
  }
  return out;
}

describe("first-start training transfer", () => {
  it("packs sentences for the worker and unpacks them unchanged, with or without a source", () => {
    const examples: TrainingExample[] = [
      ...sample(),
      { words: [], label: "empty" },
      { words: [""], label: "blank word", source: 0 },
      { words: ["a", "", "b"], label: "power_on" },
    ];
    const packed = packExamples(examples);
    expect(packed).toBeDefined();
    expect(unpackExamples(packed!)).toEqual(examples);
    expect(unpackExamples(packExamples([{ words: [], label: "x" }])!)).toEqual([{ words: [], label: "x" }]);
  });

  it("sends a word holding the separator as plain objects instead of packing it wrongly", () => {
    expect(packExamples([{ words: ["a\u0000b"], label: "x" }])).toBeUndefined();
  });

  it("reads a held-out sentence from the shared rows as a classifier of its own reads its words", () => {
    const examples = sample();
    const extracted = featureRows(examples);
    const isTrain = (i: number) => i % 3 !== 2;
    const train = examples.filter((_, i) => isTrain(i));
    const rows = extracted.rows.filter((_, i) => isTrain(i));
    // The fold's classifier over the full vocabulary, and one that extracted its own
    const shared = fitClassifier(train, { seed: 3 }, { vocabulary: extracted.vocabulary, rows });
    const separate = fitClassifier(train, { seed: 3 });
    const seen = new Set(rows.flatMap((row) => [...row]));
    let compared = 0;
    for (const [i, example] of examples.entries()) {
      if (isTrain(i)) continue;
      const fromRow = shared.best(extracted.rows[i]!.filter((f) => seen.has(f)));
      const top = separate.classify(example.words).ranked[0];
      expect(fromRow).toEqual(top);
      compared++;
    }
    expect(compared).toBe(9);
  });
});
