import { resolve } from "node:path";
import { createInterface } from "node:readline";
import type { Command } from "commander";
import { JarvisError } from "../../core/errors.js";
import { formatReports } from "../../knowledge/report.js";
import { truncate } from "../../knowledge/text.js";
import type { IngestReport, SearchMode, SearchResult } from "../../knowledge/types.js";
import type { CliContext } from "../context.js";
import { action } from "../run.js";
import { docsAccess, LOCAL } from "./library-access.js";

/** `jarvis docs …`: the knowledge base from the command line (the user's own request: no gate). */
export function registerDocsCommands(program: Command, context: CliContext): void {
  const docs = program
    .command("docs")
    .description("the knowledge base: add, list, remove and search documents");
  const open = (flags: { local?: boolean }) => docsAccess(context, flags);

  docs
    .command("add <paths...>")
    .description("add files and folders (PDF, DOCX, HTML, Markdown, text); unchanged files are skipped")
    .option("--json", "one JSON object per file")
    .option("--local", LOCAL)
    .action(
      action(context, async (paths: string[], flags: { json?: boolean; local?: boolean }) => {
        const reports = await open(flags).add(
          paths.map((p) => resolve(p)),
          (report) => context.print(flags.json ? JSON.stringify(report) : formatReport(report)),
        );
        finish(context, reports, flags.json);
      }),
    );

  docs
    .command("reindex")
    .description("compute vectors for documents that lack them (after configuring or changing the embedder)")
    .option("--json", "one JSON object per document")
    .option("--local", LOCAL)
    .action(
      action(context, async (flags: { json?: boolean; local?: boolean }) => {
        const reports = await open(flags).reindex((report) =>
          context.print(flags.json ? JSON.stringify(report) : formatReport(report)),
        );
        finish(context, reports, flags.json);
      }),
    );

  docs
    .command("list")
    .description("indexed documents")
    .option("--json", "one JSON object per document")
    .option("--local", LOCAL)
    .action(
      action(context, async (flags: { json?: boolean; local?: boolean }) => {
        const documents = await open(flags).list();
        if (!flags.json && documents.length === 0)
          context.print("No documents yet: add some with `jarvis docs add PATH`.");
        for (const doc of documents) {
          if (flags.json) context.print(JSON.stringify(doc));
          else {
            const pages = doc.pages ? `${doc.pages} p.` : "";
            const added = new Date(doc.addedAt).toISOString().slice(0, 10);
            context.print(
              `${String(doc.id).padStart(5)}  ${doc.kind.padEnd(8)} ${pages.padStart(7)} ${String(doc.chunks).padStart(6)} chunks  ${added}  ${doc.source}`,
            );
          }
        }
      }),
    );

  docs
    .command("remove <targets...>")
    .description("remove documents by id, path, or every document under a folder")
    .option("--local", LOCAL)
    .action(
      action(context, async (targets: string[], flags: { local?: boolean }) => {
        // One unknown target removes nothing (`removeAll` checks them all first).
        const removed = await open(flags).remove(targets.map((t) => (/^\d+$/.test(t) ? t : resolve(t))));
        for (const doc of removed) context.print(`removed   ${doc.source}`);
        context.print(`${removed.length} document${removed.length === 1 ? "" : "s"} removed`);
      }),
    );

  docs
    .command("search [query]")
    .description("search documents; with --json and no query, reads one query per line from stdin")
    .option("--json", "print JSON: {query, results: [{source, page, score, text}]}")
    .option("--limit <n>", "results per query (1-1000)", "10")
    .option("--mode <mode>", "hybrid, keyword or vector (default: hybrid when an embedder is configured)")
    .option("--local", LOCAL)
    .action(
      action(
        context,
        async (
          query: string | undefined,
          flags: { json?: boolean; limit: string; mode?: string; local?: boolean },
        ) => {
          const limit = Number(flags.limit);
          if (!/^\d+$/.test(flags.limit) || limit < 1 || limit > 1000) {
            throw new JarvisError(
              "USAGE",
              `--limit must be a whole number from 1 to 1000, not "${flags.limit}"`,
              {
                fix: "e.g. --limit 20",
              },
            );
          }
          if (flags.mode !== undefined && !["hybrid", "keyword", "vector"].includes(flags.mode)) {
            throw new JarvisError("USAGE", `--mode must be hybrid, keyword or vector, not "${flags.mode}"`);
          }
          const mode = flags.mode as SearchMode | undefined;
          if (query === undefined && !flags.json) {
            throw new JarvisError(
              "USAGE",
              "give a query, or use --json to read one query per line from stdin",
              {
                fix: 'e.g. jarvis docs search "tax deadline"',
              },
            );
          }
          if (query !== undefined && !query.trim()) throw new JarvisError("USAGE", "the query is empty");
          const knowledge = open(flags);
          if (query !== undefined) {
            const outcome = await knowledge.search(query, limit, mode);
            if (outcome.warning) context.printError(`note: ${outcome.warning}`);
            if (flags.json)
              context.print(JSON.stringify({ query, results: outcome.results.map(jsonResult) }));
            else printResults(context, outcome.results);
            return;
          }
          // Batch mode: one process, many queries (benchmarks, scripts).
          const lines = createInterface({ input: context.stdin, crlfDelay: Number.POSITIVE_INFINITY });
          for await (const line of lines) {
            const text = line.trim();
            if (!text) continue;
            const outcome = await knowledge.search(text, limit, mode);
            context.print(JSON.stringify({ query: text, results: outcome.results.map(jsonResult) }));
          }
        },
      ),
    );
}

function jsonResult(r: SearchResult) {
  return {
    source: r.source,
    ...(r.page !== undefined ? { page: r.page } : {}),
    score: Number(r.score.toFixed(6)),
    text: r.text,
  };
}

function printResults(context: CliContext, results: SearchResult[]): void {
  if (results.length === 0) {
    context.print("No matches.");
    return;
  }
  results.forEach((r, i) => {
    context.print(
      `${i + 1}. ${r.source}${r.page !== undefined ? ` p. ${r.page}` : ""}  (score ${r.score.toFixed(3)})`,
    );
    context.print(`   ${truncate(r.text.replace(/\s+/g, " "), 300)}`);
  });
}

function formatReport(report: IngestReport): string {
  return formatReports([report]).split("\n")[0]!;
}

function finish(context: CliContext, reports: IngestReport[], json?: boolean): void {
  if (!json) context.print(formatReports(reports).split("\n").at(-1)!);
  if (reports.some((r) => r.status === "failed")) context.exitCode = 1;
}
