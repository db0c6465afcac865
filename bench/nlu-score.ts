/**
 * The behaviour metric of the embedded NLU (issue 16): a reading is right only when Jarvis does
 * it — acts with the right tool at `confidence >= models.fast_path_threshold`, or asks for the
 * missing value of the right tool. A false action is acting with a wrong tool, or acting on a
 * request it should decline. A complete reading in the middle band (below the threshold, at or
 * above the lower one) is put to the user as a yes/no question; how often that question names
 * the right reading is counted separately ("with the question answered yes").
 */
import type { Nlu, NluCall, NluContext, NluResult } from "../src/brain/nlu/index.js";
import { Calculator } from "../src/tools/calc/evaluate.js";
import { blindArgsMatch } from "./nlu-args.js";
import {
  type BlindCase,
  type Capability,
  capabilityOfTool,
  type Item,
  NOW,
  type OwnCase,
  TIMEZONE,
} from "./nlu-data.js";
import { summarize } from "./util.js";

export interface Bands {
  /** `models.fast_path_threshold`: at or above it Jarvis acts without asking. */
  act: number;
  /** The middle band's floor: a complete reading from here up to `act` is asked as a question. */
  ask: number;
}

export type Behaviour =
  | { kind: "acted"; calls: NluCall[] }
  | { kind: "middle"; calls: NluCall[] }
  | { kind: "asked"; tool: string; args: Record<string, unknown>; missing: string[] }
  | { kind: "talk"; result: NluResult }
  | { kind: "question" }
  | { kind: "none" };

export function callsOf(result: NluResult): NluCall[] {
  if (result.calls?.length) return result.calls;
  return result.tool ? [{ tool: result.tool, args: result.args ?? {} }] : [];
}

/** What Jarvis does with a reading when no language model is configured. */
export function behaviourOf(result: NluResult, bands: Bands): Behaviour {
  const calls = callsOf(result);
  if (result.kind === "action" && result.missing?.length && calls.length === 1)
    return { kind: "asked", tool: calls[0]!.tool, args: calls[0]!.args, missing: result.missing };
  if (result.kind === "action" && calls.length > 0) {
    if (result.confidence >= bands.act) return { kind: "acted", calls };
    if (result.confidence >= bands.ask) return { kind: "middle", calls };
    return { kind: "none" };
  }
  // Without a model, a dialog act or small talk is answered as such whatever its confidence
  if (result.kind === "dialog" || result.kind === "chat") return { kind: "talk", result };
  if (result.kind === "question") return { kind: "question" };
  return { kind: "none" };
}

/**
 * The context of a follow-up's second turn: the first turn's single action as the last call,
 * or its question for a missing value as the pending call (as a running Jarvis keeps them).
 */
export function contextAfter(nlu: Nlu, first: string, bands: Bands, base: NluContext): NluContext {
  const context: NluContext = { ...base };
  const b = behaviourOf(nlu.parse(first, base), bands);
  if (b.kind === "acted" && b.calls.length === 1) context.lastCall = b.calls[0]!;
  if (b.kind === "asked") context.pending = { tool: b.tool, args: b.args, missing: b.missing };
  return context;
}

/**
 * The parser's path to an action, read from what the reading carries: classifier evidence, the
 * fixed confidences of templates (a free-text slot is 0.9) and of follow-ups/references (0.92),
 * or several calls. Used to say where false actions come from (aggregates only on blind sets).
 */
export function mechanismOf(result: NluResult, followUp: boolean): string {
  if (result.evidence) return result.evidence.via === "lookup" ? "look-up rescue" : "classifier";
  if (callsOf(result).length > 1) return "several commands";
  if (result.confidence === 0.92) return followUp ? "follow-up" : "reference";
  return result.confidence >= 0.95 ? "template" : "free-text template";
}

const ratio = (a: number, b: number) => (b === 0 ? null : Math.round((a / b) * 10000) / 10000);
const CONTEXT: NluContext = { now: NOW, timezone: TIMEZONE };

function timed(nlu: Nlu, text: string, latencies: number[], context: NluContext = CONTEXT): NluResult {
  const t0 = performance.now();
  const result = nlu.parse(text, context);
  latencies.push(performance.now() - t0);
  return result;
}

