import { type Catalog, compileCatalog, type NluTool, trainingExamples } from "./catalog.js";
import { SoftmaxClassifier, type TrainingExample } from "./classifier.js";
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

/** The slow part of building the NLU: the classifier trained on the examples. */
export function trainOn(examples: readonly TrainingExample[], options: TrainingOptions): SoftmaxClassifier {
  const classifier = new SoftmaxClassifier({
    random: seededRandom((options.seed ?? 7) + 1),
    epochs: options.training?.epochs ?? 4,
  });
  classifier.train(examples);
  return classifier;
}

export function trainClassifier(
  tools: readonly NluTool[],
  options: TrainingOptions,
  catalog?: Catalog,
): { classifier: SoftmaxClassifier; examples: number } {
  const examples = trainingSet(tools, options, catalog);
  return { classifier: trainOn(examples, options), examples: examples.length };
}
