import { type Catalog, compileCatalog, type NluTool, trainingExamples } from "./catalog.js";
import { SoftmaxClassifier } from "./classifier.js";
import { ClassifierEnsemble } from "./ensemble.js";
import { BUILTIN_INTENTS } from "./intents/index.js";
import type { NluOptions } from "./parser.js";
import { seededRandom } from "./template.js";

/** The slow part of building the NLU: training examples and the classifiers trained on them. */
export function trainClassifier(
  tools: readonly NluTool[],
  options: Pick<NluOptions, "intents" | "seed" | "training">,
  catalog?: Catalog,
): { classifier: ClassifierEnsemble; examples: number } {
  catalog ??= compileCatalog(tools, options.intents ?? BUILTIN_INTENTS);
  const members = Array.from({ length: memberCount(options) }, (_, i) =>
    trainMember(tools, options, i, catalog),
  );
  return {
    classifier: new ClassifierEnsemble(members.map((m) => m.classifier)),
    examples: members.reduce((n, m) => n + m.examples, 0),
  };
}

export function memberCount(options: Pick<NluOptions, "training">): number {
  return Math.max(1, Math.min(4, Math.round(options.training?.members ?? 1)));
}

/** One member of the ensemble: its own draw of the expansions, its own SGD order. */
export function trainMember(
  tools: readonly NluTool[],
  options: Pick<NluOptions, "intents" | "seed" | "training">,
  member: number,
  catalog?: Catalog,
): { classifier: SoftmaxClassifier; examples: number } {
  const table = options.intents ?? BUILTIN_INTENTS;
  catalog ??= compileCatalog(tools, table);
  const random = seededRandom((options.seed ?? 7) + member * 7919);
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
