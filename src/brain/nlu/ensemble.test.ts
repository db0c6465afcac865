import { describe, expect, it } from "vitest";
import { SoftmaxClassifier, type TrainingExample } from "./classifier.js";
import { ClassifierEnsemble } from "./ensemble.js";
import { seededRandom } from "./template.js";

const data = (order: readonly string[]): TrainingExample[] =>
  order.flatMap((label) =>
    label === "timer"
      ? ["set a timer", "start a timer for tea", "timer please"].map((t) => ({ words: t.split(" "), label }))
      : ["play some jazz", "play music", "put on a song"].map((t) => ({ words: t.split(" "), label })),
  );

function trained(order: readonly string[], seed: number): SoftmaxClassifier {
  const classifier = new SoftmaxClassifier({ random: seededRandom(seed), epochs: 3 });
  classifier.train(data(order));
  return classifier;
}

describe("classifier ensemble", () => {
  it("averages its members' probabilities, matching classes by name whatever their order", () => {
    const a = trained(["timer", "music"], 1);
    const b = trained(["music", "timer"], 2);
    expect(a.classes).toEqual(["timer", "music"]);
    expect(b.classes).toEqual(["music", "timer"]);
    const words = ["start", "the", "timer"];
    const pa = a.classify(words).ranked.find((r) => r.label === "timer")!.probability;
    const pb = b.classify(words).ranked.find((r) => r.label === "timer")!.probability;
    const both = new ClassifierEnsemble([a, b]).classify(words);
    expect(both.ranked[0]!.label).toBe("timer");
    expect(both.ranked[0]!.probability).toBeCloseTo((pa + pb) / 2, 6);
    expect(both.ranked.reduce((sum, r) => sum + r.probability, 0)).toBeCloseTo(1, 6);
  });

  it("reads the same after a round trip through snapshots (what the training workers send)", () => {
    const ensemble = new ClassifierEnsemble([trained(["timer", "music"], 1), trained(["timer", "music"], 2)]);
    const copy = ClassifierEnsemble.fromSnapshots(ensemble.snapshots());
    for (const text of ["play jazz", "set a timer", "hello there"])
      expect(copy.classify(text.split(" "))).toEqual(ensemble.classify(text.split(" ")));
  });

  it("knows nothing about words none of its members saw", () => {
    const ensemble = new ClassifierEnsemble([trained(["timer", "music"], 1)]);
    expect(ensemble.classify(["zebra", "quokka"])).toEqual({ ranked: [], coverage: 0 });
    expect(() => new ClassifierEnsemble([])).toThrow(/at least one/);
  });
});
