import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { KETTLE_AND_RADIO } from "../../testing/nlu.js";
import { createNluInWorker } from "./build.js";
import { compileCatalog } from "./catalog.js";
import { SoftmaxClassifier } from "./classifier.js";
import { parseTemplate, seededRandom, type Template } from "./template.js";
import { corpusOf } from "./train.js";
import {
  loadTemplates,
  loadWeights,
  readWeightsAhead,
  saveTemplates,
  saveWeights,
  trainingKey,
} from "./weights-cache.js";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "jarvis-nlu-cache-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const TOOLS = KETTLE_AND_RADIO;

const CORPUS = corpusOf([
  { words: ["set", "a", "timer"], label: "timer" },
  { words: ["play", "a", "song"], label: "music" },
]);

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
    saveWeights(dir, "k1", snapshot, CORPUS);
    const loaded = loadWeights(dir, "k1");
    expect(loaded?.corpus.examples).toBe(2);
    // The spelling corrector's words come back in the same order with the same counts
    expect([...(loaded?.corpus.words ?? [])]).toEqual([...CORPUS.words]);
    expect(loaded?.corpus.words.get("a")).toBe(2);
    expect(loaded?.snapshot.labels).toEqual(snapshot.labels);
    const features = snapshot.vocabulary as string[];
    const vocabulary = loaded!.snapshot.vocabulary;
    expect(Array.isArray(vocabulary) ? vocabulary : [...vocabulary.keys()]).toEqual(features);
    // The packed vocabulary gives every feature its id, and the classifier reads as before
    if (Array.isArray(vocabulary)) throw new Error("expected the packed vocabulary");
    features.forEach((feature, id) => {
      expect(vocabulary.get(feature)).toBe(id);
    });
    const reloaded = SoftmaxClassifier.fromSnapshot(loaded!.snapshot);
    const original = SoftmaxClassifier.fromSnapshot(snapshot);
    for (const words of [
      ["set", "a", "timer"],
      ["play", "jazz"],
      ["unknown", "words"],
    ])
      expect(reloaded.classify(words)).toEqual(original.classify(words));
    expect([...(loaded?.snapshot.weights ?? [])]).toEqual([...snapshot.weights]);
    expect(loadWeights(dir, "k2")).toBeUndefined();
    // A new key replaces the old file: stale weights are not left behind
    saveWeights(dir, "k2", snapshot, CORPUS);
    expect(readdirSync(dir)).toEqual(["nlu-k2.bin"]);
  });

  it("keeps the held-out calibration, so a start from the cache doubts what the first start doubted", () => {
    const dir = tempDir();
    const calibration = { confusers: { timer: ["music"], music: [] } };
    saveWeights(dir, "k1", { ...small().snapshot(), calibration }, CORPUS);
    expect(loadWeights(dir, "k1")?.snapshot.calibration).toEqual(calibration);
    const { calibration: _none, ...uncalibrated } = small().snapshot();
    saveWeights(dir, "k2", uncalibrated, CORPUS);
    expect(loadWeights(dir, "k2")?.snapshot.calibration).toBeUndefined();
  });

  it("treats a cut-off or garbled file as no file", () => {
    const dir = tempDir();
    saveWeights(dir, "k", small().snapshot(), CORPUS);
    const file = join(dir, "nlu-k.bin");
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 3));
    expect(loadWeights(dir, "k")).toBeUndefined();
    writeFileSync(file, Buffer.from("not weights at all"));
    expect(loadWeights(dir, "k")).toBeUndefined();
  });

  it("reads the kept file ahead of its key to the same numbers, and uses it only for its own key", async () => {
    const dir = tempDir();
    expect(await readWeightsAhead(dir)).toBeUndefined();
    expect(await readWeightsAhead(join(dir, "missing"))).toBeUndefined();
    const snapshot = small().snapshot();
    saveWeights(dir, "k1", snapshot, CORPUS);
    const ahead = await readWeightsAhead(dir);
    expect(ahead?.name).toBe("nlu-k1.bin");
    const fromAhead = loadWeights(dir, "k1", ahead);
    expect([...(fromAhead?.snapshot.weights ?? [])]).toEqual([...snapshot.weights]);
    expect([...(fromAhead?.snapshot.bias ?? [])]).toEqual([...snapshot.bias]);
    expect([...(fromAhead?.corpus.words ?? [])]).toEqual([...CORPUS.words]);
    // Another key's file read ahead is not taken for this key's
    expect(loadWeights(dir, "k2", ahead)).toBeUndefined();
    // A damaged file read ahead is no file, as read afterwards
    writeFileSync(join(dir, "nlu-k1.bin"), readFileSync(join(dir, "nlu-k1.bin")).subarray(0, 40));
    expect(loadWeights(dir, "k1", await readWeightsAhead(dir))).toBeUndefined();
  });

  it("keys on the tools' language and the training options", () => {
    const catalog = compileCatalog(TOOLS);
    expect(trainingKey(catalog, {})).toBe(trainingKey(compileCatalog(TOOLS), {}));
    const [kettle, radio] = TOOLS;
    const template = { ...radio!, language: [{ templates: ["play [some] (jazz|blues)"] }] };
    const sample = { ...kettle!, language: [{ ...kettle!.language[0]!, samples: ["i want coffee"] }] };
    const negative = { ...kettle!, language: [{ ...kettle!.language[0]!, negatives: ["a kettle bell"] }] };
    expect(trainingKey(compileCatalog([kettle!, template]), {})).not.toBe(trainingKey(catalog, {}));
    expect(trainingKey(compileCatalog([sample, radio!]), {})).not.toBe(trainingKey(catalog, {}));
    expect(trainingKey(compileCatalog([negative, radio!]), {})).not.toBe(trainingKey(catalog, {}));
    expect(trainingKey(compileCatalog([{ ...kettle!, name: "kettle_on" }, radio!]), {})).not.toBe(
      trainingKey(catalog, {}),
    );
    expect(trainingKey(catalog, {})).not.toBe(trainingKey(catalog, { seed: 2 }));
  });

  it("trains once, then starts from the saved weights with the same readings", async () => {
    const dir = tempDir();
    const context = { now: new Date("2025-06-11T10:00:00Z"), timezone: "UTC" };
    const first = await createNluInWorker(TOOLS, { timezone: "UTC", cacheDir: dir });
    const second = await createNluInWorker(TOOLS, { timezone: "UTC", cacheDir: dir });
    expect(first.stats.trainedIn).not.toBe("cache");
    expect(second.stats.trainedIn).toBe("cache");
    expect(second.stats.examples).toBe(first.stats.examples);
    // "kettel" and "jaz" reach the readings only through the spelling corrector's saved words
    for (const text of [
      "boil the kettle",
      "play some jazz",
      "what's the weather",
      "hello",
      "boil the kettel",
      "play some jaz",
    ])
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

describe("parsed templates on disk", () => {
  it("compile the same catalog as parsing afresh, for the same code only", () => {
    const dir = tempDir();
    const parsed: Template[] = [];
    const fresh = compileCatalog(TOOLS, (source) => {
      const template = parseTemplate(source);
      parsed.push(template);
      return template;
    });
    saveTemplates(dir, "code-1", parsed);
    const kept = loadTemplates(dir, "code-1")!;
    expect(kept.size).toBeGreaterThan(0);
    const reread = compileCatalog(TOOLS, (source) => kept.get(source) ?? parseTemplate(source));
    expect(JSON.stringify(reread.templates)).toBe(JSON.stringify(fresh.templates));
    expect(JSON.stringify(reread.chat)).toBe(JSON.stringify(fresh.chat));
    expect(trainingKey(reread, {}, "code-1")).toBe(trainingKey(fresh, {}, "code-1"));
    expect(trainingKey(fresh, {}, "code-2")).not.toBe(trainingKey(fresh, {}, "code-1"));
    expect(loadTemplates(dir, "code-2")).toBeUndefined();
  });

  it("treats a damaged file as none", () => {
    const dir = tempDir();
    saveTemplates(dir, "code-1", [parseTemplate("boil [the] kettle")]);
    const file = join(dir, readdirSync(dir)[0]!);
    writeFileSync(file, readFileSync(file, "utf8").slice(0, 40));
    expect(loadTemplates(dir, "code-1")).toBeUndefined();
    writeFileSync(
      file,
      JSON.stringify({ magic: "jarvis-nlu-templates/1", identity: "code-1", templates: [{}] }),
    );
    expect(loadTemplates(dir, "code-1")).toBeUndefined();
  });
});
