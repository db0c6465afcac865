import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom, pathString } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import { formatBytes, parseDocument } from "../../knowledge/index.js";
import type { Summary } from "../../knowledge/summarize.js";
import type { ToolDeps } from "../deps.js";
import { lazyKnowledge } from "../knowledge/index.js";

const schema = z.object({
  path: pathString("read", "PDF, DOCX, HTML, Markdown or text file to summarize").optional(),
  document: z
    .string()
    .min(1)
    .max(4096)
    .optional()
    .describe("an already indexed document: its id or source path"),
  max_points: z.number().int().min(1).max(20).optional().describe("how many points at most (default 7)"),
});
type Args = z.infer<typeof schema>;

/** The `docs` group: summaries of documents with page citations. */
export function createDocsTools(deps: ToolDeps): ToolDefinition[] {
  const knowledge = lazyKnowledge(deps);
  return [
    defineTool<Args>({
      name: "docs_summarize",
      group: "docs",
      description:
        "Summarize a document (a file path, or an indexed document id) into key points with page citations. Give path or document.",
      parameters: parametersFrom(schema),
      effects: ["read"],
      risk: "safe",
      trust: "untrusted",
      timeoutMs: 5 * 60_000,
      examples: ["summarize {path}", "give me the gist of {path}", "what is {path} about"],
      async execute(args, ctx) {
        if (!args.path === !args.document)
          return fail("ARGS_INVALID", "give exactly one of path or document");
        const kb = knowledge();
        let title: string;
        let pages: number | null | undefined;
        let summary: Summary;
        if (args.path) {
          const info = await stat(args.path).catch(() => undefined);
          if (!info) throw new JarvisError("NOT_FOUND", `no such file ${args.path}`);
          if (!info.isFile()) return fail("ARGS_INVALID", `${args.path} is not a file`);
          if (info.size > kb.limits.maxFileBytes) {
            return fail(
              "LIMIT_REACHED",
              `${args.path} is ${formatBytes(info.size)}, over the ${formatBytes(kb.limits.maxFileBytes)} limit`,
            );
          }
          ctx.signal.throwIfAborted();
          const parsed = await parseDocument(await readFile(args.path), basename(args.path), ctx.signal);
          summary = await kb.summarizeParsed(parsed, args.max_points, ctx.signal);
          title = parsed.title;
          pages = parsed.pages;
        } else {
          const result = await kb.summarizeDocument(args.document!, args.max_points, ctx.signal);
          summary = result.summary;
          title = result.document.title;
          pages = result.document.pages;
        }
        if (summary.points.length === 0)
          return ok(`"${title}" has no prose to summarize.`, { title, summary });
        const head = `Summary of "${title}"${pages ? ` (${pages} pages)` : ""}, ${summary.method}:`;
        return ok(`${head}\n${summary.text}`, { title, pages, summary });
      },
    }),
  ];
}
