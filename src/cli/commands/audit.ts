import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { JarvisError } from "../../core/errors.js";
import { type AuditEntry, compareWithExport, verifyChain } from "../../gate/audit.js";
import { callService, findService } from "../../runtime/service-client.js";
import type { CliContext } from "../context.js";
import { action } from "../run.js";

export function registerAuditCommands(program: Command, context: CliContext): void {
  const audit = program.command("audit").description("the tamper-evident audit log");

  audit
    .command("list")
    .description("recent decisions")
    .option("--json", "one JSON object per entry")
    .option("--limit <n>", "how many entries", "50")
    .option("--run <id>", "only this run")
    .option("--tool <name>", "only this tool")
    .option("--local", "read the store in this process even when the service runs")
    .action(
      action(
        context,
        async (flags: { json?: boolean; limit: string; run?: string; tool?: string; local?: boolean }) => {
          const limit = Number(flags.limit);
          if (!Number.isInteger(limit) || limit < 1) {
            throw new JarvisError("USAGE", "--limit must be a positive whole number", {
              fix: "e.g. --limit 20",
            });
          }
          const filter = { limit, runId: flags.run, tool: flags.tool };
          const target = flags.local ? undefined : findService(context.env);
          // Attached, the service reads the same table (no chain check: `audit verify` does that)
          const entries = target
            ? (
                await callService<{ entries: AuditEntry[] }>(
                  target,
                  "GET",
                  `/api/audit?${new URLSearchParams({
                    limit: String(limit),
                    verify: "0",
                    ...(filter.runId ? { runId: filter.runId } : {}),
                    ...(filter.tool ? { tool: filter.tool } : {}),
                  })}`,
                )
              ).entries
            : context.runtime().audit.list(filter);
          for (const entry of entries) {
            if (flags.json) context.print(JSON.stringify(entry));
            else {
              const when = new Date(entry.ts).toISOString().replace("T", " ").slice(0, 19);
              context.print(
                `${String(entry.seq).padStart(6)} ${when} ${entry.tool.padEnd(22)} ${entry.stage.padEnd(12)} ${(entry.tier ?? "-").padEnd(11)} ${(entry.decision ?? "-").padEnd(8)} ${entry.outcome}  ${entry.reason}`,
              );
            }
          }
        },
      ),
    );

  audit
    .command("export")
    .description("every entry as JSON lines (verify it later with `audit verify --file`)")
    .action(
      action(context, async () => {
        for (const entry of context.runtime().audit.iterate()) context.print(JSON.stringify(entry));
      }),
    );

  audit
    .command("verify")
    .description("recompute the keyed hash chain; names the first bad entry")
    .option("--file <path>", "verify an exported JSON-lines file instead of the database")
    .option(
      "--against <path>",
      "also check that every entry of an earlier export is still in the database, unchanged",
    )
    .action(
      action(context, async (flags: { file?: string; against?: string }) => {
        const audit = context.runtime().audit;
        const entries = flags.file ? readExport(flags.file) : audit.iterate();
        const result = verifyChain(entries, audit.key);
        if (!result.ok) {
          const bad = result.firstBad!;
          throw broken(`audit chain broken at entry seq ${bad.seq} (line ${bad.index + 1}): ${bad.problem}`);
        }
        if (flags.against) {
          const exported = readExport(flags.against);
          const own = verifyChain(exported, audit.key);
          if (!own.ok) {
            throw broken(
              `the export ${flags.against} is itself broken at seq ${own.firstBad!.seq}: ${own.firstBad!.problem}`,
            );
          }
          const compared = compareWithExport(exported, audit.iterate());
          if (!compared.ok) throw broken(compared.problem);
          context.print(
            `audit chain ok: ${result.count} entries; all ${compared.count} exported entries are unchanged`,
          );
          return;
        }
        context.print(`audit chain ok: ${result.count} entries`);
      }),
    );
}

function broken(message: string): JarvisError {
  return new JarvisError("AUDIT_BROKEN", message, {
    fix: "the log was changed outside Jarvis; keep a copy and investigate",
  });
}

function readExport(path: string): AuditEntry[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new JarvisError(
      "NOT_FOUND",
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? "error"}`,
      {
        fix: "pass a file made by `jarvis audit export`",
      },
    );
  }
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      try {
        return JSON.parse(line) as AuditEntry;
      } catch {
        throw new JarvisError("AUDIT_BROKEN", `line ${index + 1} of ${path} is not JSON`, {
          fix: "pass a file made by `jarvis audit export`",
        });
      }
    });
}
