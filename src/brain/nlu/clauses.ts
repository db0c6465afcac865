import type { Catalog } from "./catalog.js";
import type { TemplateMatcher } from "./matcher.js";
import { NEAR_CONFIDENCE } from "./near-miss.js";
import { CONFIDENCE, OUT_OF_SCOPE } from "./parse-rules.js";
import type { SlotEnv } from "./slots/index.js";
import { SlotCache } from "./template.js";
import { stripFillers, type Token } from "./text/normalize.js";
import type { NluCall, NluResult } from "./types.js";

/**
 * Words beside the request that take it back or put it off ("Quit Zoom? No, keep it open",
 * "…, actually leave it", "…, maybe later"): the request is at most asked.
 */
const TAKES_BACK =
  /\b(?:no|nope|nah|actually|never ?mind|leave it|keep it|not (?:yet|now|that)|later|wait|hold on|hang on|don'?t|do not|scratch that|forget it|on second thoughts?|or not|maybe)\b/;

/** A purpose said after the request: "so I can …", "so that we …", "in order to …". */
const PURPOSE = /\b(?:so (?:that )?(?:i|we|you|they|he|she) (?:can|could|may|might|will)|in order to)\b/;

/** The share of the classifier's reading a clause's group must hold for the clause to be a request. */
const CLAUSE_LEAD = 0.5;

/** The classifier's reading of one clause alone (the parser's path after the templates). */
export type ClauseReader = (part: readonly Token[]) => NluResult;

/**
 * A request said with its reason beside it ("shut the music off, the baby's asleep", "the
 * printer's jammed, so open its settings"): the whole sentence matches no template and the
 * classifier reads the reason as much as the request. Commas and a clause-leading "so" part the
 * sentence; a part the templates read whole, with typed values only, is the request when no
 * other part is one too. Free text is left out: "tell him I'm late, the train's stuck" would
 * be any part's message. The clause is put as a question (the middle band), unless its intent
 * says a clause of its own is acted on (`besideReason`: undone by one more request).
 */
export class Clauses {
  constructor(
    private readonly matcher: TemplateMatcher,
    private readonly catalog: Pick<Catalog, "groupOf" | "intents">,
  ) {}

  /**
   * The whole sentence's reading, or when it left the sentence unread, its request's clause.
   * With `guess`, a clause no template reads with typed values alone is read as a request of
   * its own ("back in five, lock up please"): asked, never acted on.
   */
  or(whole: NluResult, tokens: readonly Token[], env: SlotEnv, guess?: ClauseReader): NluResult {
    // Only what the whole sentence left unread: no action, or one too unsure to be asked; or a
    // question about the very call a clause of an intent that acts beside its reason reads whole
    if (whole.kind === "action" && (whole.missing?.length || whole.confidence >= CONFIDENCE.freeTemplate))
      return whole;
    const asked = whole.kind === "action" && whole.confidence >= NEAR_CONFIDENCE;
    const found = clauseRequest(this.matcher, tokens, env);
    if (!found)
      return (guess && whole.kind !== "action" && this.readAlone(whole, tokens, env, guess)) || whole;
    const { intent, ...call } = found;
    const group = this.catalog.groupOf.get(call.tool);
    // A purpose ("… so I can order food") or a reason that names what no tool serves may be the
    // real request: then the clause is asked, as for every other intent (read as said too: the
    // speller may have bent a word no template has)
    const said = `${tokens.map((t) => t.w).join(" ")} ${env.text.toLowerCase()}`;
    const acts =
      this.catalog.intents.get(intent)?.besideReason === "act" &&
      !OUT_OF_SCOPE.test(said) &&
      !PURPOSE.test(said) &&
      !TAKES_BACK.test(said);
    // A question the classifier only guessed from the whole sentence (evidence, no template)
    // yields to another tool's clause its templates read whole: both are asked, the clause's is
    // what the words say ("clear the list, we bought it all" asks no showing of it)
    const yields = asked && whole.evidence !== undefined && whole.tool !== call.tool;
    if (asked && !(acts && whole.tool === call.tool) && !yields) return whole;
    return {
      text: whole.text,
      kind: "action",
      tool: call.tool,
      args: call.args,
      confidence: acts && !yields ? CONFIDENCE.freeTemplate : CONFIDENCE.clause,
      ...(group ? { groups: [group] } : {}),
    };
  }

  /**
   * The one clause that reads as a request when each is read alone, by its templates (free text
   * too: it is only asked) or else by the classifier; undefined when none or several do. A
   * remark beside a request ("we bought it all", "the kids are asleep") leans the whole sentence's
   * reading away from the request, and read alone it does not. The reading is put as a question,
   * never acted on.
   */
  private readAlone(
    whole: NluResult,
    tokens: readonly Token[],
    env: SlotEnv,
    guess: ClauseReader,
  ): NluResult | undefined {
    // A purpose after the request may be the real request ("download it so I can listen offline")
    if (PURPOSE.test(`${tokens.map((t) => t.w).join(" ")} ${env.text.toLowerCase()}`)) return undefined;
    const clauses = partsOf(tokens, env.text);
    if (clauses.length < 2) return undefined;
    let found: NluResult | undefined;
    for (const clause of clauses) {
      const words = stripFillers(clause);
      if (words.length < 2 || valueAlone(words)) continue;
      const match = this.matcher.best(new SlotCache(words, env));
      const reading: NluResult =
        match && !match.missing
          ? {
              text: whole.text,
              kind: "action",
              tool: match.tool,
              args: match.args,
              confidence: CONFIDENCE.clause,
            }
          : guess(words);
      // A request is a reading with its values (a clause that only leads to a question for a
      // value is no evidence the rest was a remark), its group leading the classifier's reading
      // of the clause (a near miss of a distant guess is none: "saturday, all day" asks no time)
      const request =
        reading.kind === "action" &&
        !reading.calls &&
        !reading.missing?.length &&
        reading.confidence >= NEAR_CONFIDENCE &&
        (reading.evidence?.p ?? 1) >= CLAUSE_LEAD;
      if (!request) continue;
      if (found) return undefined;
      found = reading;
    }
    if (!found) return undefined;
    const group = found.tool ? this.catalog.groupOf.get(found.tool) : undefined;
    return {
      ...found,
      text: whole.text,
      confidence: Math.min(found.confidence, CONFIDENCE.clause),
      ...(group ? { groups: [group] } : {}),
    };
  }
}

function clauseRequest(
  matcher: TemplateMatcher,
  tokens: readonly Token[],
  env: SlotEnv,
): (NluCall & { intent: string }) | undefined {
  const clauses = partsOf(tokens, env.text);
  if (clauses.length < 2) return undefined;
  let found: (NluCall & { intent: string }) | undefined;
  for (const clause of clauses) {
    const words = stripFillers(clause);
    if (words.length < 2 || valueAlone(words)) continue;
    const match = matcher.best(new SlotCache(words, env));
    if (!match || match.missing) continue;
    // Two requests, or a request whose value is free text, are not a reason and its request
    if (found || match.free) return undefined;
    found = { tool: match.tool, args: match.args, intent: match.intent };
  }
  return found;
}

/** A value alone ("2027-01-01, what day is that") is what the other clause asks about. */
function valueAlone(words: readonly Token[]): boolean {
  return !words.some((t) => /[a-z]{2}/.test(t.w));
}

/** The sentence's parts at commas, semicolons, dashes and sentence ends, and before a clause-leading "so". */
function partsOf(tokens: readonly Token[], text: string): Token[][] {
  const parts: Token[][] = [];
  let current: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const previous = tokens[i - 1];
    const between = previous ? text.slice(previous.end, token.start) : "";
    // A sentence's end parts it too ("Would you open Kindle for me? I was reading.")
    const breaks = /[,;]|[.?!]\s|\s[-–—]\s/.test(between) || (token.w === "so" && i > 0);
    if (breaks && current.length > 0) {
      parts.push(current);
      current = [];
    }
    if (!(token.w === "so" && current.length === 0)) current.push(token);
  }
  if (current.length > 0) parts.push(current);
  return parts;
}
