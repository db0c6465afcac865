import type { IntentSpec } from "../core/language.js";
import type { ToolDefinition } from "../core/tool.js";

/**
 * Tool groups keep their language beside their tools (`<group>/language.ts`) and attach it
 * here; the embedded NLU compiles whatever the registry hands it, and nothing else.
 */

/** Intents keyed by name; `tool` says which tool when it differs from the key. */
export type IntentTable = Record<string, IntentSpec & { tool?: string }>;

/** Intents by tool name. */
export type Language = Readonly<Record<string, readonly IntentSpec[]>>;

/** Groups tables of intents by the tool they call (the key names the reading). */
export function byTool(...tables: IntentTable[]): Language {
  const out: Record<string, IntentSpec[]> = {};
  for (const table of tables) {
    for (const [name, { tool, ...spec }] of Object.entries(table)) {
      const key = tool ?? name;
      const list = out[key] ?? [];
      list.push(key === name ? spec : { name, ...spec });
      out[key] = list;
    }
  }
  return out;
}

/** A language with classifier-only phrasings added, by tool name. */
export function withPhrasings(
  language: Language,
  samples: Readonly<Record<string, readonly string[]>>,
): Language {
  const out: Record<string, readonly IntentSpec[]> = { ...language };
  for (const [tool, phrasings] of Object.entries(samples)) {
    if (phrasings.length === 0) continue;
    out[tool] = [...(out[tool] ?? []), { name: `${tool}:phrasings`, samples: phrasings }];
  }
  return out;
}

/** The group's tools with their language attached. */
export function withLanguage(tools: ToolDefinition[], language: Language): ToolDefinition[] {
  return tools.map((tool) => {
    const intents = language[tool.name];
    if (!intents?.length) return tool;
    return { ...tool, language: [...(tool.language ?? []), ...intents] };
  });
}

/** The same language with `props` on every intent (a whole group acts on this computer only). */
export function withEvery(language: Language, props: Partial<IntentSpec>): Language {
  return Object.fromEntries(
    Object.entries(language).map(([tool, intents]) => [tool, intents.map((spec) => ({ ...spec, ...props }))]),
  );
}

/**
 * The name before "window" when it is a room's, a building's or a vehicle's ("the kitchen
 * window", "the car window"): glass, not a window on the screen. Shared by the groups that read
 * a window named by what it shows.
 */
export const GLASS_WINDOW =
  /\b(?:kitchen|bed ?rooms?|bath ?rooms?|living ?rooms?|lounge|dining ?room|hall(?:way)?|landing|stairs?|attic|loft|garage|shed|conservatory|porch|nursery|kids'? ?rooms?|spare ?rooms?|study|office|front|back|side|rear|bay|sash|skylight|roof|car|van|bus|train|driver'?s?|passenger'?s?|shop|house|home|upstairs|downstairs|room|sky)\b/i;
