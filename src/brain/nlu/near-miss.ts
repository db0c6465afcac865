import type { Catalog } from "./catalog.js";
import type { Classification } from "./classifier.js";
import { declineFor } from "./common/declines.js";
import type { GuessInput } from "./language/types.js";
import { makesSomething, OUT_OF_SCOPE } from "./parse-rules.js";
import { guessArgs, guessedTool } from "./slot-filling.js";
import { sureArgs, typedArgs } from "./typed-args.js";
import type { Evidence, NluCall } from "./types.js";

/**
 * A near miss: the classifier's reading was not sure enough to act on (its group unclear, or
 * the request read as a question or as nothing), yet one of its likeliest tools finds every
 * required value in the sentence with the tool's own words said — the same evidence the fast
 * path needs, short only of the probability — or, for a clear group or a very sure first
 * reading, the values' own types (a path, a length) say what the tool's language has no words
 * for. Such a reading is asked as the action itself ("Set a timer for 11 minutes?"); "yes" runs
 * it through the gate. The bars are chosen on the development sets (dev-everyday, dev-everyday2,
 * HWU64 dev) and checked on a held-out one (docs/decisions/0029).
 */
export const NEAR = {
  /** The tool's own probability: below it the tool is one guess among many. */
  label: 0.2,
  /** Its group's lead over the next group may be negative by at most this much. */
  margin: -0.2,
  /** Share of known words: below it the sentence is mostly words no request has. */
  coverage: 0.5,
  /** How far down the ranking a tool may be (first, or behind one or two other labels). */
  depth: 3,
  /** The tool's probability from which its typed values (paths, lengths, key chords) may stand in for its language, where its group was clear. */
  typed: 0.6,
  /** A first reading this sure may rest on its typed values alone, moments included. */
  sure: 0.97,
  /**
   * A first reading this sure may ask for the values its tool needs and the sentence lacks: the
   * middle band's own floor (asking is no action; 0.9 and 0.75 won fewer development readings
   * and asked no fewer declines).
   */
  ask: 0.6,
  /**
   * A first reading this sure, its tool's own words said in a turn of its own, may ask for the
   * values its tool needs (asking acts on nothing; the classifier's first reading with its
   * tool's words is the honest question where the words leave the area unclear).
   */
  askOwn: 0.3,
  /** A first reading this sure may have its question for values completed by typed values alone. */
  complete: 0.9,
  /** A first reading this sure may be asked about on its tool's defaults alone (no value said). */
  defaults: 0.95,
} as const;

/** The confidence of a near miss: in the middle band (asked), below any fast-path bar. */
export const NEAR_CONFIDENCE = 0.7;

/** What the parser would have said instead: the near miss replaces exactly these endings. */
export type NearFrom = "unclear" | "question" | "unknown" | "unread";

export interface NearMiss {
  call: NluCall;
  evidence: Evidence;
  /** Required values the sentence did not give: the question for the first is asked. */
  missing?: string[];
}

/**
 * The likeliest tool, among the first few labels, whose anchored arguments are complete; its
 * evidence says how sure the classifier was. Undefined when none qualifies or the bars say no.
 */
