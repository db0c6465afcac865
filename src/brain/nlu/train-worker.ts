/** Worker thread body of `createNluInWorker`: trains the classifier and hands back its weights. */
import { parentPort, workerData } from "node:worker_threads";
import type { NluTool } from "./catalog.js";
import type { NluOptions } from "./parser.js";
import { trainClassifier } from "./train.js";

const data = workerData as { tools: NluTool[]; options: Pick<NluOptions, "seed" | "training"> };
const { classifier, examples } = trainClassifier(data.tools, data.options);
const snapshot = classifier.snapshot();
parentPort?.postMessage({ snapshot, examples }, [
  snapshot.weights.buffer as ArrayBuffer,
  snapshot.bias.buffer as ArrayBuffer,
]);
