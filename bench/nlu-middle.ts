/**
 * What becomes of the requests to act that Jarvis does not act on (issue 16, the middle band):
 * `npx tsx bench/nlu-middle.ts [--list]` counts, on every everyday set, how each "act" case ends
 * (acted, asked for a value, a middle-band question with the right values or the wrong ones, a
 * wrong tool, "a question about the world", not understood), and how the declines end, with the
 * "right / with yes / false" figures of `scoreBlind`; then HWU64 and CLINC out of scope. `--list`
 * prints the development sets' lines by ending; blind and held-out sets give counts only
 * (docs/nlu-honesty.md).
 */
import type { NluContext } from "../src/brain/nlu/index.js";
import {
  type BlindCase,
  evalDir,
  loadBlind,
  loadClinc,
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
  NOW,
  TIMEZONE,
} from "./nlu-data.js";
import { developmentNlu } from "./nlu-dev.js";
import {
  type Behaviour,
  behaviourOf,
  blindArgsMatch,
  contextAfter,
  scoreBlind,
  scoreCapabilities,
} from "./nlu-score.js";

const list = process.argv.includes("--list");
const { nlu, bands, groupOf } = await developmentNlu("jarvis-nlu-middle-");
const base: NluContext = { now: NOW, timezone: TIMEZONE };

/** How one case ended, in words the counts are kept under. */
function ending(c: BlindCase, b: Behaviour, below: boolean): string {
  const one = (b.kind === "acted" || b.kind === "middle") && b.calls.length === 1 ? b.calls[0] : undefined;
  if (c.expect === "decline")
    return b.kind === "acted" || b.kind === "middle" ? `decline ${b.kind}` : "declined";
  if (b.kind === "asked") return b.tool === c.tool ? "asked right tool" : "asked wrong tool";
  if (!one)
    return b.kind === "talk"
      ? "small talk"
      : b.kind !== "none"
        ? b.kind
        : below
          ? "action below the floor"
          : "unknown";
  if (one.tool !== c.tool) return `${b.kind} wrong tool`;
  return `${b.kind} right tool${blindArgsMatch(c.args ?? {}, one.args) ? "" : ", wrong args"}`;
}

function breakdown(cases: BlindCase[], name: string, listable: boolean) {
  const counts = new Map<string, number>();
  const lines: string[] = [];
  for (const c of cases) {
    const context = c.after ? contextAfter(nlu, c.after, bands, base) : base;
    const result = nlu.parse(c.text, context);
    const b = behaviourOf(result, bands);
    const key = `${c.expect}: ${ending(c, b, result.kind === "action")}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (listable && list && !/acted right tool$|asked right tool|declined/.test(key)) {
      const calls = b.kind === "acted" || b.kind === "middle" ? JSON.stringify(b.calls) : "";
      const ev = result.evidence ? JSON.stringify(result.evidence) : "";
      lines.push(
        `${key} | ${c.text} [want ${c.tool ?? "-"} ${JSON.stringify(c.args ?? {})}] → ${result.confidence} ${calls} ${ev}`,
      );
    }
  }
  const scored = scoreBlind(cases, nlu, bands, groupOf, { name, listMisses: false });
  const fig = (r: {
    right: number | null;
    right_with_question_answered_yes: number | null;
    false_action_rate: number | null;
    n: number;
  }) =>
    `right ${r.right} with yes ${r.right_with_question_answered_yes} false ${r.false_action_rate} (n ${r.n})`;
  console.log(`\n# ${name}: ${fig(scored)}`);
  for (const [k, v] of Object.entries(scored.by_expect)) console.log(`  ${k}: ${fig(v)}`);
  for (const [k, v] of [...counts].sort()) console.log(`  ${k}  ${v}`);
  for (const l of lines.sort()) console.log(`    ${l}`);
}

breakdown(loadDevEveryday(), "dev-everyday (development)", true);
breakdown(loadDevEveryday2(), "dev-everyday2 (development)", true);
breakdown(loadDevEveryday3(), "dev-everyday3 (development)", true);
breakdown(loadDevEveryday4(), "dev-everyday4 (development after its untuned score)", true);
breakdown(loadDevEveryday5(), "dev-everyday5 (development after its untuned score)", true);
breakdown(loadDevEveryday6(), "dev-everyday6 (development after its untuned score)", true);
breakdown(loadDevEveryday7(), "dev-everyday7 (development after its untuned score)", true);
breakdown(loadDevEveryday8(), "dev-everyday8 (development after its untuned score)", true);
breakdown(loadDevEveryday9(), "dev-everyday9 (development after its untuned score)", true);
breakdown(loadDevEveryday10(), "dev-everyday10 (development after its untuned score)", true);
breakdown(loadDevEveryday11(), "dev-everyday11 (development after its untuned score)", true);
breakdown(loadDevEveryday12(), "dev-everyday12 (development after its untuned score)", true);
breakdown(loadDevEveryday13(), "dev-everyday13 (development after its untuned score)", true);
breakdown(loadDevEveryday14(), "dev-everyday14 (development after its untuned score)", true);
breakdown(loadDevEveryday15(), "dev-everyday15 (development after its untuned score)", true);
breakdown(loadDevEveryday16(), "dev-everyday16 (development after its untuned score)", true);
breakdown(loadDevEveryday17(), "dev-everyday17 (development after its untuned score)", true);
breakdown(loadDevEveryday18(), "dev-everyday18 (development after its untuned score)", true);
breakdown(loadDevEveryday19(), "dev-everyday19 (development after its untuned score)", true);
breakdown(loadDevEveryday20(), "dev-everyday20 (development after its untuned score)", true);
breakdown(loadDevEveryday21(), "dev-everyday21 (development after its untuned score)", true);
breakdown(loadDevEveryday22(), "dev-everyday22 (development after its untuned score)", true);
breakdown(loadDevEveryday23(), "dev-everyday23 (development after its untuned score)", true);
breakdown(loadDevEveryday24(), "dev-everyday24 (development after its untuned score)", true);
breakdown(loadDevEveryday25(), "dev-everyday25 (development after its untuned score)", true);
breakdown(loadBlind(), "blind (counts only)", false);
const dir = evalDir();
if (dir) {
  for (const s of [
    scoreCapabilities("hwu64_dev", loadHwu(dir, "dev"), nlu, bands, []),
    scoreCapabilities("hwu64_held", loadHwu(dir, "held"), nlu, bands, []),
    scoreCapabilities("clinc150_oos_val", loadClinc(dir, "full_oos_val.csv"), nlu, bands, []),
  ])
    console.log(
      `# ${s.name}: right ${s.right} with yes ${s.right_with_question_answered_yes} middle ${s.middle_band} false ${s.false_action_rate} refused ${s.refused_rate}`,
    );
}
