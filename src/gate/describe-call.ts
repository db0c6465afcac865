import { describeWith, type LanguageEnv } from "../core/language.js";
import type { ToolDefinition } from "../core/tool.js";

export type DescribeEnv = Pick<LanguageEnv, "now" | "timezone" | "zones">;

/**
 * A call in the person's words, from the tool's own language: the `describe` of its intents,
 * the same sentences the middle band asks with ("Set a timer for 11 minutes") and confirmations
 * show. Undefined when the tool has none for these arguments (an MCP tool, a generated one).
 */
export function describeCall(
  tool: Pick<ToolDefinition, "language">,
  args: Record<string, unknown>,
  env: DescribeEnv,
): string | undefined {
  return describeWith(tool.language ?? [], args, env);
}

/** Verbs whose last consonant doubles although they have two syllables (stress on the last). */
const DOUBLED = new Set(["forget", "begin", "submit", "permit", "admit", "commit", "refer", "regret"]);

/**
 * The same words as what is being done, for a progress line: "Read ~/notes.txt" → "Reading
 * ~/notes.txt", "Set a timer…" → "Setting a timer…". Describes start with the verb (imperative).
 */
export function doingWords(summary: string): string {
  const match = /^([A-Za-z]+)(.*)$/s.exec(summary);
  if (!match) return summary;
  const [, verb = "", rest = ""] = match;
  const lower = verb.toLowerCase();
  let stem: string;
  if (lower === "be" || lower === "see" || /(ee|ye|oe)$/.test(lower)) stem = lower;
  else if (lower.endsWith("ie")) stem = `${lower.slice(0, -2)}y`;
  else if (lower.endsWith("e") && lower.length > 2) stem = lower.slice(0, -1);
  else if (DOUBLED.has(lower) || /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(lower)) stem = lower + lower.at(-1);
  else stem = lower;
  const word = `${stem}ing`;
  return (verb[0] === verb[0]?.toUpperCase() ? word[0]!.toUpperCase() + word.slice(1) : word) + rest;
}
