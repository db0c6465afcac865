import { fileURLToPath } from "node:url";
import type { NluTool } from "./catalog.js";
import type { ClassifierSnapshot } from "./classifier.js";
import { ClassifierEnsemble } from "./ensemble.js";
import { assembleNlu, createNlu, type EmbeddedNlu, memberCount, type NluOptions } from "./parser.js";

/**
 * Builds the NLU with its classifiers trained in worker threads (one per ensemble member), so
 * a server answers requests while they train and the training garbage leaves with the workers'
 * heaps instead of staying in the long-lived process. Falls back to training here when there is no compiled worker (running
 * from the TypeScript sources) or the worker fails.
 */
export async function createNluInWorker(
  tools: readonly NluTool[],
  options: NluOptions = {},
): Promise<EmbeddedNlu> {
  const started = performance.now();
  const workerFile = new URL("./train-worker.js", import.meta.url);
  // Custom intent tables carry functions a worker cannot receive
  if (!import.meta.url.endsWith(".js") || options.intents) return createNlu(tools, options);
  const plain = tools.map(({ name, group, description, parameters, examples }) => ({
    name,
    group,
    ...(description !== undefined ? { description } : {}),
    ...(parameters !== undefined ? { parameters } : {}),
    ...(examples !== undefined ? { examples } : {}),
  }));
  try {
    const { Worker } = await import("node:worker_threads");
    const trainOne = (member: number) =>
      new Promise<{ snapshot: ClassifierSnapshot; examples: number }>((resolve, reject) => {
        const worker = new Worker(fileURLToPath(workerFile), {
          // The parent's flags are not the worker's business (--input-type even makes it fail)
          execArgv: [],
          workerData: {
            tools: plain,
            member,
            options: {
              ...(options.seed !== undefined ? { seed: options.seed } : {}),
              ...(options.training ? { training: options.training } : {}),
            },
          },
        });
        worker.once("message", (message) => {
          resolve(message as { snapshot: ClassifierSnapshot; examples: number });
          void worker.terminate();
        });
        worker.once("error", reject);
        worker.once("exit", (code) => reject(new Error(`NLU training worker exited (${code})`)));
      });
    // One worker per ensemble member: on two cores they train side by side
    const trained = await Promise.all(Array.from({ length: memberCount(options) }, (_, i) => trainOne(i)));
    const classifier = ClassifierEnsemble.fromSnapshots(trained.map((t) => t.snapshot));
    const examples = trained.reduce((n, t) => n + t.examples, 0);
    return assembleNlu(tools, classifier, examples, options, started, "worker");
  } catch (error) {
    if (process.env.JARVIS_DEBUG_NLU) console.error(error);
    return createNlu(tools, options);
  }
}
