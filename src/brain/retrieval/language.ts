import { compileCatalog, type NluTool, trainingExamples } from "../nlu/catalog.js";
import { seededRandom } from "../nlu/template.js";

/** How people ask for each tool: phrasings by tool name. */
export type ToolLanguage = ReadonlyMap<string, readonly string[]>;

/**
 * The tools' own language (`ToolDefinition.language`) as the embedded NLU compiles it — its
 * templates (expanded a few times), its phrasings and each tool's examples — so retrieval and
 * the fast path read one vocabulary. Deterministic (seeded); paid once per catalog change, and
 * only when a model is asked.
 */
export function nluLanguage(tools: readonly NluTool[]): ToolLanguage {
  const catalog = compileCatalog(tools);
  const examples = trainingExamples(catalog, seededRandom(20_261_126), 3, 60, 0);
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
