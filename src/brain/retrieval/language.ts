import type { IntentSpec } from "../../core/language.js";

/** How people ask for each tool: phrasings by tool name. */
export type ToolLanguage = ReadonlyMap<string, readonly string[]>;

/** The part of a tool this reads: its own examples and its language (intents). */
export interface SpokenTool {
  name: string;
  description?: string | undefined;
  examples?: readonly string[] | undefined;
  language?: readonly IntentSpec[] | undefined;
}

/**
 * The tools' own language (`ToolDefinition.language`, the same intents the embedded NLU
 * compiles): each template's words — slots left out, alternatives all kept — its phrasings, and
 * the tool's examples (or, for a tool without any, its description). Negative phrasings (what a tool is NOT for) are left out. String work
 * only, no template expansion: a few milliseconds for the whole catalog, so the first request
 * to a model does not wait for it.
 */
export function toolLanguage(tools: readonly SpokenTool[]): ToolLanguage {
  const byTool = new Map<string, string[]>();
  for (const tool of tools) {
    const phrases: string[] = [];
    for (const intent of tool.language ?? []) {
      for (const entry of intent.templates ?? [])
        phrases.push(templateWords(typeof entry === "string" ? entry : entry.t));
      phrases.push(...(intent.samples ?? []));
    }
    for (const example of tool.examples ?? []) phrases.push(templateWords(example));
    // A tool that brings no language of its own (an MCP server's, a generated one) is asked
    // for in the words of its description, so it is not outranked for lack of phrasings
    if (phrases.length === 0 && tool.description) phrases.push(tool.description);
    if (phrases.length > 0) byTool.set(tool.name, phrases);
  }
  return byTool;
}

/** "(add|save) {item} to [my] list" → "add save to my list". */
function templateWords(template: string): string {
  return template
    .replace(/\{[^}]*\}/g, " ")
    .replace(/[()[\]|]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
