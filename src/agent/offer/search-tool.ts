import { z } from "zod";
import type { ToolRetriever } from "../../brain/retrieval/retriever.js";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import type { ToolRegistry } from "../../gate/registry.js";
import type { ToolOffer } from "./tool-offer.js";

export const TOOLS_SEARCH = "tools_search";
/** Searches one run may make; a model that keeps searching instead of acting is stopped. */
export const MAX_SEARCHES = 3;

const searchSchema = z.object({
  query: z
    .string()
    .min(2)
    .max(300)
    .describe("what you need to do, in a few words (e.g. 'read a text file', 'send an email')"),
});

/**
 * The model's way to more tools: it describes what it needs, gets the best matching tools it
 * was not offered yet, and can call them from its next step (they stay for the rest of the
 * run). Safe and effect-free, but still a gate call like any other: validated and audited.
 */
export function toolsSearchTool(deps: {
  retriever: ToolRetriever;
  registry: Pick<ToolRegistry, "get">;
  /** The offer of the run making the call (none outside a model run: results are only listed). */
  offerOf: (runId: string) => ToolOffer | undefined;
}): ToolDefinition {
  return defineTool<z.infer<typeof searchSchema>>({
    name: TOOLS_SEARCH,
    group: "agent",
    description:
      "Find more tools when none of the tools you have fits: describe what you need to do. The tools found can be called from your next step.",
    parameters: parametersFrom(searchSchema),
    effects: [],
    risk: "safe",
    trust: "trusted",
    async execute(args, ctx) {
      const offer = deps.offerOf(ctx.runId);
      if (offer && offer.searches >= MAX_SEARCHES) {
        return fail(
          "LIMIT_REACHED",
          `tools were already searched ${MAX_SEARCHES} times in this task`,
          "use the tools you have, or tell the user what you cannot do",
        );
      }
      if (offer) offer.searches += 1;
      const exclude = new Set([...(offer?.offered ?? []), TOOLS_SEARCH]);
      const found = await deps.retriever.search(args.query, exclude, offer?.searchLimit ?? 8, ctx.signal);
      const names = found.map((tool) => tool.name);
      offer?.load(names);
      if (names.length === 0) {
        return ok("No other tool matches that. Use the tools you have, or tell the user it cannot be done.", {
          tools: [],
        });
      }
      const lines = names.map(
        (name) => `- ${name}: ${firstSentence(deps.registry.get(name)?.definition.description)}`,
      );
      return ok(`Found ${names.length} tools; call them from your next step:\n${lines.join("\n")}`, {
        tools: names,
      });
    },
  });
}

function firstSentence(text: string | undefined): string {
  const sentence = (text ?? "").split(/(?<=\.)\s/)[0] ?? "";
  return sentence.length > 160 ? `${sentence.slice(0, 159)}…` : sentence;
}
