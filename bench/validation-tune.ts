/**
 * Global settings of the tool offer tried on fresh writers' sets (decision 0050): sets nobody has
 * read and the readers have not trained on, kept outside bench/data until they join it. Prints
 * aggregates only (recall with one search at 20 and 12 tools, first-request recall, tools offered
 * and found); never a sentence or a miss. Each config patches the exported settings in place:
 * `S` SIGNALS, `R` READER, `K` NEIGHBOUR_SETTINGS, `L` LARGE_ROOM_RANGE, `M` ROOM_RANGE.
 *
 * Run: TUNE=/abs/a.jsonl,/abs/b.jsonl CONFIGS='[{},{"S":{"neighbour":2}}]' npx tsx bench/validation-tune.ts
 */
import { join } from "node:path";
import { LARGE_ROOM_RANGE, ROOM_RANGE } from "../src/agent/offer/choose.js";
import { createNluInWorker } from "../src/brain/nlu/index.js";
import { NEIGHBOUR_SETTINGS } from "../src/brain/retrieval/neighbours.js";
import { READER, SIGNALS } from "../src/brain/retrieval/tool-index.js";
import { catalogWithTasks } from "../src/runtime/runtime.js";
import { TasksLink } from "../src/tasks/tools.js";
import { createAgentHarness } from "../src/testing/agent-harness.js";
import { createTempHome } from "../src/testing/home.js";
import { offerOnce, readRecallSet } from "./offer-once.js";

const here = new URL(".", import.meta.url).pathname;
const NOW = new Date("2026-11-26T10:00:00Z");
const temp = createTempHome("jarvis-tune-");
const harness = createAgentHarness({ temp, tools: catalogWithTasks(new TasksLink()), extensions: true });
const { retriever, registry } = harness.agent.deps;
retriever.index();
const nlu = await createNluInWorker(registry.list(), { timezone: "UTC", cacheDir: join(here, ".cache") });
const sets = (process.env.TUNE ?? "").split(",").filter(Boolean).map(readRecallSet);
const groupsOf = new Map<string, readonly string[] | undefined>();
for (const item of sets.flat())
  groupsOf.set(item.text, nlu.parse(item.text, { now: NOW, timezone: "UTC" })?.groups);
const base = {
  M: [...ROOM_RANGE],
  K: { ...NEIGHBOUR_SETTINGS },
  S: { ...SIGNALS },
  R: { ...READER },
  L: [...LARGE_ROOM_RANGE],
};
const configs = JSON.parse(process.env.CONFIGS ?? "[{}]") as Array<
  Record<string, Record<string, number> | number[]>
>;
for (const config of configs) {
  Object.assign(SIGNALS, base.S, config.S ?? {});
  Object.assign(NEIGHBOUR_SETTINGS, base.K, config.K ?? {});
  Object.assign(READER, base.R, config.R ?? {});
  const M = (config.M as number[] | undefined) ?? base.M;
  (ROOM_RANGE as unknown as number[])[0] = M[0]!;
  (ROOM_RANGE as unknown as number[])[1] = M[1]!;
  const L = (config.L as number[] | undefined) ?? base.L;
  (LARGE_ROOM_RANGE as unknown as number[])[0] = L[0]!;
  (LARGE_ROOM_RANGE as unknown as number[])[1] = L[1]!;
  const out: string[] = [];
  for (const budget of [20, 12]) {
    const per: number[] = [];
    let first = 0,
      offered = 0,
      found = 0,
      n = 0;
    for (const items of sets) {
      let both = 0;
      for (const item of items) {
        const outcome = await offerOnce(retriever, registry, budget, item, groupsOf.get(item.text));
        first += outcome.first ? 1 : 0;
        both += outcome.both ? 1 : 0;
        offered += outcome.offer.size;
        found += outcome.found.length;
        n++;
      }
      per.push((100 * both) / items.length);
    }
    const mean = per.reduce((a, b) => a + b, 0) / per.length;
    out.push(
      `@${budget} ${mean.toFixed(2)} (first ${((100 * first) / n).toFixed(2)}, offered ${(offered / n).toFixed(2)}, found ${(found / n).toFixed(1)})`,
    );
  }
  console.log(JSON.stringify(config), out.join(" | "));
}
await harness.close();
process.exit(0);