/** A public set scored by capability (HWU64, CLINC150, SNIPS): aggregates only. */
export function scoreCapabilities(name: string, items: Item[], nlu: Nlu, bands: Bands, latencies: number[]) {
  const capabilitiesOf = (calls: NluCall[]) => calls.map((c) => capabilityOfTool(c.tool));
  const right = (b: Behaviour, want: Capability): boolean => {
    if (b.kind === "acted") return capabilitiesOf(b.calls).every((c) => c === want);
    if (b.kind === "asked") return capabilityOfTool(b.tool) === want;
    if (b.kind === "question") return want === "question";
    if (b.kind === "talk") return want === "dialog";
    return false;
  };
  let inScope = 0;
  let correct = 0;
  let correctWithYes = 0;
  let middle = 0;
  let outOfScope = 0;
  let refused = 0;
  let falseActions = 0;
  const actedOutOfScope = new Map<string, number>();
  const byCategory = new Map<string, { n: number; right: number; falseActions: number }>();
  for (const item of items) {
    const b = behaviourOf(timed(nlu, item.text, latencies), bands);
    const acted = b.kind === "acted";
    const wrong =
      acted && (item.capability === null || capabilitiesOf(b.calls).some((c) => c !== item.capability));
    if (wrong) falseActions += 1;
    const category = byCategory.get(item.category) ?? { n: 0, right: 0, falseActions: 0 };
    category.n += 1;
    if (wrong) category.falseActions += 1;
    byCategory.set(item.category, category);
    if (item.capability === null) {
      outOfScope += 1;
      if (!acted) refused += 1;
      else
        for (const call of b.calls) actedOutOfScope.set(call.tool, (actedOutOfScope.get(call.tool) ?? 0) + 1);
      continue;
    }
    inScope += 1;
    if (b.kind === "middle") middle += 1;
    if (right(b, item.capability)) {
      correct += 1;
      correctWithYes += 1;
      category.right += 1;
    } else if (b.kind === "middle" && capabilitiesOf(b.calls).every((c) => c === item.capability)) {
      correctWithYes += 1;
    }
  }
  return {
    name,
    n: items.length,
    in_scope: inScope,
    right: ratio(correct, inScope),
    right_with_question_answered_yes: ratio(correctWithYes, inScope),
    middle_band: ratio(middle, inScope),
    false_action_rate: ratio(falseActions, items.length),
    false_actions: falseActions,
    out_of_scope: outOfScope,
    refused_rate: ratio(refused, outOfScope),
    out_of_scope_acted_with: Object.fromEntries(
      [...actedOutOfScope].sort((a, b) => b[1] - a[1]).slice(0, 10),
    ),
    by_category: Object.fromEntries(
      [...byCategory]
        .sort((a, b) => a[0].localeCompare(b[0]))
        .map(([k, v]) => [k, { n: v.n, right: ratio(v.right, v.n), false_actions: v.falseActions }]),
    ),
  };
}

const calculator = new Calculator();

/** The team's own set: exact tools and key arguments (dates by prefix, sums by value). */
async function ownArgsMatch(
  expected: Record<string, unknown>,
  got: Record<string, unknown>,
): Promise<boolean> {
  for (const [key, want] of Object.entries(expected)) {
    const have = got[key];
    if (key === "expression") {
      const [a, b] = await Promise.all([
        calculator.calculate(String(want)),
        calculator.calculate(String(have ?? "")),
      ]).catch(() => []);
      if (!a || !b || a.result !== b.result) return false;
    } else if (typeof want === "string" && /^\d{4}-\d{2}-\d{2}/.test(want)) {
      if (typeof have !== "string" || !have.startsWith(want)) return false;
    } else if (JSON.stringify(have)?.toLowerCase() !== JSON.stringify(want).toLowerCase()) {
      return false;
    }
  }
  return true;
}

/** bench/data/commands.jsonl (development figures): behaviour, exact arguments, misses listed. */
export async function scoreOwn(cases: OwnCase[], nlu: Nlu, bands: Bands, latencies: number[]) {
  let right = 0;
  let exact = 0;
  let falseActions = 0;
  const failures: string[] = [];
  for (const c of cases) {
    const result = timed(nlu, c.text, latencies);
    const b = behaviourOf(result, bands);
    const calls = callsOf(result);
    let ok = false;
    let argsOk = false;
    if (c.kind === "action") {
      const expected = c.calls ?? [];
      const sameTools =
        calls.length === expected.length && expected.every((e, i) => calls[i]?.tool === e.tool);
      ok = sameTools && (b.kind === "acted" || b.kind === "asked");
      argsOk = ok && b.kind === "acted";
      if (argsOk)
        for (let i = 0; i < expected.length; i++)
          if (!(await ownArgsMatch(expected[i]!.args, calls[i]!.args))) argsOk = false;
      if (b.kind === "acted" && !sameTools) falseActions += 1;
    } else {
      if (b.kind === "acted") falseActions += 1;
      if (c.kind === "none" || c.kind === "unknown") ok = b.kind !== "acted";
      else if (c.kind === "question") ok = b.kind === "question";
      else ok = b.kind === "talk" && (c.dialog === undefined || result.dialog === c.dialog);
      argsOk = ok;
    }
    if (ok) right += 1;
    if (argsOk) exact += 1;
    if (!argsOk)
      failures.push(`${c.text.slice(0, 70)} → ${b.kind}${calls.length ? ` ${JSON.stringify(calls)}` : ""}`);
  }
  return {
    name: "own_commands (development set)",
    n: cases.length,
    right: ratio(right, cases.length),
    right_with_exact_arguments: ratio(exact, cases.length),
    false_action_rate: ratio(falseActions, cases.length),
    false_actions: falseActions,
    failures,
  };
}

interface Tally {
  n: number;
  right: number;
  rightArgs: number;
  withYes: number;
  falseActions: number;
}
const tally = (): Tally => ({ n: 0, right: 0, rightArgs: 0, withYes: 0, falseActions: 0 });
const report = (t: Tally) => ({
  n: t.n,
  right: ratio(t.right, t.n),
  right_with_arguments: ratio(t.rightArgs, t.n),
  right_with_question_answered_yes: ratio(t.withYes, t.n),
  false_action_rate: ratio(t.falseActions, t.n),
});

