/**
 * The neighbour reader measured as `bench/model.bench.ts` measures the readers: leave-one-writer-
 * out over recall-dev 1–26 (group and tool readers AND the neighbour index built without the
 * measured writer's set; at 12 and 20, one search, NLU groups on), then the blind set's
 * aggregate with everything built on every recall-dev set (aggregates only: its sentences are
 * never printed). Each argument is one setting to measure: `off` (no neighbour reader: main's
 * figures) or `k=10,floor=0.1,sure=0.3,lift=3`. The held-out readers take ~3 minutes to train; they are
 * kept in bench/.cache between runs (keyed by the sets' contents).
 *
 * Run: npx tsx bench/neighbour-heldout.ts off k=10,floor=0.1,sure=0.3,lift=3
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createNluInWorker } from "../src/brain/nlu/index.js";
import {
  type GroupExample,
  GroupReader,
  trainGroupReader,
  trainToolReader,
} from "../src/brain/retrieval/group-reader.js";
import { buildNeighbourReader, type NeighbourReader } from "../src/brain/retrieval/neighbours.js";
import { ToolRetriever } from "../src/brain/retrieval/retriever.js";
import { catalogWithTasks } from "../src/runtime/runtime.js";
import { TasksLink } from "../src/tasks/tools.js";
import { createAgentHarness } from "../src/testing/agent-harness.js";
import { createTempHome } from "../src/testing/home.js";
import { offerOnce, readRecallSet } from "./offer-once.js";
import type { RecallItem } from "./reader-examples.js";

interface Setting {
  name: string;
  k: number;
  floor: number;
  sure: number;
  lift: number;
}

const started = performance.now();
const here = new URL(".", import.meta.url).pathname;
const BUDGETS = { small_local: 12, cloud: 20 } as const;
const NOW = new Date("2026-11-26T10:00:00Z");

const settings: Setting[] = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["off"]).map(
  (arg) => {
    if (arg === "off") return { name: arg, k: 0, floor: 0, sure: 0, lift: 0 };
    const values = Object.fromEntries(arg.split(",").map((pair) => pair.split("=") as [string, string]));
    return {
      name: arg,
      k: Number(values.k ?? 10),
      floor: Number(values.floor ?? 0.1),
      sure: Number(values.sure ?? 0.3),
      lift: Number(values.lift ?? 3),
    };
  },
);

const temp = createTempHome("jarvis-bench-neighbour-");
const harness = createAgentHarness({ temp, tools: catalogWithTasks(new TasksLink()), extensions: true });
const { retriever, registry } = harness.agent.deps;
retriever.index();
const nlu = await createNluInWorker(registry.list(), { timezone: "UTC", cacheDir: join(here, ".cache") });

const DEV_SETS = readdirSync(join(here, "data"))
  .flatMap((name) => /^recall-dev(\d*)\.jsonl$/.exec(name)?.[1] ?? [])
  .sort((a, b) => Number(a || 1) - Number(b || 1));
const devItems = DEV_SETS.map((n) => readRecallSet(`recall-dev${n}.jsonl`));
const blindItems = readRecallSet("recall-set.jsonl");

// The NLU's groups for every request, read once (they do not depend on the setting)
const parsedGroups = new Map<string, readonly string[] | undefined>();
for (const item of [...devItems.flat(), ...blindItems])
  if (!parsedGroups.has(item.text))
    parsedGroups.set(item.text, nlu.parse(item.text, { now: NOW, timezone: "UTC" })?.groups);

// The held-out group and tool readers, trained once and kept (raw weights, not the shipped bytes)
const key = createHash("sha1")
  .update(readFileSync(new URL("../src/brain/retrieval/group-reader.ts", import.meta.url)))
  .update(readFileSync(new URL("../src/brain/retrieval/reader-structure.ts", import.meta.url)))
  .update(
    devItems
      .map((items) => items.map((i) => `${i.text}\u0000${i.groups}\u0000${i.tools}`).join("\n"))
      .join("\u0001"),
  )
  .digest("hex")
  .slice(0, 12);
const cacheDir = join(here, ".cache", `heldout-readers-${key}`);
function cached(name: string, train: () => GroupReader): GroupReader {
  const file = join(cacheDir, `${name}.json`);
  if (existsSync(file)) {
    const { groups, weights, bias } = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    const floats = (b64: string) => new Float32Array(new Uint8Array(Buffer.from(b64, "base64")).buffer);
    return new GroupReader(JSON.parse(groups!) as string[], floats(weights!), floats(bias!));
  }
  const reader = train();
  const parts = reader.parts();
  mkdirSync(cacheDir, { recursive: true });
  const b64 = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString("base64");
  writeFileSync(
    file,
    JSON.stringify({
      groups: JSON.stringify(parts.groups),
      weights: b64(parts.weights),
      bias: b64(parts.bias),
    }),
  );
  return reader;
}
const others = (k: number) => devItems.filter((_, j) => j !== k).flat() satisfies GroupExample[];
const readers = DEV_SETS.map((n, k) => ({
  groups: cached(`groups-${n || 1}`, () => trainGroupReader(others(k))),
  tools: cached(`tools-${n || 1}`, () => trainToolReader(others(k))),
}));
const readyMs = Math.round(performance.now() - started);

interface Figures {
  first: number;
  both: number;
  offered: number;
}
async function measure(items: RecallItem[], ranker: ToolRetriever, budget: number): Promise<Figures> {
  let first = 0;
  let both = 0;
  let offered = 0;
  for (const item of items) {
    const outcome = await offerOnce(ranker, registry, budget, item, parsedGroups.get(item.text));
    first += outcome.first ? 1 : 0;
    both += outcome.both ? 1 : 0;
    offered += outcome.offer.size;
  }
  const pct = (n: number) => Math.round((1000 * n) / items.length) / 10;
  return { first: pct(first), both: pct(both), offered: Math.round((10 * offered) / items.length) / 10 };
}

// The neighbour index without each set (and with all, for the blind set), built once per run
const indexes = new Map<number, NeighbourReader>();
const neighbours = (k: number, s: Setting): NeighbourReader | null => {
  if (s.k === 0) return null;
  let index = indexes.get(k);
  if (!index) {
    index = buildNeighbourReader(devItems.filter((_, j) => j !== k).flat());
    indexes.set(k, index);
  }
  return index.with({ k: s.k, floor: s.floor, sure: s.sure });
};
const mean = (values: number[]) =>
  Math.round((100 * values.reduce((a, b) => a + b, 0)) / values.length) / 100;
const report: Record<string, unknown> = {};
for (const s of settings) {
  const t0 = performance.now();
  const perSet: Record<string, Record<string, Figures>> = {};
  for (const [k, n] of DEV_SETS.entries()) {
    const heldOut = new ToolRetriever({
      catalog: () => registry.list(),
      groupReader: readers[k]!.groups,
      toolReader: readers[k]!.tools,
      neighbourReader: neighbours(k, s),
      neighbourWeight: s.lift,
    });
    const figures: Record<string, Figures> = {};
    for (const [label, budget] of Object.entries(BUDGETS))
      figures[label] = await measure(devItems[k]!, heldOut, budget);
    perSet[`dev${n || 1}`] = figures;
  }
  const all = new ToolRetriever({
    catalog: () => registry.list(),
    neighbourReader: neighbours(-1, s),
    neighbourWeight: s.lift,
  });
  const blind: Record<string, Figures> = {};
  for (const [label, budget] of Object.entries(BUDGETS))
    blind[label] = await measure(blindItems, all, budget);
  const sets = Object.values(perSet);
  const heldOutMean = Object.fromEntries(
    Object.keys(BUDGETS).map((label) => [
      label,
      {
        both: mean(sets.map((f) => f[label]!.both)),
        first: mean(sets.map((f) => f[label]!.first)),
        offered: mean(sets.map((f) => f[label]!.offered)),
      },
    ]),
  );
  const line = (label: string) => {
    const h = heldOutMean[label]!;
    return `${label} held-out ${h.both} (first ${h.first}, offered ${h.offered}) blind ${blind[label]!.both} (first ${blind[label]!.first}, offered ${blind[label]!.offered})`;
  };
  console.log(
    `${s.name}: ${line("cloud")} | ${line("small_local")} [${Math.round((performance.now() - t0) / 1000)} s]`,
  );
  report[s.name] = {
    heldOutMean,
    blind,
    perSet: Object.fromEntries(
      Object.entries(perSet).map(([name, f]) => [name, `${f.cloud!.both} / ${f.small_local!.both}`]),
    ),
  };
}
await harness.close();
const out = join(here, ".cache", `neighbour-heldout-${process.pid}.json`);
writeFileSync(out, JSON.stringify({ readyMs, report }, null, 2));
console.log(`set-up ${Math.round(readyMs / 1000)} s; per set (cloud / small_local) in ${out}`);
process.exit(0);
