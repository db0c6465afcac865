/**
 * How long the NLU takes to start, as the agent and `jarvis nlu` start it from the build: training
 * in a worker, later starts from the cache, a new user's first start from the shipped weights
 * (decision 0049), and the CLI end to end. Split from nlu.bench.ts to keep each file short.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { NluTool } from "../src/brain/nlu/index.js";
import { benchSeed, THROWAWAY_STORE, TIMEZONE } from "./nlu-data.js";
import { summarize } from "./util.js";

const here = new URL(".", import.meta.url).pathname;

/** What the agent and `jarvis nlu` wait for: training in a worker thread, later starts from the cache. */
export async function workerTraining(
  tools: readonly NluTool[],
): Promise<{ trained: unknown; cached: unknown; firstStart: unknown }> {
  const entry = join(here, "..", "dist", "brain", "nlu", "index.js");
  if (!existsSync(entry))
    return { trained: "dist/ missing: run npm run build", cached: null, firstStart: null };
  const compiled = (await import(pathToFileURL(entry).href)) as typeof import("../src/brain/nlu/index.js");
  const runs: number[] = [];
  const cachedRuns: number[] = [];
  const cacheDir = mkdtempSync(join(tmpdir(), "jarvis-nlu-cache-"));
  try {
    for (let i = 0; i < 3; i++) {
      const trained = await compiled.createNluInWorker(tools, { timezone: TIMEZONE, ...benchSeed() });
      if (trained.stats.trainedIn !== "worker")
        return { trained: "not trained in a worker", cached: null, firstStart: null };
      runs.push(trained.stats.trainingMs);
    }
    await compiled.createNluInWorker(tools, { timezone: TIMEZONE, cacheDir, ...benchSeed() });
    for (let i = 0; i < 3; i++) {
      const loaded = await compiled.createNluInWorker(tools, {
        timezone: TIMEZONE,
        cacheDir,
        ...benchSeed(),
      });
      if (loaded.stats.trainedIn !== "cache")
        return { trained: summarize(runs), cached: "cache not used", firstStart: null };
      cachedRuns.push(loaded.stats.trainingMs);
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
  return {
    trained: summarize(runs),
    cached: summarize(cachedRuns),
    firstStart: await firstStart(compiled, tools),
  };
}

/**
 * A first start as a new user has it: an empty cache folder, the weights the build shipped
 * (decision 0049). Wall time until the NLU is ready, three fresh folders. Under NLU_SEED the
 * shipped weights' key differs, so that start trains; the row says which path it took.
 */
async function firstStart(
  compiled: typeof import("../src/brain/nlu/index.js"),
  tools: readonly NluTool[],
): Promise<unknown> {
  const walls: number[] = [];
  const paths = new Set<string>();
  for (let i = 0; i < 3; i++) {
    const dir = mkdtempSync(join(tmpdir(), "jarvis-nlu-first-"));
    try {
      const t0 = performance.now();
      const nlu = await compiled.createNluInWorker(tools, {
        timezone: TIMEZONE,
        cacheDir: dir,
        ...benchSeed(),
      });
      walls.push(performance.now() - t0);
      paths.add(nlu.stats.trainedIn === "cache" ? "shipped weights" : `trained (${nlu.stats.trainedIn})`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { path: [...paths].join(", "), wall_ms: summarize(walls) };
}

/** End-to-end start of the built `jarvis nlu` on empty input. */
export function cliStart(): unknown {
  if (!existsSync(join(here, "..", "dist", "cli", "main.js"))) return "dist/ missing: run npm run build";
  const home = mkdtempSync(join(tmpdir(), "jarvis-nlu-bench-"));
  const times: number[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      const run = spawnSync(process.execPath, [join(here, "..", "bin", "jarvis.js"), "nlu"], {
        input: "",
        env: { ...process.env, JARVIS_HOME: home, HOME: home, ...THROWAWAY_STORE },
      });
      if (run.status !== 0) return `not measured: ${String(run.stderr).split("\n")[0]}`;
      times.push(performance.now() - t0);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
  return summarize(times);
}
