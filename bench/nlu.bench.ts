/**
 * Embedded NLU benchmark → bench/results/nlu.json. Public datasets are read from ../shared/eval
 * at run time (never copied here); the team's own set is bench/data/commands.jsonl.
 */
import { existsSync } from "node:fs";
import { CONTRACT_TOOLS, createNlu } from "../src/brain/nlu/index.js";
import { EVAL, evaluate, loadClinc, loadHwu, loadOwn, NOW } from "./nlu-data.js";
import { summarize, writeResult } from "./util.js";

const startupRuns: number[] = [];
let nlu = createNlu(CONTRACT_TOOLS, { timezone: "UTC" });
startupRuns.push(nlu.stats.trainingMs);
for (let i = 0; i < 4; i++) {
  nlu = createNlu(CONTRACT_TOOLS, { timezone: "UTC" });
  startupRuns.push(nlu.stats.trainingMs);
}
if (!existsSync(EVAL)) throw new Error(`evaluation data not found at ${EVAL}`);
const suites = [
  evaluate("own_commands", loadOwn(), nlu),
  evaluate("hwu64_train", loadHwu(), nlu),
  evaluate("clinc150_oos_val", loadClinc("full_oos_val.csv"), nlu),
  evaluate("clinc150_oos_train", loadClinc("full_oos_train.csv"), nlu),
  evaluate("clinc150_full_val", loadClinc("full_val.csv"), nlu),
];
writeResult("nlu", {
  now: NOW.toISOString(),
  startup_training_ms: { first: startupRuns[0], warm: summarize(startupRuns.slice(1)) },
  templates: nlu.stats.templates,
  classes: nlu.stats.classes,
  training_examples: nlu.stats.examples,
  suites,
});
