import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { parametersFrom, pathString, urlString } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import { formatBytes, parseDocument } from "../../knowledge/index.js";
import type { Summary } from "../../knowledge/summarize.js";
import type { ToolDeps } from "../deps.js";
import { lazyKnowledge } from "../knowledge/index.js";
import { createWebDocumentReader, type WebDocumentOptions } from "../web/index.js";

const schema = z.object({
  path: pathString("read", "PDF, DOCX, HTML, Markdown or text file to summarize").optional(),
  document: z
    .string()
    .min(1)
    .max(4096)
    .optional()
    .describe("an already indexed document: its id or source path"),
  url: urlString("a web page, PDF or YouTube video: a #u handle or a URL the user gave").optional(),
  max_points: z.number().int().min(1).max(20).optional().describe("how many points at most (default 7)"),
});
type Args = z.infer<typeof schema>;

/** The `docs` group: summaries of documents with page citations. */
export function createDocsTools(
  deps: ToolDeps,
  options: { web?: WebDocumentOptions } = {},
): ToolDefinition[] {
  const knowledge = lazyKnowledge(deps);
  // Web pages and videos come through the same guarded path as web_fetch / youtube_transcript.
  const readUrl = createWebDocumentReader(deps.config.web, deps.env, options.web);
  return [
    defineTool<Args>({
      name: "docs_summarize",
      group: "docs",
      description:
        "Summarize a document (a file path, an indexed document id, or a web page / PDF / YouTube video URL) into key points with page citations. Give path, document or url.",
      parameters: parametersFrom(schema),
      effects: ["read", "network", "egress"],
      sensitivity: "private",
      risk: "safe",
      trust: "untrusted",
      timeoutMs: 5 * 60_000,
      // No URL examples yet: they train the embedded NLU and would change how "summarize <url>" routes.
      examples: ["summarize {path}", "give me the gist of {path}", "what is {path} about"],
      async execute(args, ctx) {
        if ([args.path, args.document, args.url].filter(Boolean).length !== 1)
          return fail("ARGS_INVALID", "give exactly one of path, document or url");
        const kb = knowledge();
        let title: string;
        let pages: number | null | undefined;
        let summary: Summary;
        let source = "";
        if (args.url) {
          ctx.signal.throwIfAborted();
          const doc = await readUrl(args.url, {
            maxBytes: Math.min(deps.config.web.max_bytes, kb.limits.maxFileBytes),
            signal: ctx.signal,
          });
          const parsed = await parseDocument(doc.bytes, doc.name, ctx.signal);
          summary = await kb.summarizeParsed(
            doc.title ? { ...parsed, title: doc.title } : parsed,
            args.max_points,
            ctx.signal,
          );
          title = doc.title ?? parsed.title;
          pages = parsed.pages;
          source = `\nSource: ${doc.url}${doc.kind === "youtube" ? " (captions)" : ""}${doc.truncated ? "; only the first part was read" : ""}`;
        } else if (args.path) {
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
        return ok(`${head}\n${summary.text}${source}`, { title, pages, summary });
      },
    }),
  ];
}
