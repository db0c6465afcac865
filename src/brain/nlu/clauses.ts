import type { TemplateMatcher } from "./matcher.js";
import { NEAR_CONFIDENCE } from "./near-miss.js";
import { CONFIDENCE } from "./parse-rules.js";
import type { SlotEnv } from "./slots/index.js";
import { SlotCache } from "./template.js";
import { stripFillers, type Token } from "./text/normalize.js";
import type { NluCall, NluResult } from "./types.js";

/**
 * A request said with its reason beside it ("shut the music off, the baby's asleep", "the
 * printer's jammed, so open its settings"): the whole sentence matches no template and the
 * classifier reads the reason as much as the request. Commas and a clause-leading "so" part the
 * sentence; a part the templates read whole, with typed values only, is the request when no
 * other part is one too. Free text is left out: "tell him I'm late, the train's stuck" would
 * be any part's message. The clause is put as a question (the middle band), never acted on.
 */
export class Clauses {
  constructor(
    private readonly matcher: TemplateMatcher,
    private readonly groupOf: ReadonlyMap<string, string>,
  ) {}

  /** The whole sentence's reading, or when it left the sentence unread, its request's clause. */
  or(whole: NluResult, tokens: readonly Token[], env: SlotEnv): NluResult {
    // Only what the whole sentence left unread: no action, or one too unsure to be asked
    if (whole.kind === "action" && (whole.missing?.length || whole.confidence >= NEAR_CONFIDENCE))
      return whole;
    const call = clauseRequest(this.matcher, tokens, env);
    if (!call) return whole;
    const group = this.groupOf.get(call.tool);
    return {
      text: whole.text,
      kind: "action",
      tool: call.tool,
      args: call.args,
      confidence: CONFIDENCE.clause,
      ...(group ? { groups: [group] } : {}),
    };
  }
}

function clauseRequest(
  matcher: TemplateMatcher,
  tokens: readonly Token[],
  env: SlotEnv,
): NluCall | undefined {
  const clauses = partsOf(tokens, env.text);
  if (clauses.length < 2) return undefined;
  let found: NluCall | undefined;
  for (const clause of clauses) {
    const words = stripFillers(clause);
    if (words.length < 2) continue;
    const match = matcher.best(new SlotCache(words, env));
    if (!match || match.missing) continue;
    // Two requests, or a request whose value is free text, are not a reason and its request
    if (found || match.free) return undefined;
    found = { tool: match.tool, args: match.args };
  }
  return found;
}

/** The sentence's parts at sentence ends, commas, semicolons and dashes, and before a clause-leading "so". */
function partsOf(tokens: readonly Token[], text: string): Token[][] {
  const parts: Token[][] = [];
  let current: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const previous = tokens[i - 1];
    const between = previous ? text.slice(previous.end, token.start) : "";
    // A sentence's end parts too: "What is written in notes.txt? All of it, not a summary."
    const breaks = /[,;]|\s[-–—]\s|[.?!]\s/.test(between) || (token.w === "so" && i > 0);
    if (breaks && current.length > 0) {
      parts.push(current);
      current = [];
    }
    if (!(token.w === "so" && current.length === 0)) current.push(token);
  }
  if (current.length > 0) parts.push(current);
  return parts;
}
