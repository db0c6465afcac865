import type { Command } from "commander";
import { JarvisError } from "../../core/errors.js";
import { skillSummary } from "../../extend/skills/index.js";
import { describeOutcome } from "../../gate/describe.js";
import { createRunScope } from "../../gate/scope.js";
import { findService } from "../../runtime/service-client.js";
import { callInService } from "../attach.js";
import { brokerFor } from "../broker.js";
import type { CliContext } from "../context.js";
import { exitCodeForCall } from "../exit-codes.js";
import { extensionsOf, previewUnseen } from "../extensions.js";
import { action } from "../run.js";

export function registerSkillsCommands(program: Command, context: CliContext): void {
  const skills = program
    .command("skills")
    .description("Agent Skills: instructions and scripts, pinned by a content hash");

  skills
    .command("list")
    .description("every skill Jarvis sees and whether it may be used")
    .option("--json", "one JSON object per skill")
    .action(
      action(context, async (flags: { json?: boolean }) => {
        const entries = extensionsOf(context).skills.catalog.reload();
        if (entries.length === 0 && !flags.json)
          context.print("No skills yet. Add one with `jarvis skills add <folder | git URL | npm:package>`.");
        for (const entry of entries) {
          if (flags.json) context.print(JSON.stringify(skillSummary(entry)));
          else
            context.print(
              `${entry.name.padEnd(28)} ${entry.status.padEnd(10)} ${entry.where.padEnd(9)} ${entry.status === "ready" ? (entry.manifest?.description ?? "").slice(0, 80) : (entry.reason ?? "")}`,
            );
        }
      }),
    );

  skills
    .command("add <source>")
    .description(
      "install or update a skill from a folder, a git URL (URL#folder) or npm:package; shows it (or its diff) and asks",
    )
    .option("--yes", "approve without asking")
    .option("--no", "show it and do not install")
    .option("--local", LOCAL)
    .action(
      action(context, async (source: string, flags: { yes?: boolean; no?: boolean; local?: boolean }) => {
        if (flags.yes && flags.no) throw new JarvisError("USAGE", "--yes and --no cannot be used together");
        if (await attached(context, "skills_install", { source }, source, flags, "install it")) return;
        const runtime = context.runtime();
        const { skills } = extensionsOf(context);
        // Fetched and checked first: a malformed skill is refused here with the rule it breaks.
        const staged = await skills.staging.stage(source);
        if (previewUnseen(context, flags)) context.print(staged.preview);
        const outcome = await runtime.gate.call(
          { tool: "skills_install", args: { source } },
          createRunScope({
            runId: runtime.ids.next("run"),
            userText: [source],
            broker: brokerFor(context, flags),
          }),
        );
        report(context, outcome.status === "ok", outcome.message, () =>
          describeOutcome(outcome, { doing: "install it", detail: true }),
        );
        if (outcome.status === "denied" && !flags.no && !context.stdin.isTTY)
          context.printError("Nothing was installed; add --yes to approve.");
        if (outcome.status === "denied") context.exitCode = 3;
      }),
    );

  skills
    .command("remove <name>")
    .description("remove an installed skill (a project-folder skill is only no longer approved)")
    .option("--yes", "approve without asking")
    .option("--local", LOCAL)
    .action(
      action(context, async (name: string, flags: { yes?: boolean; local?: boolean }) => {
        if (await attached(context, "skills_remove", { name }, name, flags, "remove it")) return;
        const runtime = context.runtime();
        const outcome = await runtime.gate.call(
          { tool: "skills_remove", args: { name } },
          createRunScope({
            runId: runtime.ids.next("run"),
            userText: [name],
            broker: brokerFor(context, flags),
          }),
        );
        report(context, outcome.status === "ok", outcome.message, () =>
          describeOutcome(outcome, { doing: "remove it", detail: true }),
        );
        if (outcome.status === "denied") context.exitCode = 3;
      }),
    );

  skills
    .command("show <name>")
    .description("a skill's fields, files, hashes and approval")
    .option("--json", "as JSON")
    .action(
      action(context, async (name: string, flags: { json?: boolean }) => {
        const entry = extensionsOf(context).skills.catalog.find(name);
        if (!entry)
          throw new JarvisError("NOT_FOUND", `no skill named ${name.slice(0, 64)}`, {
            fix: "see `jarvis skills list`",
          });
        if (flags.json) {
          context.print(
            JSON.stringify({
              ...skillSummary(entry),
              files: entry.scanned?.files ?? [],
              pin: entry.pin ?? null,
            }),
          );
          return;
        }
        const manifest = entry.manifest;
        const lines = [
          `${entry.name} — ${entry.status}${entry.reason ? `: ${entry.reason}` : ""}`,
          `  folder: ${entry.dir} (${entry.where})`,
          ...(manifest ? [`  description: ${manifest.description}`] : []),
          ...(manifest?.license ? [`  license: ${manifest.license}`] : []),
          ...(manifest?.compatibility ? [`  needs: ${manifest.compatibility}`] : []),
          `  allowed-tools: ${manifest?.allowedTools ? manifest.allowedTools.join(" ") || "(none)" : "(not declared: your usual settings apply)"}`,
          ...(entry.pin
            ? [
                `  approved: ${entry.pin.hash} from ${entry.pin.origin} at ${new Date(entry.pin.approvedAt).toISOString()}`,
              ]
            : []),
          ...(entry.scanned
            ? [
                `  content: ${entry.scanned.hash}`,
                ...entry.scanned.files.map((f) => `    ${f.path} ${f.bytes} bytes ${f.sha256.slice(0, 12)}`),
              ]
            : []),
        ];
        for (const line of lines) context.print(line);
      }),
    );

  skills
    .command("verify")
    .description("re-hash every skill and compare with what you approved")
    .action(
      action(context, async () => {
        const entries = extensionsOf(context).skills.catalog.reload();
        let bad = 0;
        for (const entry of entries) {
          const ok = entry.status === "ready";
          if (!ok && entry.status !== "unapproved") bad += 1;
          context.print(
            `${ok ? "ok" : entry.status.padEnd(10)} ${entry.name}${ok ? ` ${entry.pin?.hash ?? ""}` : `: ${entry.reason ?? ""}`}`,
          );
        }
        context.print(
          `${entries.length} skills, ${entries.length - bad} fine${bad ? `, ${bad} disabled` : ""}`,
        );
        context.exitCode = bad > 0 ? 1 : 0;
      }),
    );
}

function report(context: CliContext, ok: boolean, message: string, describe: () => string): void {
  if (ok) context.print(message);
  else {
    context.printError(describe());
    context.exitCode = 1;
  }
}

const LOCAL = "change this process's skills even when the service runs";

/**
 * `skills add|remove` with the service running: the call runs there, so the service's catalog
 * (what its agent may use) changes at once; a skill removed here and still loaded there would
 * stay usable until a restart. False when no service runs (or with --local).
 */
async function attached(
  context: CliContext,
  tool: string,
  args: Record<string, string>,
  input: string,
  flags: { yes?: boolean; no?: boolean; local?: boolean },
  doing: string,
): Promise<boolean> {
  const target = flags.local ? undefined : findService(context.env);
  if (!target) return false;
  const call = await callInService(target, { tool, args, input }, flags, context);
  const outcome = { ...call, message: call.message ?? "" };
  report(context, call.status === "ok", outcome.message, () =>
    describeOutcome(outcome as Parameters<typeof describeOutcome>[0], { doing, detail: true }),
  );
  context.exitCode = exitCodeForCall(call);
  return true;
}
