import { describe, expect, it } from "vitest";
import { SoftmaxClassifier, type TrainingExample } from "../../src/brain/nlu/classifier.js";
import { guessConfidence } from "../../src/brain/nlu/guess.js";
import {
  calibrate,
  confusersFrom,
  heldOutReadings,
  trainClassifier,
  trainOn,
} from "../../src/brain/nlu/train.js";
import { configSchema } from "../../src/config/schema.js";
import { builtinToolsForNlu } from "../../src/testing/index.js";

/**
 * Calibration on the training data itself: a classifier that did not see one fold of the
 * generated sentences reads it, and a label that took another's sentences (or ones no tool
 * serves) is confusable with it. A reading is then not sure while that label is in the running.
 */
const FAST_PATH = configSchema.parse({}).models.fast_path_threshold;
const words = (text: string) => text.split(" ");

/** Two narrow intents whose sentences share their verb, and refusals that share it too. */
function narrowSet(): TrainingExample[] {
  const out: TrainingExample[] = [];
  const things = ["kettle", "toaster", "heater", "fan", "radio", "printer", "router", "speaker"];
  let source = 0;
  for (const thing of things) {
    out.push({ words: words(`water the ${thing} plant`), label: "garden_water", source: source++ });
    out.push({ words: words(`turn the ${thing} plant around`), label: "garden_turn", source: source++ });
    out.push({ words: words(`turn on the ${thing}`), label: "_none", source: source++ });
  }
  return out;
}

describe("held-out calibration", () => {
  it("names, for each label, the labels whose unseen sentences it took", () => {
    const calibration = confusersFrom([
      { label: "garden_turn", p: 0.9, truth: "_none" },
      { label: "garden_turn", p: 0.95, truth: "garden_turn" },
      { label: "garden_water", p: 0.3, truth: "garden_turn" },
    ]);
    // a sure reading of another's sentence makes the two confusable; an unsure one does not
    expect(calibration.confusers).toEqual({ garden_turn: ["_none"] });
  });

  it("holds out whole sources, so a fold is a way of asking the classifier never saw", () => {
    const examples = narrowSet();
    const readings = heldOutReadings(examples, { seed: 3, training: { epochs: 2 } });
    expect(readings.length).toBeGreaterThan(0);
    expect(readings.length).toBeLessThan(examples.length);
    for (const reading of readings) expect(reading.label.startsWith("_")).toBe(false);
    // deterministic: the same data and seed give the same calibration
    expect(calibrate(examples, { seed: 3 })).toEqual(calibrate(examples, { seed: 3 }));
  });

  it("travels with the trained weights, and a confusable reading is only asked about", () => {
    const classifier = trainOn(narrowSet(), { seed: 3 });
    classifier.calibrated({ confusers: { garden_turn: ["_none"] } });
    const copy = SoftmaxClassifier.fromSnapshot(classifier.snapshot());
    const ranked = [
      { label: "garden_turn", probability: 0.9 },
      { label: "_none", probability: 0.08 },
    ];
    expect(copy.doubted("garden_turn", ranked, 0.05)).toBe(true);
    expect(copy.doubted("garden_turn", ranked, 0.1)).toBe(false);
    expect(copy.doubted("garden_water", ranked, 0.05)).toBe(false);
    // a confuser the caller does not count (the same area's tool) leaves the reading sure
    expect(copy.doubted("garden_turn", ranked, 0.05, (label) => !label.startsWith("_"))).toBe(false);
    const evidence = { via: "classifier" as const, p: 0.95, margin: 0.9, coverage: 1, anchored: true };
    expect(guessConfidence(evidence)).toBeGreaterThanOrEqual(FAST_PATH);
    expect(guessConfidence({ ...evidence, confusable: true })).toBeLessThan(FAST_PATH);
  });

  it("is part of every training of the real catalog, and can be turned off", async () => {
    const { classifier } = trainClassifier(await builtinToolsForNlu(), {});
    const { confusers } = classifier.snapshot().calibration ?? { confusers: {} };
    // the generated language of some tools does lend their names to others' sentences
    expect(Object.keys(confusers).length).toBeGreaterThan(5);
    for (const [label, others] of Object.entries(confusers)) {
      expect(label.startsWith("_")).toBe(false);
      expect(others).not.toContain(label);
    }
    const plain = trainOn(narrowSet(), { training: { calibrate: false } });
    expect(plain.snapshot().calibration).toEqual({ confusers: {} });
  });
});
