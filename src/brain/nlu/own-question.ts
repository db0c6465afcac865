import type { Catalog } from "./catalog.js";
import type { Classification, SoftmaxClassifier } from "./classifier.js";
import { declineFor } from "./common/declines.js";
import type { GuessInput } from "./language/types.js";
import { NEAR_CONFIDENCE } from "./near-miss.js";
import { asksForInfo, CONFIDENCE, makesSomething, OUT_OF_SCOPE, PERSONAL } from "./parse-rules.js";
import { whatHappened } from "./rescue.js";
import { guessArgs, missingArgs, questionFor } from "./slot-filling.js";
import type { SlotEnv } from "./slots/index.js";
import { literalWords } from "./template.js";
import { looksLikeQuestion, stem, type Token } from "./text/normalize.js";
import { correctTokens, type SpellingCorrector, userWords } from "./text/spelling.js";
import type { NluCall, NluResult } from "./types.js";

/**
 * A request said as a question (issue 16, decision 0044 nlu55): "what's in the jarvis bin",
 * "where did that budget file go", "did I get anything from the county court", "is there a
 * Preferences item in this app's menus". The classifier reads one group clearly, its first
 * reading there only reads (nothing changes if it runs), yet the tool's own words or values were
 * not found, so the sentence used to end as "a question Jarvis cannot serve". What tells such a
 * question from one about the world ("how much diesel is left in the bus", "what time is sunset
 * on saturday") is its object: the person's own things ("my", "I"), the assistant's ("your",
 * "jarvis"), or a thing at hand ("this page", "that file"). Then the reading is put to the person
 * as the middle band's question (or asked for the value it needs), never acted on: a look-up asked
 * for costs a "no" at worst.
 *
 * Measured on dev-everyday 9-25 before this reader (development figures): 15 act lines ended
 * so with a clear read-only first reading, 11 of them the right tool; 3 decline lines did too,
 * none of which names the person's or an at-hand thing.
 */

/** Asking how or why: an explanation, not the thing ("how do I find my notes", "why is my file locked"). */
const EXPLAINS = /^(?:how (?:do|can|should|would|could) (?:i|you|we|one)|how to|why)\b/;

/** The assistant's things are the person's too: "your notes", "jarvis's bin", "the jarvis trash". */
const ASSISTANTS = /\b(?:your|jarvis)\b/;

/**
 * A thing at hand, pointed at ("this page", "that budget file", "these menus"); a stretch of
 * time pointed at ("this weekend", "this year") is when, not what, and "that" before a clause
 * ("is it true that the …") joins, not points.
 */
const AT_HAND =
  /\b(?:this|that|these|those) (?!(?:year|week|weekend|month|morning|afternoon|evening|night|time|day|season|summer|winter|spring|autumn|fall|is|was|are|were|the|a|an|i|you|he|she|it|we|they|my|your|his|her|their|our|there|one|much|many|long|far)\b)[\p{L}\d]/u;

/** A stretch of time after a pointer ("this week", "the morning"): when, not a thing. */
const SPAN_OF_TIME =
  /^(?:years?|weeks?|weekends?|months?|mornings?|afternoons?|evenings?|nights?|times?|days?|seasons?|hours?|minutes?|summer|winter|spring|autumn|fall|moment)$/;

/** Words that end a thing's name: a preposition or a verb of being starts what is said of it. */
const THING_ENDS =
  /^(?:on|in|at|for|to|from|with|of|about|and|or|is|are|was|were|has|have|had|go|went|gone)$/;

/** The bars of a clear group (the parser's own): its probability, its lead, words known. */
export interface ClearBars {
  action: number;
  margin: number;
  coverage: number;
}

export interface OwnReader {
  classifier: SoftmaxClassifier;
  catalog: Catalog;
  speller: SpellingCorrector;
  bars: ClearBars;
}

/**
 * A turn that ended as a question Jarvis cannot serve, read again as the person's question about
 * their own or an at-hand thing: the clear group's look-up put as the middle band's question, or
 * its missing value asked for. A question already given its reason ("I can't …") stays as it is.
 */
export function ownQuestionOf(
  first: NluResult,
  said: readonly Token[],
  env: SlotEnv,
  reader: OwnReader,
): NluResult | undefined {
  if (first.kind !== "question" || first.reply) return undefined;
  const { classifier, catalog, speller, bars } = reader;
  // Misspelt words read as the catalog's, as the parser reads them before the classifier
  const tokens = correctTokens(speller, said, env.text, userWords(env));
  const words = tokens.map((t) => t.w);
  const text = words.join(" ");
  if (!looksLikeQuestion(env.text, tokens) || asksForInfo(text) || declineFor(text)) return undefined;
  const result = classifier.classify(words);
  if (result.coverage < bars.coverage) return undefined;
  const input = { tokens, words, env };
  const found = ownQuestion(catalog, result, input, bars) ?? happened(catalog, input);
  if (!found) return undefined;
  const { call, missing } = found;
  const group = catalog.groupOf.get(call.tool);
  const base = { text: first.text, kind: "action" as const, tool: call.tool, args: call.args };
  const groups = group ? { groups: [group] } : {};
  if (missing.length > 0) {
    const reply = questionFor(
      missing[0]!,
      catalog.intentsOf.get(call.tool),
      catalog.properties.get(call.tool),
    );
    return { ...base, confidence: CONFIDENCE.incomplete, missing, reply, ...groups };
  }
  return { ...base, confidence: NEAR_CONFIDENCE, ...groups };
}

