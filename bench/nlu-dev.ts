/**
 * The embedded NLU as a running Jarvis builds it (every registered tool, a throwaway home), with
 * the configured bands: for the error-analysis scripts on development data (nlu-misses.ts,
 * nlu-false.ts).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createNlu } from "../src/brain/nlu/index.js";
import { configSchema } from "../src/config/schema.js";
import { silentLogger } from "../src/core/logger.js";
import { createRuntime } from "../src/runtime/runtime.js";
import { benchSeed, THROWAWAY_STORE, TIMEZONE } from "./nlu-data.js";

export async function developmentNlu(prefix: string) {
  const home = mkdtempSync(join(tmpdir(), prefix));
  const runtime = createRuntime({
    env: { ...process.env, JARVIS_HOME: home, HOME: home, ...THROWAWAY_STORE },
    logger: silentLogger,
  });
  const tools = runtime.registry.list();
  const nlu = createNlu(tools, { timezone: TIMEZONE, ...benchSeed() });
  const groups = new Map(tools.map((t) => [t.name, t.group]));
  await runtime.close();
  rmSync(home, { recursive: true, force: true });
  const models = configSchema.parse({}).models;
  return {
    nlu,
    bands: { act: models.fast_path_threshold, ask: models.ask_threshold },
    groupOf: (tool: string) => groups.get(tool) ?? "(unknown tool)",
  };
}
