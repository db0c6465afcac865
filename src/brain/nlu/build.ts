import { codeFile, codeLayout } from "../../core/package-root.js";
import { compileCatalog, type NluTool } from "./catalog.js";
import { type ClassifierSnapshot, SoftmaxClassifier, type TrainingExample } from "./classifier.js";
import { assembleNlu, type EmbeddedNlu, type NluOptions } from "./parser.js";
import { corpusOf, trainingSet, trainOn } from "./train.js";
import { loadWeights, saveWeights, trainingKey } from "./weights-cache.js";

export interface BuildOptions extends NluOptions {
  /** Where trained weights are kept between starts (`~/.jarvis/cache`); without it, always train. */
  cacheDir?: string;
}

type Trained = { snapshot: ClassifierSnapshot; examples: number; trainedIn: "process" | "worker" };

/**
 * Builds the NLU for a long-running surface. The tools' language is compiled here (it carries
 * functions no worker can receive) into training sentences; weights trained on the same
 * sentences are read from `cacheDir`, otherwise the classifier trains in a worker thread, so a
 * server answers requests while it trains and the training garbage leaves with the worker's
 * heap. Falls back to training here when there is no compiled worker (running from the
 * TypeScript sources) or the worker fails.
 */
export async function createNluInWorker(
  tools: readonly NluTool[],
  options: BuildOptions = {},
): Promise<EmbeddedNlu> {
  const started = performance.now();
  const catalog = compileCatalog(tools);
  const training = {
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.training ? { training: options.training } : {}),
  };
  // Keyed on the catalog, not on the sentences: a start that finds its weights generates none
  const key = options.cacheDir ? trainingKey(catalog, training) : undefined;
  const cached = key && options.cacheDir ? loadWeights(options.cacheDir, key) : undefined;
  if (cached) {
    const classifier = SoftmaxClassifier.fromSnapshot(cached.snapshot);
    return assembleNlu(tools, classifier, cached.corpus, options, started, "cache", catalog);
  }
  const examples = trainingSet(tools, training, catalog);
  const corpus = corpusOf(examples);
  const trained = (await inWorker(examples, training)) ?? inProcess(examples, training);
  if (key && options.cacheDir) {
    try {
      saveWeights(options.cacheDir, key, trained.snapshot, corpus);
    } catch (error) {
      // A read-only or full disk only means training again next time
      if (process.env.JARVIS_DEBUG_NLU) console.error(error);
    }
  }
  const classifier = SoftmaxClassifier.fromSnapshot(trained.snapshot);
  return assembleNlu(tools, classifier, corpus, options, started, trained.trainedIn, catalog);
}

function inProcess(examples: TrainingExample[], training: Pick<NluOptions, "seed" | "training">): Trained {
  return {
    snapshot: trainOn(examples, training).snapshot(),
    examples: examples.length,
    trainedIn: "process",
  };
}

async function inWorker(
  examples: TrainingExample[],
  training: Pick<NluOptions, "seed" | "training">,
): Promise<Trained | undefined> {
  if (codeLayout(import.meta.url).tree === "src") return undefined;
  const workerFile = codeFile(import.meta.url, "brain/nlu/train-worker");
  try {
    const { Worker } = await import("node:worker_threads");
    const trained = await new Promise<{ snapshot: ClassifierSnapshot; examples: number }>(
      (resolve, reject) => {
        const worker = new Worker(workerFile, {
          // The parent's flags are not the worker's business (--input-type even makes it fail)
          execArgv: [],
          workerData: { examples, options: training },
        });
        worker.once("message", (message) => {
          resolve(message as { snapshot: ClassifierSnapshot; examples: number });
          void worker.terminate();
        });
        worker.once("error", reject);
        worker.once("exit", (code) => reject(new Error(`NLU training worker exited (${code})`)));
      },
    );
    return { ...trained, trainedIn: "worker" };
  } catch (error) {
    if (process.env.JARVIS_DEBUG_NLU) console.error(error);
    return undefined;
  }
}
