/**
 * Embedded NLU benchmark → bench/results/nlu.json. Public datasets are read from ../shared/eval
 * at run time (never copied here); the team's own set is bench/data/commands.jsonl.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONTRACT_TOOLS, createNlu } from "../src/brain/nlu/index.js";
import { silentLogger } from "../src/core/logger.js";
import { createRuntime } from "../src/runtime/runtime.js";
import { EVAL, evaluate, evaluateOwn, here, loadClinc, loadHwu, loadOwnCases, NOW } from "./nlu-data.js";
import { summarize, writeResult } from "./util.js";

const startupRuns: number[] = [];
let nlu = createNlu(CONTRACT_TOOLS, { timezone: "UTC" });
startupRuns.push(nlu.stats.trainingMs);
for (let i = 0; i < 4; i++) {
  nlu = createNlu(CONTRACT_TOOLS, { timezone: "UTC" });
  startupRuns.push(nlu.stats.trainingMs);
}
if (!existsSync(EVAL)) throw new Error(`evaluation data not found at ${EVAL}`);

/** The catalog `jarvis nlu` really uses: every registered tool, with their own examples. */
function registeredTools() {
  const home = mkdtempSync(join(tmpdir(), "jarvis-nlu-bench-"));
  const runtime = createRuntime({
    env: { ...process.env, JARVIS_HOME: home, HOME: home },
    logger: silentLogger,
  });
  const tools = runtime.registry.list();
  void runtime.close().finally(() => rmSync(home, { recursive: true, force: true }));
  return tools;
}
const real = registeredTools();
const realRuns: number[] = [];
let realNlu = createNlu(real, { timezone: "UTC" });
for (let i = 0; i < 3; i++) {
  realNlu = createNlu(real, { timezone: "UTC" });
  realRuns.push(realNlu.stats.trainingMs);
}
const own = await evaluateOwn(loadOwnCases(), nlu);
const suites = [
  evaluate("hwu64_train", loadHwu(), nlu),
  evaluate("clinc150_oos_val", loadClinc("full_oos_val.csv"), nlu),
  evaluate("clinc150_oos_train", loadClinc("full_oos_train.csv"), nlu),
  evaluate("clinc150_full_val", loadClinc("full_val.csv"), nlu),
];
const registered = [
  evaluate("hwu64_train (registered catalog)", loadHwu(), realNlu),
  evaluate("clinc150_oos_val (registered catalog)", loadClinc("full_oos_val.csv"), realNlu),
];
/** End-to-end start of `jarvis nlu` (built CLI) next to `jarvis --version`, which imports the same modules. */
function cliStart(args: string[]): number[] {
  const home = mkdtempSync(join(tmpdir(), "jarvis-nlu-bench-"));
  const times: number[] = [];
  try {
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const run = spawnSync(process.execPath, [join(here, "..", "bin", "jarvis.js"), ...args], {
        input: "",
        env: { ...process.env, JARVIS_HOME: home, HOME: home },
      });
      if (run.status !== 0) throw new Error(`jarvis ${args.join(" ")} failed: ${run.stderr}`);
      times.push(performance.now() - t0);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  return times;
}
const cli = existsSync(join(here, "..", "dist", "cli", "main.js"))
  ? { nlu_empty_input_ms: summarize(cliStart(["nlu"])), version_ms: summarize(cliStart(["--version"])) }
  : "dist/ missing: run npm run build";

writeResult("nlu", {
  now: NOW.toISOString(),
  note: "NLU built from stub definitions of the contract tools (name + group); 'registered' = every tool the runtime registers, examples included",
  startup_training_ms: { first: startupRuns[0], warm: summarize(startupRuns.slice(1)) },
  registered_catalog: {
    tools: real.length,
    classes: realNlu.stats.classes,
    startup_training_ms: summarize(realRuns),
    suites: registered,
  },
  templates: nlu.stats.templates,
  classes: nlu.stats.classes,
  training_examples: nlu.stats.examples,
  cli_start: cli,
  own_commands: own,
  suites,
});
