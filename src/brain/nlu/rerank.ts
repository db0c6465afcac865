import type { Catalog } from "./catalog.js";
import type { Prediction, SoftmaxClassifier } from "./classifier.js";
import { declineFor } from "./common/declines.js";
import { NEAR_CONFIDENCE } from "./near-miss.js";
import { guessArgs } from "./slot-filling.js";
import type { SlotEnv } from "./slots/index.js";
import type { Token } from "./text/normalize.js";
import { correctTokens, type SpellingCorrector, userWords } from "./text/spelling.js";
import { typedArgs, typedExtras } from "./typed-args.js";
import type { NluResult } from "./types.js";

/**
 * A re-ranker over the classifier's whole ranking (issue 16, reading reach). The parser reads the
 * classifier's first few labels and the leading group only; when that ends with no request, the
 * right tool often sits second or lower, behind a label whose words merely overlap. Structural
 * evidence the classifier does not weigh picks it out: the tool's own words said (its anchors, none
 * of its vetoes) and every value its schema requires found by its own parsers. Such a reading is a
 * guess of what was meant, so it is put to the person (the middle band), never acted on.
 */

/** How deep in the ranking a reading may sit: deeper, a label's words were barely said. */
const DEPTH = 8;
/** The least probability a reading may have: below it the classifier saw no trace of the tool. */
const FLOOR = 0.02;
/** The least probability of a tool read next after "no request" on its values in words alone. */
const NEXT = 0.1;

export function reranked(
  first: NluResult,
  said: readonly Token[],
  env: SlotEnv,
  reader: { classifier: SoftmaxClassifier; catalog: Catalog; speller: SpellingCorrector },
): NluResult | undefined {
  if (first.kind !== "unknown") return undefined;
  const { classifier, catalog, speller } = reader;
  // Misspelt words read as the catalog's, as the parser reads them before the classifier
  const tokens = correctTokens(speller, said, env.text, userWords(env));
  const words = tokens.map((t) => t.w);
  // A request declined for its reason ("buy", "someone else's phone") stays declined
  if (words.length < 2 || declineFor(words.join(" "))) return undefined;
  const ranked = classifier.classify(words, DEPTH).ranked;
  // A sentence the classifier reads as no request at all, clearly, is none
  if ((ranked[0]?.label === "_none" || ranked[0]?.label === "_chat") && (ranked[0]?.probability ?? 0) >= 0.6)
    return undefined;
  const input = { tokens, words, env };
  for (const reading of ranked) {
    if (!catalog.groupOf.has(reading.label) || reading.probability < FLOOR) continue;
    // Every value the tool needs, of a kind no ordinary word is (a path, a length of time, a
    // side of the screen): a tool that needs none, or only free text, names or a moment, has no
    // evidence beyond its words ("make a playlist" is no request to play, "book my GP next week"
    // no event of mine)
    const required = catalog.required.get(reading.label) ?? [];
    if (required.length === 0 || !ownWordsOnly(catalog, reading, words.join(" "))) continue;
    const typed = typedArgs(catalog, reading.label, tokens, env);
    // Or the tool next after "no request" ("dial 0161 …": a number no training sentence has),
    // with every value it needs found by its own language and one said in digits (a name alone
    // is no evidence: "video call my nan" is beyond any tool)
    const next = ranked[0]?.label === "_none" && ranked[1] === reading && reading.probability >= NEXT;
    const found =
      typed || next ? guessArgs(catalog, reading.label, input, true, reading.probability) : undefined;
    const digits = found && required.some((name) => /\d/.test(String(found[name] ?? "")));
    const args = typed ? (found ?? typed) : digits ? found : undefined;
    if (!args) continue;
    const full = typedExtras(catalog, reading.label, args, tokens, env);
    const group = catalog.groupOf.get(reading.label)!;
    return {
      text: first.text,
      kind: "action",
      tool: reading.label,
      args: full,
      confidence: NEAR_CONFIDENCE,
      groups: [group],
    };
  }
  return undefined;
}

/** The tool's own words are said and none of its vetoes ("a reminder", never "remind Tom"). */
function ownWordsOnly(catalog: Catalog, reading: Prediction, said: string): boolean {
  const specs = catalog.intentsOf.get(reading.label) ?? [];
  return specs.some((spec) => spec.anchors?.test(said)) && !specs.some((spec) => spec.vetoes?.test(said));
}
