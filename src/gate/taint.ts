import {
  EGRESS_EFFECTS,
  type JsonSchema,
  type RiskTier,
  SIDE_EFFECTS,
  type ToolDefinition,
} from "../core/tool.js";
import { destinationOf, untrustedWords } from "./flow.js";
import { saysWholly } from "./mentions.js";
import type { ProvenanceFinding } from "./provenance.js";
import type { RunScope } from "./types.js";

/** What the run's taint means for one call, decided once and handed to risk and policy. */
export interface TaintVerdict {
  /** The call must be seen by the user, whatever the autonomy level or session grants. */
  mustAsk: boolean;
  /** The tier the call is raised to at least, if any. */
  raiseTo?: RiskTier;
  /** Why, naming the flow (tools and labels): for the audit and events. */
  reason?: string;
  /** Why, for the person asked (no tool names): the confirmation's first line. */
  why?: string;
}

const CLEAN: TaintVerdict = { mustAsk: false };

export interface CallUnderTaint {
  tool: ToolDefinition;
  args: Record<string, unknown>;
  findings: readonly ProvenanceFinding[];
}

/**
 * Taint as information flow. A run that has read untrusted text (web pages, others' mail,
 * documents, file names, extension output) may be following that text's instructions, so:
 *
 * 1. any side effect — egress, UI input, memory, write, delete, exec, spend — whose arguments
 *    the user did not give verbatim is asked (a link an earlier result produced counts only as
 *    that exact link: its handle, or the same URL retyped);
 * 2. with the user's private data also in the run, nothing leaves (egress, send) without asking,
 *    verbatim or not: private data + untrusted instructions + a way out is the whole attack. The
 *    one exception carries no data at all: a call whose only free values are addresses the user
 *    typed (their own link, exactly), so nothing read in the run can ride along — rule 1 still
 *    applies to it;
 * 3. a world-pointing value nobody vouched for is asked.
 *
 * The policy makes every `mustAsk` a question at every autonomy level, over session grants.
 */
export function taintVerdict(
  call: CallUnderTaint,
  scope: Pick<RunScope, "taint" | "userText" | "held">,
): TaintVerdict {
  const { taint } = scope;
  if (!taint.tainted) return CLEAN;
  const { tool, args, findings } = call;
  const sideEffect = tool.effects.some((effect) => SIDE_EFFECTS.has(effect));
  const egress = tool.effects.some((effect) => EGRESS_EFFECTS.has(effect));
  const held = taint.private ?? [];
  const unvouched = findings.filter((finding) => finding.origin === "unknown");
  const from = `${taint.sources.slice(0, 3).join(", ") || "untrusted content"} (untrusted)`;
  const read = untrustedWords(taint.groups ?? []);
  const Read = read.charAt(0).toUpperCase() + read.slice(1);

  if (egress && held.length > 0 && !onlyUserAddresses(call)) {
    const where = destinationOf(tool, findings);
    const part = scope.held?.find(stringsIn(args));
    const privateNames = [...new Set(held.map((entry) => entry.what))].slice(0, 3).join(", ");
    const privateTools = [...new Set(held.map((entry) => entry.tool))].slice(0, 3).join(", ");
    return {
      mustAsk: true,
      raiseTo: "dangerous",
      reason: `flow: ${from} + ${privateTools} (private: ${privateNames}) → ${tool.name} sends to ${where}; nothing leaves without asking`,
      why: part
        ? `${Read} I read may have asked for this: it would send part of ${part} to ${where}.`
        : `${Read} I read may have asked for this: it would send something to ${where}, after I read ${privateNames}.`,
    };
  }
  if (sideEffect && !givenVerbatim(call, scope.userText)) {
    return {
      mustAsk: true,
      raiseTo: "dangerous",
      reason: `flow: ${from} → ${tool.name} (${tool.effects.filter((e) => SIDE_EFFECTS.has(e)).join(", ")}) with arguments the user did not give; asking`,
      why: `${Read} I read may have asked for this, and you did not give these details yourself: ${effectWords(tool, findings)}.`,
    };
  }
  if (unvouched.length > 0) {
    return {
      mustAsk: true,
      reason: `flow: ${from} → ${tool.name} with ${unvouched.map((f) => f.key).join(", ")} of unknown origin; asking`,
      why: `${Read} I read may have asked for this, and it points somewhere you did not name: ${destinationOf(tool, unvouched)}.`,
    };
  }
  return CLEAN;
}

/** What the call would do, for people. */
function effectWords(tool: ToolDefinition, findings: readonly ProvenanceFinding[]): string {
  const effects = new Set(tool.effects);
  if (effects.has("egress") || effects.has("send"))
    return `it would send something to ${destinationOf(tool, findings)}`;
  if (effects.has("ui")) return "it would type, click or change things on your screen";
  if (effects.has("memory")) return "it would store this to remember about you";
  if (effects.has("exec")) return "it would run a program";
  if (effects.has("delete")) return "it would delete something";
  if (effects.has("spend")) return "it would spend money";
  return "it would change your files or settings";
}

/**
 * Whether the call's only values are addresses the user (or the configuration) gave, exactly,
 * plus fixed choices and numbers: fetching the very link the user typed sends nothing the run
 * read. Free text (a query, a body) never qualifies, even when it is the user's words: which of
 * their words an injected model picks could itself carry bits of what it read.
 */
function onlyUserAddresses(call: CallUnderTaint): boolean {
  if (call.findings.length === 0) return false;
  if (call.findings.some((finding) => finding.origin !== "user" && finding.origin !== "config")) return false;
  const annotated = new Set(call.findings.map((finding) => finding.key));
  const properties = (call.tool.parameters.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(call.args).every(
    ([key, value]) =>
      annotated.has(key) || stringsIn(value).every((text) => fixedChoices(properties[key]).has(text)),
  );
}

/**
 * Whether the user could have typed this call: every world-pointing value came from them, the
 * configuration, a trusted result or (for a link) the exact link a result produced, and every
 * other string is one of the schema's fixed choices or appears in what they said, as whole words.
 */
function givenVerbatim(call: CallUnderTaint, said: readonly string[]): boolean {
  const vouched = new Set(["user", "config", "tool", "handle"]);
  const annotated = new Set(call.findings.map((finding) => finding.key));
  if (call.findings.some((finding) => !vouched.has(finding.origin))) return false;

  const properties = (call.tool.parameters.properties ?? {}) as Record<string, JsonSchema>;
  for (const [key, value] of Object.entries(call.args)) {
    if (annotated.has(key)) continue;
    const choices = fixedChoices(properties[key]);
    for (const text of stringsIn(value)) {
      if (text.trim() === "" || choices.has(text)) continue;
      if (!said.some((words) => saysWholly(words, text))) return false;
    }
  }
  return true;
}

/**
 * `enum`/`const` values of a property (or of its items): picking one carries no free text. An
 * `x-ref` property (an element ref such as `e12`) is a choice among what a result showed.
 */
function fixedChoices(schema: JsonSchema | undefined): { has(value: unknown): boolean } {
  const target = (schema?.type === "array" ? schema.items : schema) as JsonSchema | undefined;
  if (target?.["x-ref"] === true && typeof target.pattern === "string") {
    const pattern = new RegExp(target.pattern);
    return { has: (value) => typeof value === "string" && pattern.test(value) };
  }
  const values = [
    ...((target?.enum as unknown[]) ?? []),
    ...(target && "const" in target ? [target.const] : []),
  ];
  return new Set(values);
}

/** Every string inside a value (arguments are JSON). */
export function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}
