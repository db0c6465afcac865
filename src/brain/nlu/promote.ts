import type { Catalog } from "./catalog.js";
import type { Classification } from "./classifier.js";
import { declineFor } from "./common/declines.js";
import type { GuessInput } from "./language/types.js";
import { HANDLE, NEAR_CONFIDENCE, type NearFrom } from "./near-miss.js";
import { HOW_TO, makesSomething, OUT_OF_SCOPE } from "./parse-rules.js";
import { guessArgs, guessedTool } from "./slot-filling.js";
import { typedArgs, typedExtras } from "./typed-args.js";
import type { Evidence, NluCall } from "./types.js";

/**
 * The classifier's first reading of a request that would end "not understood", put to the person
 * instead of dropped: as the action itself in the middle band ("Set a timer for 20 minutes?")
 * when its tool's typed parsers found every value it needs, or as the question for the first
 * value missing. Never an action. It runs only after the out-of-scope detector (beyond.ts) had
 * its say: the guard that drops unclear sentences kept declines right for a reason (another
 * person's device, a physical thing), and that reason is now read first, so the probability alone
 * need not carry it (docs/analysis/fresh-nlu-misses.md, mechanism 3).
 */
export const PROMOTE = {
  /**
   * The first reading's own probability from which it is put to the person. Simulated at 0.3,
   * 0.4 and 0.5 on dev-everyday 9-14 (default seed): 0.5 touched no decline; 0.4 and 0.3 asked
   * declines for values of unrelated tools ("fill in my tax return" asked for a browser field).
   */
  label: 0.5,
  /**
   * From here a first reading whose tool needs no value is asked on its defaults ("Read the
   * clipboard?"); simulated at 0.5 (a decline became a question), 0.7 and 0.8 (none did).
   */
  defaults: 0.7,
  /**
   * A topic refusal's word ("train", "door", "delivery") yields to a first reading this sure
   * whose tool's own words were said: the word is then inside a value ("tell her the train's
   * late", "~/door.txt"), not what is asked for (mechanism 5). Simulated at 0.6 and 0.75 on
   * dev-everyday 1-14: both touched no decline once the detector read its reasons first.
   */
  topic: 0.6,
  /** Share of known words below which the sentence is mostly words no request has. */
  coverage: 0.3,
} as const;

export interface Promoted {
  call: NluCall;
  missing?: string[];
  confidence: number;
  evidence: Evidence;
}

export function promoted(
  catalog: Catalog,
  result: Classification,
  context: GuessInput,
  from: NearFrom,
): Promoted | undefined {
  const first = result.ranked[0];
  if (!first || first.probability < PROMOTE.label || result.coverage < PROMOTE.coverage) return undefined;
  const group = catalog.groupOf.get(first.label);
  if (!group) return undefined;
  const said = context.words.join(" ");
  // A "how do I" asks how, not to do
  if (HOW_TO.test(said)) return undefined;
  // The words of a topic Jarvis declines ("train", "door"); a topic only `declineFor` names is
  // never yielded
  const topic = [...said.matchAll(new RegExp(OUT_OF_SCOPE.source, "g"))].map((m) => m[0]);
  if (declineFor(said) !== undefined && topic.length === 0) return undefined;
  // A handle names one thing exactly: a reading that did not take it is not about it ("mark #f3
  // as done" names a file, refused as the wrong kind, not asked which reminder)
  if (HANDLE.test(context.env.text)) return undefined;
  const tool = guessedTool(catalog, first.label);
  const specs = catalog.intentsOf.get(tool) ?? [];
  if (specs.some((spec) => spec.vetoes?.test(said))) return undefined;
  // A kind Jarvis declines by topic keeps its sentence, unless the tool's own words and a sure
  // reading say the topic word is only inside a value
  if (
    topic.length > 0 &&
    (first.probability < PROMOTE.topic || !specs.some((spec) => spec.anchors?.test(said)))
  )
    return undefined;
  // ... and only when each topic word is inside a value the reading found
  const inValues = (values: Record<string, unknown>) =>
    topic.every((word) =>
      Object.values(values).some((v) => typeof v === "string" && v.toLowerCase().includes(word)),
    );
  // Making something is no look-up, however it leans
  if (makesSomething(said) && specs.some((spec) => spec.lookup)) return undefined;
  const evidence: Evidence = {
    via: "near",
    from,
    p: first.probability,
    margin: first.probability - (result.ranked[1]?.probability ?? 0),
    coverage: result.coverage,
    anchored: "loose",
    label: first.probability,
  };
  const found =
    guessArgs(catalog, tool, context, true, first.probability) ??
    typedArgs(catalog, tool, context.tokens, context.env);
  if (found) {
    const args = typedExtras(catalog, tool, found, context.tokens, context.env);
    if (!inValues(args)) return undefined;
    return { call: { tool, args }, confidence: NEAR_CONFIDENCE, evidence };
  }
  let args: Record<string, unknown> = {};
  for (const spec of specs) {
    const partial = spec.partial?.(context);
    if (partial) args = { ...partial, ...args };
  }
  if (!inValues(args)) return undefined;
  const missing = (catalog.required.get(tool) ?? []).filter((name) => args[name] === undefined);
  if (missing.length === 0) {
    if (first.probability < PROMOTE.defaults) return undefined;
    // On its defaults, but with any value the sentence states by the schema's types
    const full = typedExtras(catalog, tool, args, context.tokens, context.env);
    return { call: { tool, args: full }, confidence: NEAR_CONFIDENCE, evidence };
  }
  return { call: { tool, args }, missing, confidence: NEAR_CONFIDENCE, evidence };
}
