import { describeWith, type LanguageEnv } from "../core/language.js";
import type { Effect, ToolDefinition } from "../core/tool.js";

export type DescribeEnv = Pick<LanguageEnv, "now" | "timezone" | "zones">;

/**
 * A call in the person's words, from the tool's own language: the `describe` of its intents,
 * the same sentences the middle band asks with ("Set a timer for 11 minutes") and confirmations
 * show, then the tool's own `says`. Undefined when the tool has none for these arguments (an
 * MCP tool, a generated one).
 */
export function describeCall(
  tool: Pick<ToolDefinition, "language" | "says">,
  args: Record<string, unknown>,
  env: DescribeEnv,
): string | undefined {
  const says = tool.says;
  return describeWith([...(tool.language ?? []), ...(says ? [{ describe: says }] : [])], args, env);
}

/** Whether the tool can say its calls in words at all (the describer loads its zones for it). */
export function hasWords(tool: Pick<ToolDefinition, "language" | "says">): boolean {
  return tool.says !== undefined || (tool.language ?? []).some((spec) => spec.describe);
}

/**
 * What a call does, in words, when its tool cannot say it (an MCP or generated tool): from its
 * effects, the most consequential first. The preview under it shows exactly what will happen.
 */
export function effectWords(effects: readonly Effect[]): string {
  const has = new Set(effects);
  const first = EFFECT_WORDS.find(([effect]) => has.has(effect));
  return first ? first[1] : "Do something";
}

const EFFECT_WORDS: ReadonlyArray<readonly [Effect, string]> = [
  ["send", "Send something out"],
  ["egress", "Send something out"],
  ["spend", "Spend money"],
  ["delete", "Delete something"],
  ["exec", "Run a program"],
  ["ui", "Act on your screen"],
  ["memory", "Change what I remember about you"],
  ["write", "Change your files or settings"],
  ["network", "Reach out to the internet"],
  ["read", "Look something up"],
];

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
