/** Worker thread body of `createNluInWorker`: trains one ensemble member and hands back its weights. */
import { parentPort, workerData } from "node:worker_threads";
import type { NluTool } from "./catalog.js";
import type { NluOptions } from "./parser.js";
import { trainMember } from "./train.js";

const data = workerData as {
  tools: NluTool[];
  options: Pick<NluOptions, "seed" | "training">;
  member: number;
};
const { classifier, examples } = trainMember(data.tools, data.options, data.member);
const snapshot = classifier.snapshot();
parentPort?.postMessage({ snapshot, examples }, [
  snapshot.weights.buffer as ArrayBuffer,
  snapshot.bias.buffer as ArrayBuffer,
]);