/** A development everyday set lists its misses; a blind one never does. */
export interface EverydaySet {
  name: string;
  listMisses: boolean;
}

const BLIND: EverydaySet = { name: "blind_everyday (never read; aggregates only)", listMisses: false };

function describeBehaviour(b: Behaviour): string {
  if (b.kind === "acted" || b.kind === "middle")
    return `${b.kind} ${b.calls.map((c) => `${c.tool}${JSON.stringify(c.args)}`).join(" + ")}`;
  if (b.kind === "asked") return `asked ${b.tool} for ${b.missing.join(", ")}`;
  return b.kind;
}

/**
 * An everyday set (the blind one, or a development one): overall, by tool group, by expected
 * kind. A follow-up (`after`) is the second turn of a session whose first turn is `after`. Only
 * a development set lists its misses (`set.listMisses`); the blind set gives aggregates only.
 */
export function scoreBlind(
  cases: BlindCase[],
  nlu: Nlu,
  bands: Bands,
  groupOf: (tool: string) => string,
  set: EverydaySet = BLIND,
) {
  const misses: string[] = [];
  const all = tally();
  const byGroup = new Map<string, Tally>();
  const byKind = new Map<string, Tally>();
  const falseBy = new Map<string, number>();
  const latencies: number[] = [];
  for (const c of cases) {
    const context: NluContext = { ...CONTEXT };
    const yesContext: NluContext = { ...CONTEXT };
    if (c.after) {
      const first = behaviourOf(timed(nlu, c.after, latencies), bands);
      if (first.kind === "acted" && first.calls.length === 1) context.lastCall = first.calls[0]!;
      if ((first.kind === "acted" || first.kind === "middle") && first.calls.length === 1)
        yesContext.lastCall = first.calls[0]!;
      if (first.kind === "asked") {
        const pending = { tool: first.tool, args: first.args, missing: first.missing };
        context.pending = pending;
        yesContext.pending = pending;
      }
    }
    const parsed = timed(nlu, c.text, latencies, context);
    const b = behaviourOf(parsed, bands);
    const y = c.after ? behaviourOf(nlu.parse(c.text, yesContext), bands) : b;
    const group = c.expect === "decline" ? "(decline)" : groupOf(c.tool ?? "");
    const targets = [all, byGroup.get(group) ?? tally(), byKind.get(c.expect) ?? tally()];
    byGroup.set(group, targets[1]!);
    byKind.set(c.expect, targets[2]!);
    const isRight = (x: Behaviour) => {
      if (c.expect === "decline") return x.kind !== "acted" && x.kind !== "middle";
      if (x.kind === "asked") return x.tool === c.tool;
      return x.kind === "acted" && x.calls.length === 1 && x.calls[0]!.tool === c.tool;
    };
    const argsRight = (x: Behaviour) =>
      c.expect === "act"
        ? x.kind === "acted" && isRight(x) && blindArgsMatch(c.args ?? {}, x.calls[0]!.args)
        : c.expect === "ask"
          ? x.kind === "asked" && isRight(x) && (c.missing ?? []).some((m) => x.missing.includes(m))
          : isRight(x);
    const yes =
      isRight(y) ||
      (c.expect !== "decline" &&
        y.kind === "middle" &&
        y.calls.length === 1 &&
        y.calls[0]!.tool === c.tool &&
        blindArgsMatch(c.args ?? {}, y.calls[0]!.args));
    const falseAction =
      b.kind === "acted" && (c.expect === "decline" || b.calls.length !== 1 || b.calls[0]!.tool !== c.tool);
    if (falseAction) {
      const key = `${mechanismOf(parsed, !!c.after)} / ${c.expect}`;
      falseBy.set(key, (falseBy.get(key) ?? 0) + 1);
    }
    for (const t of targets) {
      t.n += 1;
      if (isRight(b)) t.right += 1;
      if (argsRight(b)) t.rightArgs += 1;
      if (yes) t.withYes += 1;
      if (falseAction) t.falseActions += 1;
    }
    if (set.listMisses && !argsRight(b))
      misses.push(
        `${falseAction ? "FALSE " : ""}[${group}/${c.expect}${c.tool ? ` ${c.tool}` : ""}] ${c.after ? `(after "${c.after}") ` : ""}${c.text} → ${describeBehaviour(b)}`,
      );
  }
  return {
    name: set.name,
    ...report(all),
    by_expect: Object.fromEntries([...byKind].map(([k, v]) => [k, report(v)])),
    by_group: Object.fromEntries(
      [...byGroup].sort((a, b) => a[0].localeCompare(b[0])).map(([k, v]) => [k, report(v)]),
    ),
    false_actions_by_mechanism: Object.fromEntries([...falseBy].sort((a, b) => b[1] - a[1])),
    latency_ms: summarize(latencies),
    ...(set.listMisses ? { misses: misses.sort() } : {}),
  };
}

export { blindArgsMatch };
