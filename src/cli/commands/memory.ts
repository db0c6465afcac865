import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { JarvisError } from "../../core/errors.js";
import type { MemoryItem } from "../../memory/index.js";
import type { CliContext } from "../context.js";
import { action } from "../run.js";
import { LOCAL, memoryAccess } from "./library-access.js";

/** `jarvis memory …`: every memory is visible, searchable, exportable and forgettable. */
export function registerMemoryCommands(program: Command, context: CliContext): void {
  const memoryCommand = program.command("memory").description("what Jarvis remembers about you");
  const open = (flags: { local?: boolean }) => memoryAccess(context, flags);
  const show = (item: MemoryItem, json?: boolean) =>
    context.print(json ? JSON.stringify(item) : `${item.id.padEnd(6)} ${item.text}  (${item.source})`);

  memoryCommand
    .command("list")
    .description("every fact and conversation summary, with its id")
    .option("--json", "one JSON object per memory")
    .option("--local", LOCAL)
    .action(
      action(context, async (flags: { json?: boolean; local?: boolean }) => {
        const items = await open(flags).list();
        if (!flags.json && items.length === 0)
          context.print('Nothing remembered yet. Try `jarvis memory add "my boss is Sarah Chen"`.');
        for (const item of items) show(item, flags.json);
      }),
    );

  memoryCommand
    .command("add <text...>")
    .description('remember something, e.g. jarvis memory add "my boss is Sarah Chen"')
    .option("--json", "print the result as JSON")
    .option("--local", LOCAL)
    .action(
      action(context, async (words: string[], flags: { json?: boolean; local?: boolean }) => {
        const result = await open(flags).remember(words.join(" "));
        if (flags.json) return context.print(JSON.stringify(result));
        for (const item of result.stored) context.print(`remembered ${item.id}: ${item.text}`);
        for (const item of result.replaced) context.print(`replaced   ${item.id}: ${item.text}`);
        for (const item of result.known) context.print(`known      ${item.id}: ${item.text}`);
      }),
    );

  memoryCommand
    .command("search <query...>")
    .description('answer from memory ("who is my boss?") or search it')
    .option("--json", "print {answer, items} as JSON")
    .option("--limit <n>", "how many memories (1-50)", "10")
    .option("--local", LOCAL)
    .action(
      action(context, async (words: string[], flags: { json?: boolean; limit: string; local?: boolean }) => {
        const limit = Number(flags.limit);
        if (!/^\d+$/.test(flags.limit) || limit < 1 || limit > 50) {
          throw new JarvisError("USAGE", `--limit must be a whole number from 1 to 50, not "${flags.limit}"`);
        }
        const result = await open(flags).recall(words.join(" "), limit);
        if (flags.json) return context.print(JSON.stringify(result));
        if (result.items.length === 0) return context.print("Nothing remembered about that.");
        if (result.answer) context.print(result.answer);
        for (const item of result.items) show(item);
      }),
    );

  memoryCommand
    .command("forget <ids...>")
    .description("delete memories for good (ids from `jarvis memory list`)")
    .option("--local", LOCAL)
    .action(
      action(context, async (ids: string[], flags: { local?: boolean }) => {
        for (const item of await open(flags).forget(ids)) context.print(`forgot ${item.id}: ${item.text}`);
      }),
    );

  memoryCommand
    .command("export")
    .description("everything remembered, as Markdown")
    .option("--output <file>", "write to a file instead of stdout")
    .option("--local", LOCAL)
    .action(
      action(context, async (flags: { output?: string; local?: boolean }) => {
        const markdown = await open(flags).exportMarkdown();
        if (!flags.output) {
          context.stdout.write(markdown);
          return;
        }
        const file = resolve(flags.output);
        try {
          writeFileSync(file, markdown, { mode: 0o600 });
        } catch (error) {
          throw new JarvisError(
            "TOOL_FAILED",
            `cannot write ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`,
            {
              fix: "choose a writable path",
            },
          );
        }
        context.print(`exported to ${file}`);
      }),
    );
}
