/**
 * What the WordNet bridge changes, request by request, on every recall set: the first-request
 * misses it turns into hits and the hits it loses, at both budgets, against the same ranking
 * without it (development tool; `bench/model.bench.ts` gives the committed figures).
 *
 *   npx tsx scripts/lexicon-compare.ts [weight] [--show]
 *
 * `--show` prints the development sets' changed requests; the blind set is counted only.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chooseOffer } from "../src/agent/offer/choose.js";
import { loadLexicon } from "../src/brain/lexicon/lexicon.js";
import { createNluInWorker } from "../src/brain/nlu/index.js";
import { ToolRetriever } from "../src/brain/retrieval/retriever.js";
import { catalogWithTasks } from "../src/runtime/runtime.js";
import { TasksLink } from "../src/tasks/tools.js";
import { createAgentHarness } from "../src/testing/agent-harness.js";
import { createTempHome } from "../src/testing/home.js";

interface Item {
  id: string;
  text: string;
  tools: string[];
}

const args = process.argv.slice(2);
const weight = Number(args.find((a) => /^[\d.]+$/.test(a)) ?? "0.3");
const show = args.includes("--show");
const data = join(new URL(".", import.meta.url).pathname, "..", "bench", "data");
const SETS = ["", "2", "3", "4", "5", "6", "7", "8", "9"].map((n) => `recall-dev${n}`);
const load = (name: string): Item[] =>
  readFileSync(join(data, `${name}.jsonl`), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Item);

const temp = createTempHome("jarvis-lexicon-compare-");
const harness = createAgentHarness({ temp, tools: catalogWithTasks(new TasksLink()), extensions: true });
const { registry } = harness.agent.deps;
// --no-cue-words: the groups' hand-written everyday words left out of both rankings, to see how
// many of the hits they bring the bridge finds on its own (shapes stay)
const noCueWords = args.includes("--no-cue-words");
const listed = registry
  .list()
  .map((tool) =>
    noCueWords && tool.groupCues ? { ...tool, groupCues: { ...tool.groupCues, words: {} } } : tool,
  );
const catalog = () => listed;
const lexicon = await loadLexicon();
const without = new ToolRetriever({ catalog, lexicon: false });
const withIt = new ToolRetriever({ catalog, lexicon, lexiconWeight: weight });

// The NLU's groups per request, kept between runs (its build is the slow part)
const cacheFile = "/tmp/model15-groups.json";
const cached: Record<string, string[] | null> = existsSync(cacheFile)
  ? JSON.parse(readFileSync(cacheFile, "utf8"))
  : {};
const NOW = new Date("2026-11-26T10:00:00Z");
let nlu: Awaited<ReturnType<typeof createNluInWorker>> | undefined;
async function groupsOf(text: string): Promise<string[] | undefined> {
  if (!(text in cached)) {
    nlu ??= await createNluInWorker(registry.list(), { timezone: "UTC", cacheDir: join(data, "..", ".cache") });
    cached[text] = nlu.parse(text, { now: NOW, timezone: "UTC" }).groups ?? null;
  }
  return cached[text] ?? undefined;
}

async function outcome(retriever: ToolRetriever, item: Item, budget: number) {
  const groups = await groupsOf(item.text);
  const offer = await chooseOffer({
    retriever,
    registry,
    budget,
    request: { text: item.text, ...(groups ? { groups } : {}) },
  });
  const found = await retriever.search(item.text, offer.offered, offer.searchLimit);
  const first = item.tools.every((tool) => offer.has(tool));
  const both = item.tools.every((tool) => offer.has(tool) || found.some((f) => f.name === tool));
  return { first, both, size: offer.size };
}

const pct = (n: number, of: number) => (Math.round((1000 * n) / of) / 10).toFixed(1);
for (const name of [...SETS, "recall-set"]) {
  const items = load(name);
  const blind = name === "recall-set";
  const row: string[] = [];
  for (const budget of [20, 12]) {
    const t = { a1: 0, b1: 0, a2: 0, b2: 0, sa: 0, sb: 0, gained: 0, lost: 0, gained2: 0, lost2: 0 };
    for (const item of items) {
      const a = await outcome(without, item, budget);
      const b = await outcome(withIt, item, budget);
      t.a1 += +a.first;
      t.b1 += +b.first;
      t.a2 += +a.both;
      t.b2 += +b.both;
      t.sa += a.size;
      t.sb += b.size;
      if (!a.first && b.first) t.gained++;
      if (a.first && !b.first) t.lost++;
      if (!a.both && b.both) t.gained2++;
      if (a.both && !b.both) t.lost2++;
      if (show && !blind && a.first !== b.first)
        console.log(`  ${budget} ${b.first ? "+" : "-"} ${item.text} :: ${item.tools.join(",")}`);
    }
    const n = items.length;
    row.push(
      `@${budget} search ${pct(t.a2, n)}→${pct(t.b2, n)} (+${t.gained2}/-${t.lost2}) first ${pct(t.a1, n)}→${pct(t.b1, n)} (+${t.gained}/-${t.lost} of ${n - t.a1} misses) mean ${(t.sa / n).toFixed(2)}→${(t.sb / n).toFixed(2)}`,
    );
  }
  console.log(`${name.padEnd(13)} ${row.join(" | ")}`);
}
writeFileSync(cacheFile, JSON.stringify(cached));
await harness.close();
process.exit(0);