/**
 * The clear group's first reading, asked as the person's question about their own or an
 * at-hand thing: its call with the values it found, and the required ones still missing.
 */
export function ownQuestion(
  catalog: Catalog,
  result: Classification,
  input: GuessInput,
  bars: ClearBars,
): { call: NluCall; missing: string[] } | undefined {
  const said = input.words.join(" ");
  if (EXPLAINS.test(said) || OUT_OF_SCOPE.test(said) || makesSomething(said)) return undefined;
  if (!PERSONAL.test(said) && !ASSISTANTS.test(said) && !AT_HAND.test(said)) return undefined;
  const byGroup = new Map<string, number>();
  for (const { label, probability } of result.ranked) {
    const group = catalog.groupOf.get(label);
    if (group) byGroup.set(group, (byGroup.get(group) ?? 0) + probability);
  }
  // Every label counts toward the lead: "no request" and small talk are rivals too
  const [first] = result.ranked;
  const group = first ? catalog.groupOf.get(first.label) : undefined;
  if (!first || !group) return undefined;
  const p = byGroup.get(group) ?? 0;
  const next = Math.max(
    0,
    ...result.ranked.filter((r) => catalog.groupOf.get(r.label) !== group).map((r) => r.probability),
    ...[...byGroup].filter(([g]) => g !== group).map(([, q]) => q),
  );
  if (p < bars.action || p - next < bars.margin) return undefined;
  const tool = first.label;
  if (!catalog.readsOnly.has(tool) || !namesGroupsThing(catalog, group, input.words)) return undefined;
  const specs = catalog.intentsOf.get(tool) ?? [];
  if (specs.some((spec) => spec.vetoes?.test(said) || spec.lookup?.vetoes?.test(said))) return undefined;
  const args = guessArgs(catalog, tool, input, "loose") ?? {};
  return { call: { tool, args }, missing: missingArgs(args, catalog.required.get(tool)) };
}

/** Asking what to do about it ("should I take another if I missed one"): advice, not an event. */
const ADVICE = /^(?:should|shall|must|ought|can|could|would) (?:i|we)\b|\b(?:if|in case) (?:i|we)\b/;

/**
 * Whether something went off or was missed, asked with no group's things named ("did something
 * go off while I had my headphones on"): the read-only reading whose own words are the event's
 * (rescue.ts `whatHappened`), asked. Advice about a missed thing stays a question.
 */
function happened(catalog: Catalog, input: GuessInput): { call: NluCall; missing: string[] } | undefined {
  const said = input.words.join(" ");
  if (ADVICE.test(said) || OUT_OF_SCOPE.test(said)) return undefined;
  const call = whatHappened(catalog, "", input);
  return call ? { call, missing: missingArgs(call.args, catalog.required.get(call.tool)) } : undefined;
}

/** A word that points at a thing: whose, which one, or "the". */
const POINTER = /^(?:my|your|our|jarvis|this|that|these|those|the|any)$/;

/** How many words after a pointer may name the thing ("that budget2024 file", "the jarvis trash"). */
const THING_SPAN = 3;

/**
 * The question's object is a thing the group keeps: a word right after a pointer ("my notes",
 * "this page", "that budget2024 file") that the group's own templates say, and that is no common
 * word of the catalog (said by the templates of half the groups or more: "time", "day", "one").
 * "the speed limit on this road" names nothing the group keeps, however the classifier leans.
 */
function namesGroupsThing(catalog: Catalog, group: string, words: readonly string[]): boolean {
  const said = new Set<string>();
  words.forEach((word, i) => {
    if (!POINTER.test(word) || SPAN_OF_TIME.test(words[i + 1] ?? "")) return;
    for (const next of words.slice(i + 1, i + 1 + THING_SPAN)) {
      if (THING_ENDS.test(next) || POINTER.test(next)) break;
      said.add(stem(next));
    }
  });
  if (said.size === 0) return false;
  const groupsOf = new Map<string, Set<string>>();
  for (const { tool, template } of catalog.templates) {
    const owner = catalog.groupOf.get(tool);
    if (!owner) continue;
    for (const word of literalWords(template.nodes)) {
      const key = stem(word);
      if (!said.has(key)) continue;
      const groups = groupsOf.get(key) ?? new Set<string>();
      groups.add(owner);
      groupsOf.set(key, groups);
    }
  }
  const all = new Set(catalog.groupOf.values()).size;
  return [...groupsOf.values()].some((groups) => groups.has(group) && groups.size * 2 < all);
}
