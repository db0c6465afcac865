import { compileCatalog, type NluTool, trainingExamples } from "../nlu/catalog.js";
import { BUILTIN_INTENTS } from "../nlu/intents/index.js";
import { seededRandom } from "../nlu/template.js";

/** How people ask for each tool: phrasings by tool name. */
export type ToolLanguage = ReadonlyMap<string, readonly string[]>;

/**
 * The tools' language as the embedded NLU knows it — its templates (expanded a few times),
 * its classifier phrasings and each tool's own examples — so retrieval and the fast path read
 * one vocabulary. Deterministic (seeded); ~0.3 s for the built-in catalog, paid once per
 * catalog change, and only when a model is asked.
 */
export function nluLanguage(tools: readonly NluTool[]): ToolLanguage {
  const catalog = compileCatalog(tools, BUILTIN_INTENTS);
  const examples = trainingExamples(catalog, BUILTIN_INTENTS, seededRandom(20_261_126), 3, 60, 0);
  const byTool = new Map<string, string[]>();
  for (const example of examples) {
    if (example.label.startsWith("_")) continue;
    let list = byTool.get(example.label);
    if (!list) {
      list = [];
      byTool.set(example.label, list);
    }
    list.push(example.words.join(" "));
  }
  return byTool;
}
