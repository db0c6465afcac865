import { describeWith } from "../../core/language.js";
import type { Catalog } from "./catalog.js";
import type { Prediction, SoftmaxClassifier } from "./classifier.js";
import { declineFor } from "./common/declines.js";
import { headedValue, labelledValues } from "./labelled.js";
import { NEAR_CONFIDENCE } from "./near-miss.js";
import { type ClearBars, ownQuestionOf } from "./own-question.js";
import { HOW_TO } from "./parse-rules.js";
import { reranked } from "./rerank.js";
import { guessArgs, guessedTool } from "./slot-filling.js";
import type { SlotEnv } from "./slots/index.js";
import type { Token } from "./text/normalize.js";
import { correctTokens, type SpellingCorrector, userWords } from "./text/spelling.js";
import { typedArgs, typedExtras } from "./typed-args.js";
import type { NluResult } from "./types.js";

/**
 * The middle band reaching any request (issue 16, decision 0044): a turn that ended as no request
 * ("not understood", a question about the world, small talk) is put to the person as the action
 * of one of the classifier's first two readings when two readers that do not depend on the
 * classifier agree with it: the tool's own words are said (its anchors, none of its vetoes), and
 * every value its schema requires is found by that value's own parser (a length for a length, a
 * path for a path, a side of the screen for a side). The classifier only picks which tool to
 * check; the anchors say what is asked for, the typed values say it is complete. "Set a timer
 * for 20 minutes?" is then asked even when the words around it ("set a... set a timer for... for")
 * made the no-request label lead. It is a question, never an action: "yes" runs it through the
 * gate, "no" costs a turn.
 *
 * Measured on dev-everyday 9-23 (decision 0044, nlu49): of the turns that ended as no request, the
 * right tool was first or second with complete values 9 times, while 76 requests Jarvis should
 * decline had a tool there too; the classifier alone cannot pick them apart. Requiring the tool's
 * words or its typed values alone asked 13 of those declines for 5 right readings; requiring
 * both asked none for 3.
 */

/** How many of the classifier's first readings are checked: deeper, its words were barely read. */
const DEPTH = 2;

/** How many first readings may name the group a request's head word names ("note: …"). */
const GROUP_DEPTH = 3;

/** The endings the question replaces: each means "no request read". */
const NO_REQUEST = new Set(["unknown", "question", "chat"]);

export interface AnchorReader {
  classifier: SoftmaxClassifier;
  catalog: Catalog;
  speller: SpellingCorrector;
  /** The parser's bars of a clear group, for a question about one's own things (own-question.ts). */
  bars?: ClearBars;
}

/**
 * A turn of its own that read no request, put to the person instead when a reading reaches it
 * (rerank.ts, then `anchoredQuestion`), with the action said in words: the middle band asks
 * only a reading it can say ("Set a timer for 20 minutes?").
 */
export function askedInstead(
  first: NluResult,
  said: readonly Token[],
  env: SlotEnv,
  reader: AnchorReader,
): NluResult | undefined {
  const { bars } = reader;
  const reached =
    reranked(first, said, env, reader) ??
    anchoredQuestion(first, said, env, reader) ??
    (bars ? ownQuestionOf(first, said, env, { ...reader, bars }) : undefined);
  if (!reached?.tool) return reached;
  const summary = describeWith(reader.catalog.intentsOf.get(reached.tool) ?? [], reached.args ?? {}, env);
  return summary ? { ...reached, summary } : reached;
}

export function anchoredQuestion(
  first: NluResult,
  said: readonly Token[],
  env: SlotEnv,
  reader: AnchorReader,
): NluResult | undefined {
  if (!NO_REQUEST.has(first.kind)) return undefined;
  const { classifier, catalog, speller } = reader;
  // Misspelt words read as the catalog's, as the parser reads them before the classifier
  const tokens = correctTokens(speller, said, env.text, userWords(env));
  const words = tokens.map((t) => t.w);
  const text = words.join(" ");
  // A request declined for its reason stays declined; "how do I" asks how, not to do
  if (words.length < 2 || declineFor(text) || HOW_TO.test(text)) return undefined;
  const input = { tokens, words, env };
  const result = classifier.classify(words, GROUP_DEPTH);
  for (const reading of result.ranked.slice(0, DEPTH)) {
    if (!catalog.groupOf.has(reading.label)) continue;
    const tool = guessedTool(catalog, reading.label);
    const specs = catalog.intentsOf.get(tool) ?? [];
    if (specs.some((spec) => spec.vetoes?.test(text))) continue;
    // Every required value of a kind no ordinary word is: a tool needing none has no such evidence
    const required = catalog.required.get(tool) ?? [];
    if (required.length === 0) continue;
    // The tool's own words, and its values read by their types' parsers
    const typed = specs.some((spec) => spec.anchors?.test(text))
      ? typedArgs(catalog, tool, tokens, env)
      : undefined;
    const found = typed && (guessArgs(catalog, tool, input, true, reading.probability) ?? typed);
    // Or a field list: its free-text values labelled by the schema's own names (labelled.ts),
    // the rest typed ("to ana@example.org, subject Rota, body Swapped with Ben")
    const args = found ?? labelledValues(catalog.properties.get(tool) ?? {}, env.text);
    if (!args) continue;
    const full = typedExtras(catalog, tool, args, tokens, env);
    if (!required.every((name) => full[name] !== undefined)) continue;
    return asked(first, catalog, tool, full, { ...reading, coverage: result.coverage });
  }
  // A request headed by the name of what a group keeps ("note: …"), that group among the first
  // readings: its one tool that keeps a single free text (labelled.ts)
  for (const reading of result.ranked) {
    const group = catalog.groupOf.get(reading.label);
    const keeper = group ? keeperOf(catalog, group) : undefined;
    if (!group || !keeper) continue;
    const required = catalog.required.get(keeper) ?? [];
    const headed = headedValue(group, required, catalog.properties.get(keeper) ?? {}, env.text);
    if (!headed) continue;
    const specs = catalog.intentsOf.get(keeper) ?? [];
    if (specs.some((spec) => spec.vetoes?.test(text))) continue;
    const full = typedExtras(catalog, keeper, headed, tokens, env);
    return asked(first, catalog, keeper, full, { ...reading, coverage: result.coverage });
  }
  return undefined;
}

/**
 * The group's one tool that keeps something (it does more than read) from a single free-text
 * value: undefined when the group has none or several (then the head word does not say which).
 */
function keeperOf(catalog: Catalog, group: string): string | undefined {
  const keepers = [...catalog.groupOf]
    .filter(([tool, g]) => g === group && !catalog.readsOnly.has(tool))
    .map(([tool]) => tool)
    .filter((tool) => (catalog.required.get(tool) ?? []).length === 1);
  return keepers.length === 1 ? keepers[0] : undefined;
}

function asked(
  first: NluResult,
  catalog: Catalog,
  tool: string,
  args: Record<string, unknown>,
  reading: Prediction & { coverage: number },
): NluResult {
  return {
    text: first.text,
    kind: "action",
    tool,
    args,
    confidence: NEAR_CONFIDENCE,
    groups: [catalog.groupOf.get(tool)!],
    evidence: {
      via: "near",
      from: first.kind === "question" ? "question" : "unknown",
      p: reading.probability,
      margin: 0,
      coverage: reading.coverage,
      anchored: true,
      label: reading.probability,
    },
  };
}
