import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createNluInWorker } from "./build.js";
import { SoftmaxClassifier } from "./classifier.js";
import { seededRandom } from "./template.js";
import { loadWeights, saveWeights, trainingKey } from "./weights-cache.js";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "jarvis-nlu-cache-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Two tools with a little language of their own: the engine needs nothing else. */
const TOOLS = [
  {
    name: "kettle_boil",
    group: "kitchen",
    language: [
      { templates: ["boil [the] kettle", "(make|put on) [some] (tea|coffee)"], samples: ["i want tea"] },
    ],
  },
  {
    name: "radio_on",
    group: "audio",
    language: [
      { templates: ["(turn|switch) on the radio", "play [some] (jazz|music)"], samples: ["music please"] },
    ],
  },
];

function small(): SoftmaxClassifier {
  const classifier = new SoftmaxClassifier({ random: seededRandom(3) });
  classifier.train([
    { words: ["set", "a", "timer"], label: "timer" },
    { words: ["play", "some", "jazz"], label: "music" },
  ]);
  return classifier;
}

describe("NLU weights on disk", () => {
  it("reads back exactly what was saved, and nothing for another key", () => {
    const dir = tempDir();
    const snapshot = small().snapshot();
    saveWeights(dir, "k1", snapshot, 2);
    const loaded = loadWeights(dir, "k1");
    expect(loaded?.examples).toBe(2);
    expect(loaded?.snapshot.labels).toEqual(snapshot.labels);
    expect(loaded?.snapshot.vocabulary).toEqual(snapshot.vocabulary);
    expect([...(loaded?.snapshot.weights ?? [])]).toEqual([...snapshot.weights]);
    expect(loadWeights(dir, "k2")).toBeUndefined();
    // A new key replaces the old file: stale weights are not left behind
    saveWeights(dir, "k2", snapshot, 2);
    expect(readdirSync(dir)).toEqual(["nlu-k2.bin"]);
  });

  it("treats a cut-off or garbled file as no file", () => {
    const dir = tempDir();
    saveWeights(dir, "k", small().snapshot(), 2);
    const file = join(dir, "nlu-k.bin");
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 3));
    expect(loadWeights(dir, "k")).toBeUndefined();
    writeFileSync(file, Buffer.from("not weights at all"));
    expect(loadWeights(dir, "k")).toBeUndefined();
  });

  it("keys on the training sentences and the training options", () => {
    const examples = [{ words: ["boil", "the", "kettle"], label: "kettle_boil" }];
    expect(trainingKey(examples, {})).toBe(trainingKey(examples, {}));
    expect(trainingKey(examples, {})).not.toBe(
      trainingKey([...examples, { words: ["play", "jazz"], label: "radio_on" }], {}),
    );
    expect(trainingKey(examples, {})).not.toBe(trainingKey(examples, { seed: 2 }));
  });

  it("trains once, then starts from the saved weights with the same readings", async () => {
    const dir = tempDir();
    const context = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
    const first = await createNluInWorker(TOOLS, { timezone: "UTC", cacheDir: dir });
    const second = await createNluInWorker(TOOLS, { timezone: "UTC", cacheDir: dir });
    expect(first.stats.trainedIn).not.toBe("cache");
    expect(second.stats.trainedIn).toBe("cache");
    for (const text of ["boil the kettle", "play some jazz", "what's the weather", "hello"])
      expect(second.parse(text, context)).toEqual(first.parse(text, context));
    // A damaged file is retrained and rewritten
    writeFileSync(join(dir, readdirSync(dir)[0]!), "garbage");
    const third = await createNluInWorker(TOOLS, { timezone: "UTC", cacheDir: dir });
    expect(third.stats.trainedIn).not.toBe("cache");
    expect((await createNluInWorker(TOOLS, { timezone: "UTC", cacheDir: dir })).stats.trainedIn).toBe(
      "cache",
    );
  });
});
