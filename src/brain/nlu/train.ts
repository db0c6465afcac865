import { type Catalog, compileCatalog, type NluTool, trainingExamples } from "./catalog.js";
import { SoftmaxClassifier } from "./classifier.js";
import { BUILTIN_INTENTS } from "./intents/index.js";
import type { NluOptions } from "./parser.js";
import { seededRandom } from "./template.js";

/** The slow part of building the NLU: training examples and the classifier trained on them. */
export function trainClassifier(
  tools: readonly NluTool[],
  options: Pick<NluOptions, "intents" | "seed" | "training">,
  catalog?: Catalog,
): { classifier: SoftmaxClassifier; examples: number } {
  const table = options.intents ?? BUILTIN_INTENTS;
  catalog ??= compileCatalog(tools, table);
  const random = seededRandom(options.seed ?? 7);
  const training = options.training ?? {};
  const classifier = new SoftmaxClassifier({ random, epochs: training.epochs ?? 4 });
  const examples = trainingExamples(
    catalog,
    table,
    random,
    training.perTemplate,
    training.perClass,
    training.leadIns,
  );
  classifier.train(examples);
  classifier.compact();
  return { classifier, examples: examples.length };
}
