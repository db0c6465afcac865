/** Worker thread body of `createNluInWorker`: trains the classifier on the sentences it is sent and hands back its weights. */
import { parentPort } from "node:worker_threads";
import type { TrainingExample } from "./classifier.js";
import type { NluOptions } from "./parser.js";
import { type PackedExamples, trainOn, unpackExamples } from "./train.js";

type Job = { examples: TrainingExample[] | PackedExamples; options: Pick<NluOptions, "seed" | "training"> };

// Started before the sentences exist (its modules load meanwhile): they come as the one message
parentPort?.once("message", (data: Job) => {
  const examples = Array.isArray(data.examples) ? data.examples : unpackExamples(data.examples);
  const snapshot = trainOn(examples, data.options).snapshot();
  parentPort?.postMessage({ snapshot, examples: examples.length }, [
    snapshot.weights.buffer as ArrayBuffer,
    snapshot.bias.buffer as ArrayBuffer,
  ]);
});
