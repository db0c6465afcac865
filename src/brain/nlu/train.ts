import { type Catalog, compileCatalog, type NluTool, trainingExamples } from "./catalog.js";
import {
  type Calibration,
  type FeatureRows,
  featureRows,
  SoftmaxClassifier,
  type TrainingExample,
} from "./classifier.js";
import type { NluOptions } from "./parser.js";
import { seededRandom } from "./template.js";

type TrainingOptions = Pick<NluOptions, "seed" | "training">;

/** The training sentences for these tools' language (cheap; the same on every start). */
export function trainingSet(
  tools: readonly NluTool[],
  options: TrainingOptions,
  catalog: Catalog = compileCatalog(tools),
): TrainingExample[] {
  const training = options.training ?? {};
  return trainingExamples(
    catalog,
    seededRandom(options.seed ?? 7),
    training.perTemplate,
    training.perClass,
    training.leadIns,
  );
}

/** What the parser keeps of the training set: its size, and its words for the spelling corrector. */
export interface TrainingCorpus {
  examples: number;
  /** Each word, in first-seen order, and how many times it occurs. */
  words: ReadonlyMap<string, number>;
}

export function corpusOf(examples: readonly TrainingExample[]): TrainingCorpus {
  const words = new Map<string, number>();
  for (const example of examples)
    for (const word of example.words) words.set(word, (words.get(word) ?? 0) + 1);
  return { examples: examples.length, words };
}

/** Every occurrence of the corpus's words, in the order they were first seen. */
export function* corpusWords(corpus: TrainingCorpus): Iterable<string> {
  for (const [word, count] of corpus.words) for (let i = 0; i < count; i++) yield word;
}

/**
 * The slow part of building the NLU: the classifier trained on the examples, and calibrated on
 * a fold of them that a second, smaller classifier did not see (which labels take which
 * others' sentences).
 */
export function trainOn(examples: readonly TrainingExample[], options: TrainingOptions): SoftmaxClassifier {
  // Features are extracted once for both classifiers and the held-out reading
  const extracted = featureRows(examples);
  const classifier = fitClassifier(examples, options, extracted);
  if (options.training?.calibrate !== false) classifier.calibrated(calibrate(examples, options, extracted));
  return classifier;
}

export function fitClassifier(
  examples: readonly TrainingExample[],
  options: TrainingOptions,
  extracted: FeatureRows = featureRows(examples),
): SoftmaxClassifier {
  const classifier = new SoftmaxClassifier({
    random: seededRandom((options.seed ?? 7) + 1),
    epochs: options.training?.epochs ?? 4,
  });
  classifier.train(examples, extracted);
  return classifier;
}

/** One source in this many is held out to calibrate on. */
const FOLDS = 5;
/** Passes of the calibration classifier: one tells the development sets' outcome as four did, for less. */
const FOLD_EPOCHS = 1;

/** A held-out reading at least this sure that named another label makes the two confusable. */
export const CONFUSED_AT = 0.5;

/** A held-out sentence's top reading: its label and probability, and the sentence's own label. */
export interface HeldOutReading {
  label: string;
  p: number;
  truth: string;
}

/**
 * Which labels take which others' sentences, measured on the training data itself: a
 * classifier trained on part of the other folds reads the held-out fold (tools' sentences and the
 * negatives alike), and each label it gave a sentence that was another's (or a sentence no
 * tool serves) is confusable with that one. An intent whose generated language is narrow
 * cannot recognise what it never generated, and lends its name to what it should not: at
 * parse time a reading is doubtful while such a label is still in the running (guess.ts).
 * Folds go by source (a whole template, or one written sentence with its paraphrases), so
 * the held-out fold is a way of asking the classifier never saw, not a sibling of one it did.
 */
export function calibrate(
  examples: readonly TrainingExample[],
  options: TrainingOptions,
  extracted: FeatureRows = featureRows(examples),
): Calibration {
  return confusersFrom(heldOutReadings(examples, options, extracted));
}

