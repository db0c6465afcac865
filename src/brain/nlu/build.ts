import { fileURLToPath } from "node:url";
import type { NluTool } from "./catalog.js";
import { type ClassifierSnapshot, SoftmaxClassifier } from "./classifier.js";
import { assembleNlu, createNlu, type EmbeddedNlu, type NluOptions } from "./parser.js";
import { trainClassifier } from "./train.js";
import { loadWeights, saveWeights, trainingKey } from "./weights-cache.js";

export interface BuildOptions extends NluOptions {
  /** Where trained weights are kept between starts (`~/.jarvis/cache`); without it, always train. */
  cacheDir?: string;
}

type Trained = { snapshot: ClassifierSnapshot; examples: number; trainedIn: "process" | "worker" };

/**
 * Builds the NLU for a long-running surface: weights trained for the same tools and code are
 * read from `cacheDir`; otherwise the classifier trains in a worker thread, so a server answers
 * requests while it trains and the training garbage leaves with the worker's heap. Falls back
 * to training here when there is no compiled worker (running from the TypeScript sources) or
 * the worker fails.
 */
export async function createNluInWorker(
  tools: readonly NluTool[],
  options: BuildOptions = {},
): Promise<EmbeddedNlu> {
  const started = performance.now();
  // Custom intent tables carry functions: no worker can receive them, no key can cover them
  if (options.intents) return createNlu(tools, options);
  const plain = tools.map(({ name, group, description, parameters, examples }) => ({
    name,
    group,
    ...(description !== undefined ? { description } : {}),
    ...(parameters !== undefined ? { parameters } : {}),
    ...(examples !== undefined ? { examples } : {}),
  }));
  const training = {
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.training ? { training: options.training } : {}),
  };
  const key = options.cacheDir ? trainingKey(plain, training) : undefined;
  const cached = key && options.cacheDir ? loadWeights(options.cacheDir, key) : undefined;
  if (cached) {
    const classifier = SoftmaxClassifier.fromSnapshot(cached.snapshot);
    return assembleNlu(tools, classifier, cached.examples, options, started, "cache");
  }
  const trained = (await inWorker(plain, training)) ?? inProcess(tools, training);
  if (key && options.cacheDir) {
    try {
      saveWeights(options.cacheDir, key, trained.snapshot, trained.examples);
    } catch (error) {
      // A read-only or full disk only means training again next time
      if (process.env.JARVIS_DEBUG_NLU) console.error(error);
    }
  }
  const classifier = SoftmaxClassifier.fromSnapshot(trained.snapshot);
  return assembleNlu(tools, classifier, trained.examples, options, started, trained.trainedIn);
}

function inProcess(tools: readonly NluTool[], training: Pick<NluOptions, "seed" | "training">): Trained {
  const { classifier, examples } = trainClassifier(tools, training);
  return { snapshot: classifier.snapshot(), examples, trainedIn: "process" };
}

async function inWorker(
  plain: NluTool[],
  training: Pick<NluOptions, "seed" | "training">,
): Promise<Trained | undefined> {
  if (!import.meta.url.endsWith(".js")) return undefined;
  const workerFile = fileURLToPath(new URL("./train-worker.js", import.meta.url));
  try {
    const { Worker } = await import("node:worker_threads");
    const trained = await new Promise<{ snapshot: ClassifierSnapshot; examples: number }>(
      (resolve, reject) => {
        const worker = new Worker(workerFile, {
          // The parent's flags are not the worker's business (--input-type even makes it fail)
          execArgv: [],
          workerData: { tools: plain, options: training },
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
