import { monotonicMs } from "../../core/clock.js";
import { codeFile, codeIdentity, codeLayout } from "../../core/package-root.js";
import { compileCatalog, type NluTool } from "./catalog.js";
import { type ClassifierSnapshot, SoftmaxClassifier, type TrainingExample } from "./classifier.js";
import { assembleNlu, type EmbeddedNlu, type NluOptions } from "./parser.js";
import { parseTemplate, type Template } from "./template.js";
import { corpusOf, packExamples, trainingSet, trainOn } from "./train.js";
import {
  type KeptWeights,
  keepShipped,
  loadTemplates,
  loadWeights,
  readWeights,
  readWeightsAhead,
  saveTemplates,
  saveWeights,
  shippedWeightsDir,
  trainingKey,
} from "./weights-cache.js";

export interface BuildOptions extends NluOptions {
  /** Where trained weights are kept between starts (`~/.jarvis/cache`); without it, always train. */
  cacheDir?: string;
  /**
   * Weights the build trained for the built-in catalog (`scripts/ship-nlu-weights.mjs`), used
   * when `cacheDir` has none for this key: a first start after an install loads instead of
   * training. The package's `dist/nlu-weights` unless said; only ever read with a `cacheDir`.
   */
  shippedDir?: string;
  /** Told, in one line, what a start could not use (a damaged weights file it trains again). */
  warn?: (line: string) => void;
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
  const started = monotonicMs();
  // Read on another thread while this one compiles the catalog that names the weights' key
  const ahead = options.cacheDir ? readWeightsAhead(options.cacheDir) : undefined;
  // The NLU's code, as the bundle recorded it (undefined unbundled: its files are hashed)
  const identity = options.cacheDir ? codeIdentity(import.meta.url)?.nlu : undefined;
  const catalog = compileCatalog(tools, templateParser(options, identity));
  const training = {
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.training ? { training: options.training } : {}),
  };
  // Keyed on the catalog, not on the sentences: a start that finds its weights generates none
  const key = options.cacheDir ? trainingKey(catalog, training, identity) : undefined;
  const cached =
    key && options.cacheDir ? keptWeights(options, options.cacheDir, key, await ahead) : undefined;
  if (cached) {
    const classifier = SoftmaxClassifier.fromSnapshot(cached.snapshot);
    return assembleNlu(tools, classifier, cached.corpus, options, started, "cache", catalog);
  }
  // The worker loads its modules while this thread generates the sentences it will train on
  const worker = await trainingWorker();
  const examples = trainingSet(tools, training, catalog);
  const corpus = corpusOf(examples);
  const trained = (await worker?.(examples, training)) ?? inProcess(examples, training);
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

/**
 * The weights for `key`: the cache's, else the build's (copied into the cache off the answer's
 * path). A damaged cache file is said in one line and is no file: training writes it anew. The
 * user's own data (apps, file, list and routine names) never reaches training; it is read at
 * parse time, so the build's weights serve every user whose catalog is the built-in one.
 */
function keptWeights(
  options: BuildOptions,
  cacheDir: string,
  key: string,
  ahead: Awaited<ReturnType<typeof readWeightsAhead>>,
): KeptWeights | undefined {
  const read = readWeights(cacheDir, key, ahead);
  if (read && "snapshot" in read) return read;
  const shipped = options.shippedDir ?? shippedWeightsDir();
  const fromBuild = shipped ? loadWeights(shipped, key) : undefined;
  if (read)
    options.warn?.(
      `The language weights kept in ${read.damaged} could not be read (damaged); ${fromBuild ? "using the installed ones" : "training them again"}.`,
    );
  if (fromBuild && shipped)
    setImmediate(() => {
      try {
        keepShipped(shipped, cacheDir, key);
      } catch (error) {
        // A read-only or full disk only means reading the build's file next time too
        if (process.env.JARVIS_DEBUG_NLU) console.error(error);
      }
    });
  return fromBuild;
}

/**
 * `parseTemplate`, reading what an earlier start of the same bundle parsed (`identity`); the
 * templates parsed afresh are kept once the catalog is compiled. Each kept template is handed
 * out once (a source said twice gets a parse of its own, as without the file).
 */
function templateParser(options: BuildOptions, identity: string | undefined) {
  const { cacheDir } = options;
  if (!cacheDir || identity === undefined) return parseTemplate;
  const cached = loadTemplates(cacheDir, identity);
  // The build's parse of the same bundle's templates serves a first start, and is kept in the cache
  const shipped = cached ? undefined : (options.shippedDir ?? shippedWeightsDir());
  const kept = cached ?? (shipped ? loadTemplates(shipped, identity) : undefined);
  const all = new Map<string, Template>();
  let missed = !cached;
  const parse = (source: string): Template => {
    const found = kept?.get(source);
    if (found) kept!.delete(source);
    else if (!all.has(source)) missed = true;
    const template = found ?? parseTemplate(source);
    all.set(source, template);
    return template;
  };
  // Written after the catalog compiles, off the answer's path
  setImmediate(() => {
    if (!missed) return;
    try {
      saveTemplates(cacheDir, identity, all.values());
    } catch (error) {
      if (process.env.JARVIS_DEBUG_NLU) console.error(error);
    }
  });
  return parse;
}

function inProcess(examples: TrainingExample[], training: Pick<NluOptions, "seed" | "training">): Trained {
  return {
    snapshot: trainOn(examples, training).snapshot(),
    examples: examples.length,
    trainedIn: "process",
  };
}

type TrainInWorker = (
  examples: TrainingExample[],
  training: Pick<NluOptions, "seed" | "training">,
) => Promise<Trained | undefined>;

/**
 * Starts a training worker, which waits for its sentences; undefined when there is no
 * compiled worker. Its answer is undefined when it fails: the caller trains in-process then.
 */
async function trainingWorker(): Promise<TrainInWorker | undefined> {
  if (codeLayout(import.meta.url).tree === "src") return undefined;
  const workerFile = codeFile(import.meta.url, "brain/nlu/train-worker");
  let worker: import("node:worker_threads").Worker;
  try {
    const { Worker } = await import("node:worker_threads");
    // The parent's flags are not the worker's business (--input-type even makes it fail)
    worker = new Worker(workerFile, { execArgv: [] });
  } catch (error) {
    if (process.env.JARVIS_DEBUG_NLU) console.error(error);
    return undefined;
  }
  const trained = new Promise<{ snapshot: ClassifierSnapshot; examples: number }>((resolve, reject) => {
    worker.once("message", (message) => {
      resolve(message as { snapshot: ClassifierSnapshot; examples: number });
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`NLU training worker exited (${code})`)));
  });
  // A failure before the sentences are sent is read when they are
  trained.catch(() => undefined);
  return async (examples, training) => {
    try {
      worker.postMessage({ examples: packExamples(examples) ?? examples, options: training });
      return { ...(await trained), trainedIn: "worker" };
    } catch (error) {
      if (process.env.JARVIS_DEBUG_NLU) console.error(error);
      void worker.terminate();
      return undefined;
    }
  };
}
