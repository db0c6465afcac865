import type { Command } from "commander";
import { runDoctor } from "../../runtime/doctor/index.js";
import type { CliContext } from "../context.js";
import { action } from "../run.js";

const MARK = { ok: "✓", missing: "·", warn: "!", error: "✗" } as const;

export function registerDoctorCommand(program: Command, context: CliContext): void {
  program
    .command("doctor")
    .description("what is available (model, browser, OCR, voice, mail, calendar) and how to enable the rest")
    .option("--json", "one JSON object per check")
    .action(
      action(context, async (flags: { json?: boolean }) => {
        const results = await runDoctor(context.env);
        for (const result of results) {
          if (flags.json) context.print(JSON.stringify(result));
          else {
            const fix = result.status === "ok" || !result.fix ? "" : `  → ${result.fix}`;
            context.print(
              `${MARK[result.status]} ${result.area.padEnd(10)} ${result.name.padEnd(24)} ${result.detail}${fix}`,
            );
          }
        }
        if (results.some((r) => r.status === "error")) context.exitCode = 1;
      }),
    );
}
