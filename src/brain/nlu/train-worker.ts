/** Worker thread body of `createNluInWorker`: trains the classifier and hands back its weights. */
import { parentPort, workerData } from "node:worker_threads";
import type { TrainingExample } from "./classifier.js";
import type { NluOptions } from "./parser.js";
import { trainOn } from "./train.js";

const data = workerData as { examples: TrainingExample[]; options: Pick<NluOptions, "seed" | "training"> };
const snapshot = trainOn(data.examples, data.options).snapshot();
parentPort?.postMessage({ snapshot, examples: data.examples.length }, [
  snapshot.weights.buffer as ArrayBuffer,
  snapshot.bias.buffer as ArrayBuffer,
]);
