import { fileURLToPath } from "node:url";
import type { NluTool } from "./catalog.js";
import { type ClassifierSnapshot, SoftmaxClassifier } from "./classifier.js";
import { assembleNlu, createNlu, type EmbeddedNlu, type NluOptions } from "./parser.js";

/**
 * Builds the NLU with its classifier trained in a worker thread, so a server answers requests
 * while it trains and the training garbage leaves with the worker's heap instead of staying in
 * the long-lived process. Falls back to training here when there is no compiled worker (running
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
    const snapshot = await new Promise<{ snapshot: ClassifierSnapshot; examples: number }>(
      (resolve, reject) => {
        const worker = new Worker(fileURLToPath(workerFile), {
          // The parent's flags are not the worker's business (--input-type even makes it fail)
          execArgv: [],
          workerData: {
            tools: plain,
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
      },
    );
    const classifier = SoftmaxClassifier.fromSnapshot(snapshot.snapshot);
    return assembleNlu(tools, classifier, snapshot.examples, options, started, "worker");
  } catch (error) {
    if (process.env.JARVIS_DEBUG_NLU) console.error(error);
    return createNlu(tools, options);
  }
}
