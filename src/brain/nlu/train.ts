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
