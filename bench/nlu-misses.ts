/**
 * Error analysis on development data only (docs/nlu-honesty.md): `npx tsx bench/nlu-misses.ts
 * hwu-dev [category…]` prints the HWU64 dev part's misses and false actions grouped by category;
 * `… own` prints the team's own set's. The blind set, the HWU64 held part, CLINC150 val and SNIPS
 * cannot be listed: they are measured, never read.
 */
import { capabilityOfTool, evalDir, loadHwu, loadOwnCases, NOW, TIMEZONE } from "./nlu-data.js";
import { developmentNlu } from "./nlu-dev.js";
import { behaviourOf, callsOf } from "./nlu-score.js";

const [set, ...categories] = process.argv.slice(2);
if (set !== "hwu-dev" && set !== "own") {
  console.error("usage: nlu-misses.ts hwu-dev [category…] | own   (only development data can be listed)");
  process.exit(2);
}
const { nlu, bands } = await developmentNlu("jarvis-nlu-misses-");
const context = { now: NOW, timezone: TIMEZONE };

const describe = (text: string) => {
  const result = nlu.parse(text, context);
  const b = behaviourOf(result, bands);
  const calls = callsOf(result)
    .map((c) => `${c.tool}${JSON.stringify(c.args)}`)
    .join(" + ");
  return { b, line: `${b.kind} ${result.confidence.toFixed(2)} ${calls}` };
};

if (set === "own") {
  for (const c of loadOwnCases()) {
    const { b, line } = describe(c.text);
    const want = c.calls?.map((x) => x.tool).join("+") ?? c.kind;
    const got = b.kind === "acted" || b.kind === "middle" ? b.calls.map((x) => x.tool).join("+") : b.kind;
    if (got !== want) console.log(`${c.text}  →  ${line}   (want ${want})`);
  }
} else {
  const dir = evalDir();
  if (!dir) throw new Error("evaluation data not found");
  const byCategory = new Map<string, string[]>();
  for (const item of loadHwu(dir, "dev")) {
    if (categories.length > 0 && !categories.includes(item.category)) continue;
    const { b, line } = describe(item.text);
    const capability = (tool: string) => capabilityOfTool(tool);
    const acted = b.kind === "acted";
    const right =
      item.capability === null
        ? !acted
        : (acted && b.calls.every((c) => capability(c.tool) === item.capability)) ||
          (b.kind === "asked" && capability(b.tool) === item.capability) ||
          (b.kind === "question" && item.capability === "question") ||
          (b.kind === "talk" && item.capability === "dialog");
    if (right) continue;
    const list = byCategory.get(item.category) ?? [];
    list.push(`${acted ? "FALSE " : ""}${item.text}  →  ${line}`);
    byCategory.set(item.category, list);
  }
  for (const [category, lines] of [...byCategory].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`\n## ${category} (${lines.length})`);
    for (const l of lines) console.log(`  ${l}`);
  }
}
