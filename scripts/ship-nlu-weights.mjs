#!/usr/bin/env node
/**
 * Trains the embedded NLU once at build time for the built-in catalog and keeps its weights in
 * `dist/nlu-weights/` (decision 0049): a first start after an install finds weights for its key
 * there and loads them (tens of milliseconds) instead of training (about a second on a 2-core
 * machine). The file is the one a start writes to `~/.jarvis/cache`, under the same key (the
 * tools' language, the training options and the NLU's compiled code), so a catalog that differs
 * (a skill, an extension, a changed tool) misses it and trains as before. Two catalogs are
 * shipped: the running agent's (its registry) and `jarvis nlu`'s (the tool factories alone).
 * Run after `tsc` and the bundle.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = (...parts) => pathToFileURL(join(root, "dist", ...parts)).href;
const out = join(root, "dist", "nlu-weights");
// Weights of an earlier build are never read by this one (its code hash differs)
rmSync(out, { recursive: true, force: true });

const { createRuntime } = await import(dist("runtime", "runtime.js"));
const { silentLogger } = await import(dist("core", "logger.js"));
const { createNluInWorker } = await import(dist("brain", "nlu", "index.js"));

// The catalog a running Jarvis registers, from a throwaway home with the default config
const home = mkdtempSync(join(tmpdir(), "jarvis-ship-nlu-"));
const cache = join(home, "cache");
try {
  const runtime = createRuntime({
    env: {
      ...process.env,
      JARVIS_HOME: join(home, ".jarvis"),
      HOME: home,
      JARVIS_KEYCHAIN: "off",
      JARVIS_PASSPHRASE: "build-time NLU training (throwaway home)",
    },
    logger: silentLogger,
  });
  const tools = runtime.registry.list();
  await runtime.close();
  const nlu = await createNluInWorker(tools, { cacheDir: cache, shippedDir: join(home, "none") });
  // `jarvis nlu` builds its catalog without a runtime: its start trains and keeps its own key
  const env = { ...process.env, JARVIS_HOME: join(home, "cli"), HOME: home, JARVIS_KEYCHAIN: "off" };
  const cli = spawnSync(process.execPath, [join(root, "bin", "jarvis.js"), "nlu"], { input: "", env });
  if (cli.status !== 0) throw new Error(`jarvis nlu failed: ${String(cli.stderr).split("\n")[0]}`);
  mkdirSync(out, { recursive: true });
  for (const dir of [cache, join(home, "cli", "cache")]) {
    if (!existsSync(dir)) continue;
    // The bundle's parsed templates too (keyed on the bundle's code): a first start parses none
    for (const name of readdirSync(dir))
      if ((name.startsWith("nlu-") && name.endsWith(".bin")) || name === "templates.json")
        renameSync(join(dir, name), join(out, name));
  }
  console.log(
    `NLU weights for ${nlu.stats.classes} labels (${nlu.stats.examples} sentences), ${readdirSync(out).filter((name) => name.endsWith(".bin")).length} catalogs, kept in dist/nlu-weights`,
  );
} catch (error) {
  // Without them a first start trains as it always did: a build that cannot train still builds
  // (test/nlu/shipped-weights.test.ts fails on a build that shipped none)
  console.warn(`NLU weights not shipped: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  rmSync(home, { recursive: true, force: true });
}
