/**
 * The readers' held-out figure, fast: bench/model.bench.ts's `heldOut` loop (readers trained on
 * every recall writer but one, plus the everyday writers, that writer's set measured at 12 and
 * 20 tools with one search and the NLU's groups) and the blind set's aggregate with readers
 * trained on every writer. Means and per-set figures only; the blind set's sentences are never
 * printed. Without the model bench's other parts (tokens, the corpus, the variant without the
 * NLU's groups), so a way of training the readers can be tried in minutes.
 *
 * Run: npx tsx bench/reader-heldout.ts [act|act+ask|none] [weight] [both|group|tool] [declines]
 * (defaults: what the shipped readers train on, bench/reader-examples.ts; the third says which
 * reader learns from the everyday writers, the other from the recall writers only)
 */
import { join } from "node:path";
import { createNluInWorker } from "../src/brain/nlu/index.js";
import { type GroupReader, trainGroupReader, trainToolReader } from "../src/brain/retrieval/group-reader.js";
import { ToolRetriever } from "../src/brain/retrieval/retriever.js";
import { catalogWithTasks } from "../src/runtime/runtime.js";
import { TasksLink } from "../src/tasks/tools.js";
import { createAgentHarness } from "../src/testing/agent-harness.js";
import { createTempHome } from "../src/testing/home.js";
import { offerOnce, readRecallSet } from "./offer-once.js";
import {
  type EverydayOptions,
  groupOfTool,
  RECALL_FILES,
  type RecallItem,
  readerExamples,
  recallWriters,
} from "./reader-examples.js";

const here = new URL(".", import.meta.url).pathname;
const BUDGETS = { small_local: 12, cloud: 20 } as const;
const NOW = new Date("2026-11-26T10:00:00Z");
const [expectArg, weightArg, readersArg = "both", declinesArg] = process.argv.slice(2);
const options: EverydayOptions = {
  ...(expectArg ? { expect: expectArg as EverydayOptions["expect"] } : {}),
  ...(weightArg ? { weight: Number(weightArg) } : {}),
  ...(declinesArg === "declines" ? { declines: true } : {}),
};

const started = performance.now();
const temp = createTempHome("jarvis-bench-reader-");
const harness = createAgentHarness({ temp, tools: catalogWithTasks(new TasksLink()), extensions: true });
const { registry } = harness.agent.deps;
const nlu = await createNluInWorker(registry.list(), { timezone: "UTC", cacheDir: join(here, ".cache") });

const writers = recallWriters();
// The tool → group map the everyday lines are labelled by must be the catalog's
for (const [tool, group] of groupOfTool(writers))
  if (registry.get(tool)?.definition.group !== group)
    throw new Error(`${tool}: ${group} is not its catalog group`);

/** The NLU's groups of every request, read once (they do not depend on the readers). */
const parsed = new Map<string, readonly string[] | undefined>();
const groupsOf = (text: string) => {
  if (!parsed.has(text)) parsed.set(text, nlu.parse(text, { now: NOW, timezone: "UTC" }).groups);
  return parsed.get(text);
};

interface Figures {
  first: number;
  both: number;
  offered: number;
}
/** Recall in the first request, with one search, and the mean tools offered, at each budget. */
async function measure(items: readonly RecallItem[], readers: [GroupReader, GroupReader]) {
  const ranker = new ToolRetriever({
    catalog: () => registry.list(),
    groupReader: readers[0],
    toolReader: readers[1],
  });
  const out: Record<string, Figures> = {};
  for (const [label, budget] of Object.entries(BUDGETS)) {
    let first = 0;
    let both = 0;
    let offered = 0;
    for (const item of items) {
      const outcome = await offerOnce(ranker, registry, budget, item, groupsOf(item.text));
      first += outcome.first ? 1 : 0;
      both += outcome.both ? 1 : 0;
      offered += outcome.offer.size;
    }
    const share = (n: number) => Math.round((1000 * n) / items.length) / 10;
    out[label] = {
      first: share(first),
      both: share(both),
      offered: Math.round((10 * offered) / items.length) / 10,
    };
  }
  return out;
}

const train = (heldOut?: number): [GroupReader, GroupReader] => {
  const examples = readerExamples(writers, heldOut, options);
  const recallOnly = readerExamples(writers, heldOut, { expect: "none" });
  return [
    trainGroupReader(readersArg === "tool" ? recallOnly : examples),
    trainToolReader(readersArg === "group" ? recallOnly : examples),
  ];
};

const perSet: Record<string, Record<string, Figures>> = {};
for (const [k, file] of RECALL_FILES.entries()) {
  perSet[file.replace(".jsonl", "")] = await measure(writers[k]!, train(k));
  const f = perSet[file.replace(".jsonl", "")]!;
  console.log(`${file}: 12 ${f.small_local!.both} / 20 ${f.cloud!.both}`);
}
const mean = (label: string, key: keyof Figures) => {
  const values = Object.values(perSet).map((f) => f[label]![key]);
  return Math.round((100 * values.reduce((a, b) => a + b, 0)) / values.length) / 100;
};
const heldOutMean = Object.fromEntries(
  Object.keys(BUDGETS).map((label) => [
    label,
    {
      withOneSearch: mean(label, "both"),
      firstRequest: mean(label, "first"),
      toolsOffered: mean(label, "offered"),
    },
  ]),
);
const blindItems = readRecallSet("recall-set.jsonl");
const blind = await measure(blindItems, train());
await harness.close();

console.log(
  JSON.stringify(
    {
      options,
      everydayFor: readersArg,
      trainingExamples: readerExamples(writers, undefined, options).length,
      heldOutMean,
      blind,
      perSet,
      seconds: Math.round((performance.now() - started) / 1000),
    },
    null,
    2,
  ),
);
process.exit(0);
