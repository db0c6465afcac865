import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { JarvisError } from "../../core/errors.js";
import { exportMarkdown, Memory, type MemoryItem, parseMemoryId } from "../../memory/index.js";
import type { CliContext } from "../context.js";
import { action } from "../run.js";

/** `jarvis memory …`: every memory is visible, searchable, exportable and forgettable. */
export function registerMemoryCommands(program: Command, context: CliContext): void {
  const memoryCommand = program.command("memory").description("what Jarvis remembers about you");
  const open = () => {
    const runtime = context.runtime();
    return new Memory({ db: runtime.db, clock: runtime.clock, logger: runtime.logger });
  };
  const show = (item: MemoryItem, json?: boolean) =>
    context.print(json ? JSON.stringify(item) : `${item.id.padEnd(6)} ${item.text}  (${item.source})`);

  memoryCommand
    .command("list")
    .description("every fact and conversation summary, with its id")
    .option("--json", "one JSON object per memory")
    .action(
      action(context, async (flags: { json?: boolean }) => {
        const items = open().list();
        if (!flags.json && items.length === 0)
          context.print('Nothing remembered yet. Try `jarvis memory add "my boss is Sarah Chen"`.');
        for (const item of items) show(item, flags.json);
      }),
    );

  memoryCommand
    .command("add <text...>")
    .description('remember something, e.g. jarvis memory add "my boss is Sarah Chen"')
    .option("--json", "print the result as JSON")
    .action(
      action(context, async (words: string[], flags: { json?: boolean }) => {
        const result = await open().remember(words.join(" "), { source: "user" });
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
    .action(
      action(context, async (words: string[], flags: { json?: boolean; limit: string }) => {
        const limit = Number(flags.limit);
        if (!/^\d+$/.test(flags.limit) || limit < 1 || limit > 50) {
          throw new JarvisError("USAGE", `--limit must be a whole number from 1 to 50, not "${flags.limit}"`);
        }
        const result = await open().recall(words.join(" "), { limit });
        if (flags.json) return context.print(JSON.stringify(result));
        if (result.items.length === 0) return context.print("Nothing remembered about that.");
        if (result.answer) context.print(result.answer);
        for (const item of result.items) show(item);
      }),
    );

  memoryCommand
    .command("forget <ids...>")
    .description("delete memories for good (ids from `jarvis memory list`)")
    .action(
      action(context, async (ids: string[]) => {
        const memory = open();
        for (const id of ids) parseMemoryId(id); // malformed ids are usage errors, before anything goes
        const missing = ids.filter((id) => !memory.get(id));
        if (missing.length > 0) {
          throw new JarvisError("NOT_FOUND", `no memory ${missing.join(", ")}`, {
            fix: "see `jarvis memory list` for ids; nothing was forgotten",
          });
        }
        for (const id of ids) context.print(`forgot ${id}: ${memory.forget(id).text}`);
      }),
    );

  memoryCommand
    .command("export")
    .description("everything remembered, as Markdown")
    .option("--output <file>", "write to a file instead of stdout")
    .action(
      action(context, async (flags: { output?: string }) => {
        const runtime = context.runtime();
        const markdown = exportMarkdown(open(), runtime.clock.now());
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