export function nearMiss(
  catalog: Catalog,
  result: Classification,
  byGroup: ReadonlyMap<string, number>,
  context: GuessInput,
  from: NearFrom,
  doubted: (label: string) => boolean,
  alone = false,
): NearMiss | undefined {
  if (result.coverage < NEAR.coverage) return undefined;
  // A request of a kind Jarvis declines ("lock the front door") is declined, not asked about
  if (declineFor(context.words.join(" "))) return undefined;
  // "new event: …", "can you add that": making something is no look-up, however it leans
  const said = context.words.join(" ");
  const makes = makesSomething(said) || /^new\b/.test(said);
  for (const { label, probability } of result.ranked.slice(0, NEAR.depth)) {
    if (probability < NEAR.label) break;
    const group = catalog.groupOf.get(label);
    if (!group) continue;
    const tool = guessedTool(catalog, label);
    const anchored = guessArgs(catalog, tool, context, true, probability);
    const reads = !(makes && lookupOnly(catalog, tool));
    const args =
      anchored ??
      // Typed values stand in for the tool's language only where the group was clear, and a
      // date alone is no evidence (questions about the world name days too)
      (from === "unknown" && probability >= NEAR.typed && reads
        ? typedArgs(catalog, tool, context.tokens, context.env)
        : undefined) ??
      // A very sure first reading whose tool's language has no words for this phrasing
      (probability >= NEAR.sure &&
      label === result.ranked[0]?.label &&
      reads &&
      !doubted(label) &&
      !OUT_OF_SCOPE.test(said)
        ? sureArgs(catalog, tool, context.tokens, context.env)
        : undefined);
    if (!args) continue;
    const p = byGroup.get(group) ?? 0;
    const other = Math.max(0, ...[...byGroup].filter(([g]) => g !== group).map(([, q]) => q));
    if (p - other < NEAR.margin) return undefined;
    return {
      call: { tool, args },
      evidence: {
        via: "near",
        from,
        p,
        margin: p - other,
        coverage: result.coverage,
        anchored: anchored ? true : "loose",
        label: probability,
        ...(doubted(label) ? { confusable: true as const } : {}),
      },
    };
  }
  return onDefaults(catalog, result, byGroup, context, from, doubted, makes, alone);
}

/**
 * A sure first reading whose tool's language has no words for this phrasing: the question for
 * the values its tool needs (with what the tool's `partial` found), or, very sure and needing
 * none, the action on the tool's defaults ("Read what the window shows?").
 */
function onDefaults(
  catalog: Catalog,
  result: Classification,
  byGroup: ReadonlyMap<string, number>,
  context: GuessInput,
  from: NearFrom,
  doubted: (label: string) => boolean,
  makes: boolean,
  alone: boolean,
): NearMiss | undefined {
  const first = result.ranked[0];
  const said = context.words.join(" ");
  const floor = alone ? NEAR.askOwn : NEAR.ask;
  if (!first || first.probability < floor || result.coverage < 0.6) return undefined;
  const group = catalog.groupOf.get(first.label);
  if (!group || doubted(first.label) || OUT_OF_SCOPE.test(said)) return undefined;
  // A handle names one thing exactly: a reading that did not take it is not about it ("mark #f3
  // as done" names a file, and is refused as the wrong kind, not asked which reminder)
  if (HANDLE.test(context.env.text)) return undefined;
  const tool = guessedTool(catalog, first.label);
  if (makes && lookupOnly(catalog, tool)) return undefined;
  const specs = catalog.intentsOf.get(tool) ?? [];
  if (specs.some((spec) => spec.vetoes?.test(said))) return undefined;
  // Below the middle band's floor, only a first reading whose tool's own words were said, in a
  // turn of its own (after a call, words like "the first one" point back at it instead)
  if (first.probability < NEAR.ask && !specs.some((spec) => spec.anchors?.test(said))) return undefined;
  const required = catalog.required.get(tool) ?? [];
  let args: Record<string, unknown> = {};
  for (const spec of specs) {
    const partial = spec.partial?.(context);
    if (partial) args = { ...partial, ...args };
  }
  const missing = required.filter((name) => args[name] === undefined);
  // Nothing said but the tool's area ("summarize yesterday's call"): only a very sure reading
  if (missing.length === 0 && first.probability < NEAR.defaults) return undefined;
  const p = byGroup.get(group) ?? 0;
  return {
    call: { tool, args },
    ...(missing.length > 0 ? { missing } : {}),
    evidence: {
      via: "near",
      from,
      p,
      margin: p,
      coverage: result.coverage,
      anchored: "loose",
      label: first.probability,
    },
  };
}

/** A session handle ("#f3"): it names one thing of one kind exactly. */
export const HANDLE = /(?:^|[\s(])#[a-z]\d+\b/i;

/** A tool its language calls a read-only look-up. */
function lookupOnly(catalog: Catalog, tool: string): boolean {
  return (catalog.intentsOf.get(tool) ?? []).some((spec) => spec.lookup);
}
