/**
 * Where false actions come from, on development data only (docs/nlu-honesty.md):
 * `npx tsx bench/nlu-false.ts [--list]` classifies every false action on the two development
 * everyday sets, the team's own commands and the HWU64 dev part by the mechanism that produced
 * it (template, classifier, look-up rescue, follow-up, several commands) and by what was wanted
 * (another tool, a decline, a question for a missing value). `--list` prints the development
 * sets' lines; the blind set, the HWU64 held part and CLINC150 are never read here.
 */
import type { NluContext, NluResult } from "../src/brain/nlu/index.js";
import {
  capabilityOfTool,
  evalDir,
  loadDevEveryday,
  loadDevEveryday2,
  loadDevEveryday3,
  loadDevEveryday4,
  loadDevEveryday5,
  loadDevEveryday6,
  loadDevEveryday7,
  loadDevEveryday8,
  loadDevEveryday9,
  loadDevEveryday10,
  loadDevEveryday11,
  loadDevEveryday12,
  loadDevEveryday13,
  loadDevEveryday14,
  loadDevEveryday15,
  loadDevEveryday16,
  loadDevEveryday17,
  loadDevEveryday18,
  loadDevEveryday19,
  loadDevEveryday20,
  loadDevEveryday21,
  loadDevEveryday22,
  loadDevEveryday23,
  loadDevEveryday24,
  loadDevEveryday25,
  loadHwu,
  loadOwnCases,
  NOW,
  TIMEZONE,
} from "./nlu-data.js";
import { developmentNlu } from "./nlu-dev.js";
import { behaviourOf, callsOf, contextAfter, mechanismOf } from "./nlu-score.js";

const list = process.argv.includes("--list");
const { nlu, bands } = await developmentNlu("jarvis-nlu-false-");
const base: NluContext = { now: NOW, timezone: TIMEZONE };

const table = new Map<string, number>();
const lines: string[] = [];
function record(set: string, wanted: string, result: NluResult, followUp: boolean, text: string) {
  const key = `${set} | ${mechanismOf(result, followUp)} | ${wanted}`;
  table.set(key, (table.get(key) ?? 0) + 1);
  const calls = callsOf(result).map((c) => `${c.tool}${JSON.stringify(c.args)}`);
  lines.push(`${key} :: ${text} → ${result.confidence} ${calls.join(" + ")}`);
}

let n = 0;
const everyday = [
  ...loadDevEveryday().map((c) => ({ set: "dev-everyday", c })),
  ...loadDevEveryday2().map((c) => ({ set: "dev-everyday2", c })),
  ...loadDevEveryday3().map((c) => ({ set: "dev-everyday3", c })),
  ...loadDevEveryday4().map((c) => ({ set: "dev-everyday4", c })),
  ...loadDevEveryday5().map((c) => ({ set: "dev-everyday5", c })),
  ...loadDevEveryday6().map((c) => ({ set: "dev-everyday6", c })),
  ...loadDevEveryday7().map((c) => ({ set: "dev-everyday7", c })),
  ...loadDevEveryday8().map((c) => ({ set: "dev-everyday8", c })),
  ...loadDevEveryday9().map((c) => ({ set: "dev-everyday9", c })),
  ...loadDevEveryday10().map((c) => ({ set: "dev-everyday10", c })),
  ...loadDevEveryday11().map((c) => ({ set: "dev-everyday11", c })),
  ...loadDevEveryday12().map((c) => ({ set: "dev-everyday12", c })),
  ...loadDevEveryday13().map((c) => ({ set: "dev-everyday13", c })),
  ...loadDevEveryday14().map((c) => ({ set: "dev-everyday14", c })),
  ...loadDevEveryday15().map((c) => ({ set: "dev-everyday15", c })),
  ...loadDevEveryday16().map((c) => ({ set: "dev-everyday16", c })),
  ...loadDevEveryday17().map((c) => ({ set: "dev-everyday17", c })),
  ...loadDevEveryday18().map((c) => ({ set: "dev-everyday18", c })),
  ...loadDevEveryday19().map((c) => ({ set: "dev-everyday19", c })),
  ...loadDevEveryday20().map((c) => ({ set: "dev-everyday20", c })),
  ...loadDevEveryday21().map((c) => ({ set: "dev-everyday21", c })),
  ...loadDevEveryday22().map((c) => ({ set: "dev-everyday22", c })),
  ...loadDevEveryday23().map((c) => ({ set: "dev-everyday23", c })),
  ...loadDevEveryday24().map((c) => ({ set: "dev-everyday24", c })),
  ...loadDevEveryday25().map((c) => ({ set: "dev-everyday25", c })),
];
for (const { set, c } of everyday) {
  const context = c.after ? contextAfter(nlu, c.after, bands, base) : base;
  const result = nlu.parse(c.text, context);
  const b = behaviourOf(result, bands);
  n += 1;
  if (b.kind !== "acted") continue;
  if (c.expect !== "decline" && b.calls.length === 1 && b.calls[0]!.tool === c.tool) continue;
  const wanted =
    c.expect === "decline" ? "should decline" : c.expect === "ask" ? "should ask (wrong tool)" : "wrong tool";
  record(
    set,
    wanted,
    result,
    !!c.after,
    `${c.after ? `(after "${c.after}") ` : ""}${c.text} [want ${c.tool ?? c.expect}]`,
  );
}
const devN = n;
for (const c of loadOwnCases()) {
  const result = nlu.parse(c.text, base);
  const b = behaviourOf(result, bands);
  if (b.kind !== "acted") continue;
  const expected = c.calls ?? [];
  const same =
    c.kind === "action" &&
    b.calls.length === expected.length &&
    expected.every((e, i) => b.calls[i]?.tool === e.tool);
  if (same) continue;
  record(
    "own",
    c.kind === "action" ? "wrong tool" : "should decline",
    result,
    false,
    `${c.text} [want ${expected.map((e) => e.tool).join("+") || c.kind}]`,
  );
}
const dir = evalDir();
const hwu = dir ? loadHwu(dir, "dev") : [];
for (const item of hwu) {
  const result = nlu.parse(item.text, base);
  const b = behaviourOf(result, bands);
  if (b.kind !== "acted") continue;
  if (item.capability !== null && b.calls.every((c) => capabilityOfTool(c.tool) === item.capability))
    continue;
  // HWU64 dev lines are development data: listed by category only unless --list
  record(
    "hwu-dev",
    item.capability === null ? "should decline" : "wrong tool",
    result,
    false,
    `[${item.category}] ${item.text}`,
  );
}
console.log(`dev-everyday 1-3 ${devN}, own ${loadOwnCases().length}, hwu-dev ${hwu.length}`);
for (const [k, v] of [...table].sort()) console.log(`${String(v).padStart(4)}  ${k}`);
if (list) for (const l of lines.sort()) console.log(l);
