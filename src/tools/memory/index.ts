import { z } from "zod";
import { parametersFrom } from "../../core/schema.js";
import { defineTool, fail, ok, type RunFlow, type ToolDefinition } from "../../core/tool.js";
import { Memory, type MemoryItem } from "../../memory/index.js";
import type { FactSource } from "../../memory/memory.js";
import type { ToolDeps } from "../deps.js";

const rememberSchema = z.object({
  text: z
    .string()
    .min(1)
    .max(2000)
    .describe('what to remember, in the user\'s words, e.g. "my boss is Sarah Chen"'),
});
const recallSchema = z.object({
  query: z.string().min(1).max(1000).describe('a question or keywords, e.g. "who is my boss?"'),
  limit: z.number().int().min(1).max(20).optional(),
});
const forgetSchema = z.object({
  id: z
    .string()
    .regex(/^[fe]\d{1,12}$/)
    .optional()
    .describe("memory id from memory_recall, e.g. f12"),
  query: z.string().min(1).max(500).optional().describe('what to forget, e.g. "my boss" or "Sarah"'),
});

const line = (item: MemoryItem) => `- ${item.text} [${item.id}, ${item.source}]`;

/** The `memory` group: remember, recall and forget facts about the user. */
export function createMemoryTools(deps: ToolDeps): ToolDefinition[] {
  const memory = new Memory({ db: deps.db, clock: deps.clock, logger: deps.logger });
  return [
    defineTool<z.infer<typeof rememberSchema>>({
      name: "memory_remember",
      group: "memory",
      description:
        "Remember a fact about the user or people and things in their life (relations, preferences, places, projects). Only for things the user asked to be remembered.",
      parameters: parametersFrom(rememberSchema),
      // "write": once a run has read untrusted text, storing a memory needs the user's yes, so a
      // web page cannot plant "facts" that later come back as trusted context.
      effects: ["memory", "write"],
      risk: "safe",
      examples: ["remember that {text}", "remember {text}", "don't forget that {text}", "note that {text}"],
      async execute(args, ctx) {
        ctx.signal.throwIfAborted();
        const source = sourceOf(memory, args.text, ctx.flow);
        const result = await memory.remember(args.text, { source, sessionId: ctx.sessionId });
        const lines = [
          ...result.stored.map((i) => `Remembered: ${i.text} [${i.id}]`),
          ...result.replaced.map((i) => `Replaced: ${i.text} [${i.id}]`),
          ...result.known.map((i) => `Already known: ${i.text} [${i.id}]`),
        ];
        return ok(lines.join("\n"), result);
      },
    }),
    defineTool<z.infer<typeof recallSchema>>({
      name: "memory_recall",
      group: "memory",
      description:
        'Recall what the user told Jarvis to remember: answers questions like "who is my boss?" or "what do you know about Sarah?" from the memory graph, else searches facts and past conversations.',
      parameters: parametersFrom(recallSchema),
      effects: ["read"],
      sensitivity: "private",
      risk: "safe",
      says: ({ query }) => `Look up what you told me about ${query}`,
      examples: [
        "who is my {relation}",
        "what do you know about {name}",
        "what do I prefer",
        "do you remember {query}",
      ],
      async execute(args) {
        const result = await memory.recall(args.query, { limit: args.limit ?? 5 });
        if (result.items.length === 0) return ok(`Nothing remembered about "${args.query}".`, result);
        const head = result.answer ? `${result.answer}\n` : "";
        const output = ok(`${head}Memories:\n${result.items.map(line).join("\n")}`, result);
        // A fact the user never stated (taken from a page, a document, or noted by the model)
        // is third-party text: fenced and tainting, like the output it came from.
        return result.items.some((item) => item.origin !== "user")
          ? { ...output, trust: "untrusted" }
          : output;
      },
    }),
    defineTool<z.infer<typeof forgetSchema>>({
      name: "memory_forget",
      group: "memory",
      description:
        'Forget memories for good: by id (f12, e3) or by what they are about ("my boss", "Sarah"). If a description matches loosely, nothing is deleted and the candidates are listed.',
      parameters: parametersFrom(forgetSchema),
      effects: ["memory", "delete"],
      risk: "caution",
      examples: ["forget {query}", "forget what you know about {query}", "delete memory {id}"],
      preview(args) {
        const targets = resolveTargets(memory, args);
        return "error" in targets ? targets.error : `Forget:\n${targets.items.map(line).join("\n")}`;
      },
      async execute(args, ctx) {
        const targets = resolveTargets(memory, args);
        if ("error" in targets) return fail(targets.code, targets.error);
        ctx.signal.throwIfAborted();
        const forgotten = targets.items.map((item) => memory.forget(item.id));
        return ok(`Forgot:\n${forgotten.map(line).join("\n")}`, { forgotten });
      },
    }),
  ];
}

/** Tool groups whose output is the text of documents (the user's files, the knowledge base). */
const DOCUMENT_GROUPS = new Set(["knowledge", "docs", "files"]);

/**
 * The true source of a fact the model asks to store: the user when their own words carry it;
 * otherwise what the run read decides — a document, another tool's output — or the model itself.
 * A call outside any gated run (no flow) cannot be attributed to the user.
 */
function sourceOf(memory: Memory, text: string, flow: RunFlow | undefined): FactSource {
  if (flow && memory.statedBy(text, flow.said)) return "user";
  const groups = flow?.untrustedGroups ?? [];
  if (groups.some((group) => DOCUMENT_GROUPS.has(group))) return "document";
  if (groups.length > 0) return "tool";
  return "model";
}

function resolveTargets(
  memory: Memory,
  args: { id?: string | undefined; query?: string | undefined },
): { items: MemoryItem[] } | { error: string; code: string } {
  if (!args.id === !args.query) return { error: "give exactly one of id or query", code: "ARGS_INVALID" };
  if (args.id) {
    const item = memory.get(args.id);
    return item ? { items: [item] } : { error: `no memory ${args.id}`, code: "NOT_FOUND" };
  }
  const match = memory.match(args.query!);
  if (match.items.length === 0)
    return { error: `nothing remembered matches "${args.query}"`, code: "NOT_FOUND" };
  if (match.exact || match.items.length === 1) return { items: match.items };
  return {
    error: `"${args.query}" matches several memories; forget by id:\n${match.items.map(line).join("\n")}`,
    code: "ARGS_INVALID",
  };
}
