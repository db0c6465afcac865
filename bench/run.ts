/**
 * Runs benchmarks: `npm run bench` runs every `bench/*.bench.ts`, `npm run bench -- gate nlu`
 * runs the named ones. Each benchmark writes its own `bench/results/<name>.json`.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const all = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .map((f) => f.replace(/\.bench\.ts$/, ""));
const selected = wanted.length > 0 ? all.filter((name) => wanted.includes(name)) : all;
let failed = 0;
for (const name of selected) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(process.execPath, ["--import", "tsx", join(dir, `${name}.bench.ts`)], {
    stdio: "inherit",
  });
  if (result.status !== 0) failed += 1;
}
process.exitCode = failed > 0 ? 1 : 0;
