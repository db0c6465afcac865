/**
 * How much the NLU's figures move with the training seed: `npx tsx bench/nlu-seeds.ts [seeds…]`
 * (default 1 2 3 7) trains once per seed and prints, per seed and as a mean, right and false
 * actions on every set (and, for the everyday sets, right with the middle band's question answered
 * "yes") — the development sets (dev-everyday 1-4, HWU64 dev, the team's own
 * commands) and, as aggregates only, the blind everyday set, HWU64 held and CLINC150 out of scope
 * (docs/nlu-honesty.md: nothing here prints a sentence). A change is judged on the mean, since
 * one seed's false actions move by one or two.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createNlu } from "../src/brain/nlu/index.js";
import { configSchema } from "../src/config/schema.js";
import { silentLogger } from "../src/core/logger.js";
import { createRuntime } from "../src/runtime/runtime.js";
import {
  evalDir,
  here,
  loadBlind,
  loadClinc,
  loadEveryday,
  loadHwu,
  loadOwnCases,
  THROWAWAY_STORE,
  TIMEZONE,
} from "./nlu-data.js";
import { type Bands, scoreBlind, scoreCapabilities, scoreOwn } from "./nlu-score.js";

const seeds = process.argv.slice(2).map(Number);
if (seeds.some((s) => !Number.isInteger(s))) throw new Error("seeds must be integers: nlu-seeds.ts 1 2 3 7");
if (seeds.length === 0) seeds.push(1, 2, 3, 7);
const dir = evalDir();
if (!dir)
  throw new Error("evaluation data not found: set JARVIS_EVAL_DIR or put shared/eval beside the checkout");

const home = mkdtempSync(join(tmpdir(), "jarvis-nlu-seeds-"));
const runtime = createRuntime({
  env: { ...process.env, JARVIS_HOME: home, HOME: home, ...THROWAWAY_STORE },
  logger: silentLogger,
});
const tools = runtime.registry.list();
await runtime.close();
rmSync(home, { recursive: true, force: true });
const groups = new Map(tools.map((t) => [t.name, t.group]));
const groupOf = (tool: string) => groups.get(tool) ?? "(unknown tool)";
const models = configSchema.parse({}).models;
const bands: Bands = { act: models.fast_path_threshold, ask: models.ask_threshold };

const everyday = [
  "dev-everyday",
  "dev-everyday2",
  "dev-everyday3",
  "dev-everyday4",
  "dev-everyday5",
  "dev-everyday6",
  "dev-everyday7",
  "dev-everyday8",
  "dev-everyday9",
  "dev-everyday10",
  "dev-everyday11",
  "dev-everyday12",
  "dev-everyday13",
  "dev-everyday14",
  "dev-everyday15",
  "dev-everyday16",
  "dev-everyday17",
  "dev-everyday18",
  "dev-everyday19",
  "dev-everyday20",
  "dev-everyday21",
  "dev-everyday22",
  "dev-everyday23",
  "dev-everyday24",
  "dev-everyday25",
]
  .filter((name) => existsSync(join(here, "data", `${name}.jsonl`)))
  .map((name) => ({ name, cases: loadEveryday(`${name}.jsonl`) }));
const blindCases = loadBlind();
const hwuDev = loadHwu(dir, "dev");
const hwuHeld = loadHwu(dir, "held");
const oos = loadClinc(dir, "full_oos_val.csv");
const own = loadOwnCases();

// NLU_TRAINING='{"perTemplate":14,"epochs":3}' compares training efforts on the same seeds
const training = process.env.NLU_TRAINING ? { training: JSON.parse(process.env.NLU_TRAINING) } : {};

type Row = Record<string, { right: number; false: number; yes?: number }>;
const rows: Array<{ seed: number; ms: number; row: Row; mechanisms: Record<string, number> }> = [];
const pct = (x: number | null) => Math.round((x ?? 0) * 1000) / 10;
for (const seed of seeds) {
  const nlu = createNlu(tools, { timezone: TIMEZONE, seed, ...training });
  const row: Row = {};
  const blind = scoreBlind(blindCases, nlu, bands, groupOf);
  row.blind = {
    right: pct(blind.right),
    false: Math.round((blind.false_action_rate ?? 0) * blind.n),
    yes: pct(blind.right_with_question_answered_yes),
  };
  for (const set of everyday) {
    const r = scoreBlind(set.cases, nlu, bands, groupOf, { name: set.name, listMisses: false });
    row[set.name] = {
      right: pct(r.right),
      false: Math.round((r.false_action_rate ?? 0) * r.n),
      yes: pct(r.right_with_question_answered_yes),
    };
  }
  const latencies: number[] = [];
  for (const [name, items] of [
    ["hwu-dev", hwuDev],
    ["hwu-held", hwuHeld],
  ] as const) {
    const r = scoreCapabilities(name, items, nlu, bands, latencies);
    row[name] = { right: pct(r.right), false: r.false_actions };
  }
  const refused = scoreCapabilities("oos", oos, nlu, bands, latencies);
  row["clinc-oos refused"] = { right: pct(refused.refused_rate), false: refused.false_actions };
  const o = await scoreOwn(own, nlu, bands, latencies);
  row.own = { right: pct(o.right), false: o.false_actions };
  rows.push({
    seed,
    ms: Math.round(nlu.stats.trainingMs),
    row,
    mechanisms: blind.false_actions_by_mechanism,
  });
  console.error(`seed ${seed} done`);
}

const names = Object.keys(rows[0]!.row);
const cell = (v: { right: number; false: number }) => `${v.right.toFixed(1)}% / ${v.false}`.padStart(14);
console.log(
  `${"set (right / false)".padEnd(20)}${rows.map((r) => `seed ${r.seed}`.padStart(14)).join("")}${"mean".padStart(16)}`,
);
for (const name of names) {
  const values = rows.map((r) => r.row[name]!);
  const mean = (k: "right" | "false") => values.reduce((s, v) => s + v[k], 0) / values.length;
  console.log(
    `${name.padEnd(20)}${values.map(cell).join("")}${`${mean("right").toFixed(2)}% / ${mean("false").toFixed(2)}`.padStart(16)}`,
  );
}
// With the middle band's question answered "yes" (scoreBlind): the everyday sets only
console.log(
  `\n${"set (with yes)".padEnd(20)}${rows.map((r) => `seed ${r.seed}`.padStart(14)).join("")}${"mean".padStart(16)}`,
);
for (const name of names.filter((n) => rows[0]!.row[n]!.yes !== undefined)) {
  const values = rows.map((r) => r.row[name]!.yes ?? 0);
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  console.log(
    `${name.padEnd(20)}${values.map((v) => `${v.toFixed(1)}%`.padStart(14)).join("")}${`${mean.toFixed(2)}%`.padStart(16)}`,
  );
}
console.log(`${"training ms".padEnd(20)}${rows.map((r) => String(r.ms).padStart(14)).join("")}`);
for (const r of rows)
  console.log(`blind false by mechanism, seed ${r.seed}: ${JSON.stringify(r.mechanisms)}`);