export function heldOutReadings(
  examples: readonly TrainingExample[],
  options: TrainingOptions,
  extracted: FeatureRows = featureRows(examples),
): HeldOutReading[] {
  const train: TrainingExample[] = [];
  const trainRows: Int32Array[] = [];
  const held: number[] = [];
  for (const [i, example] of examples.entries()) {
    const fold = foldOf(example.source ?? example.words.join(" "));
    // Two of the other four folds: the same confusions show (development sets) at half the cost
    if (fold === 0) held.push(i);
    else if (fold % 2 === 0) {
      train.push(example);
      trainRows.push(extracted.rows[i]!);
    }
  }
  if (held.length === 0 || train.length === 0) return [];
  // Fewer passes than the real one: it only has to say which labels take which sentences
  const epochs = Math.min(FOLD_EPOCHS, options.training?.epochs ?? FOLD_EPOCHS);
  const classifier = fitClassifier(
    train,
    { ...options, training: { ...options.training, epochs } },
    { vocabulary: extracted.vocabulary, rows: trainRows },
  );
  // A held-out sentence is read on the features the fold's classifier met in training, as
  // classifying its words would: the others are not in that classifier's vocabulary
  const seen = new Uint8Array(extracted.vocabulary.size);
  for (const row of trainRows) for (const f of row) seen[f] = 1;
  const readings: HeldOutReading[] = [];
  for (const i of held) {
    const top = classifier.best(extracted.rows[i]!.filter((f) => seen[f] === 1));
    if (top && !top.label.startsWith("_"))
      readings.push({ label: top.label, p: top.probability, truth: examples[i]!.label });
  }
  return readings;
}

/** Each label, and the labels whose held-out sentences it read as its own with some assurance. */
export function confusersFrom(readings: readonly HeldOutReading[], at = CONFUSED_AT): Calibration {
  const confusers: Record<string, string[]> = {};
  for (const { label, p, truth } of readings) {
    if (label === truth || p < at) continue;
    const list = confusers[label] ?? [];
    if (!list.includes(truth)) list.push(truth);
    confusers[label] = list;
  }
  return { confusers };
}

function foldOf(source: number | string): number {
  const key = String(source);
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619);
  return (hash >>> 0) % FOLDS;
}

export function trainClassifier(
  tools: readonly NluTool[],
  options: TrainingOptions,
  catalog?: Catalog,
): { classifier: SoftmaxClassifier; examples: number } {
  const examples = trainingSet(tools, options, catalog);
  return { classifier: trainOn(examples, options), examples: examples.length };
}

/**
 * Training sentences packed for a worker thread: one string and two typed arrays clone in a
 * fraction of the time seventeen thousand small objects take.
 */
export interface PackedExamples {
  /** Every word of every sentence, separated by NUL (no token holds one). */
  words: string;
  counts: Uint16Array;
  labels: string[];
  /** Index into `labels` per sentence. */
  label: Uint16Array;
  /** The sentence's source, or -1 when it has none. */
  source: Float64Array;
}

const SEPARATOR = "\u0000";

/** Undefined when a word holds the separator (the caller sends the sentences as they are). */
export function packExamples(examples: readonly TrainingExample[]): PackedExamples | undefined {
  const labels: string[] = [];
  const labelIndex = new Map<string, number>();
  const counts = new Uint16Array(examples.length);
  const label = new Uint16Array(examples.length);
  const source = new Float64Array(examples.length);
  const words: string[] = [];
  for (const [i, example] of examples.entries()) {
    if (example.words.length > 0xffff) return undefined;
    for (const word of example.words) {
      if (word.includes(SEPARATOR)) return undefined;
      words.push(word);
    }
    counts[i] = example.words.length;
    let y = labelIndex.get(example.label);
    if (y === undefined) {
      y = labels.length;
      labelIndex.set(example.label, y);
      labels.push(example.label);
    }
    label[i] = y;
    source[i] = example.source ?? -1;
  }
  if (labels.length > 0xffff) return undefined;
  return { words: words.join(SEPARATOR), counts, labels, label, source };
}

export function unpackExamples(packed: PackedExamples): TrainingExample[] {
  const words =
    packed.words === "" && packed.counts.every((n) => n === 0) ? [] : packed.words.split(SEPARATOR);
  const examples: TrainingExample[] = [];
  let at = 0;
  for (let i = 0; i < packed.counts.length; i++) {
    const n = packed.counts[i]!;
    const source = packed.source[i]!;
    const slice = words.slice(at, at + n);
    const label = packed.labels[packed.label[i]!]!;
    examples.push(source >= 0 ? { words: slice, label, source } : { words: slice, label });
    at += n;
  }
  return examples;
}
