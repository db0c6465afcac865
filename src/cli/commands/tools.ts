import type { Command } from "commander";
import { ERROR_CODES, type ErrorCode, JarvisError } from "../../core/errors.js";
import { describeOutcome } from "../../gate/describe.js";
import type { CallOutcome } from "../../gate/gate.js";
import { createRunScope } from "../../gate/scope.js";
import { brokerFor } from "../broker.js";
import { type CliContext, parseJsonFlag } from "../context.js";
import { action } from "../run.js";

export function registerToolsCommands(program: Command, context: CliContext): void {
  const tools = program.command("tools").description("the tool catalog, and one call through the full gate");

  tools
    .command("list")
    .description("name, group, tier and effects of every tool")
    .option("--json", "one JSON object per tool")
    .action(
      action(context, async (flags: { json?: boolean }) => {
        const runtime = context.runtime();
        for (const tool of runtime.registry.list()) {
          const tier = typeof tool.risk === "function" ? "varies" : tool.risk;
          if (flags.json) {
            context.print(
              JSON.stringify({
                name: tool.name,
                group: tool.group,
                tier,
                effects: tool.effects,
                description: tool.description,
                parameters: tool.parameters,
              }),
            );
          } else {
            context.print(
              `${tool.name.padEnd(28)} ${tool.group.padEnd(10)} ${tier.padEnd(11)} ${tool.effects.join(",")}`,
            );
          }
        }
      }),
    );

  tools
    .command("call <name>")
    .description(
      "run one tool call through validate → provenance → risk → policy → confirm → execute → audit",
    )
    .option("--args <json>", "arguments as a JSON object", "{}")
    .option("--yes", "approve a confirmation without asking")
    .option("--no", "deny a confirmation without asking")
    .option("--json", "print the outcome as JSON")
    .action(
      action(
        context,
        async (name: string, flags: { args: string; yes?: boolean; no?: boolean; json?: boolean }) => {
          if (flags.yes && flags.no) throw new JarvisError("USAGE", "--yes and --no cannot be used together");
          const args = parseJsonFlag("--args", flags.args);
          const runtime = context.runtime();
          const outcome = await runtime.gate.call(
            { tool: name, args },
            createRunScope({
              runId: runtime.ids.next("run"),
              userText: [flags.args],
              broker: brokerFor(context, flags),
            }),
          );
          reportOutcome(context, outcome, flags.json ?? false);
        },
      ),
    );
}

export function reportOutcome(context: CliContext, outcome: CallOutcome, json: boolean): void {
  context.exitCode = exitCodeFor(outcome);
  if (json) {
    context.print(
      JSON.stringify({
        callId: outcome.callId,
        tool: outcome.tool,
        status: outcome.status,
        tier: outcome.tier,
        decision: outcome.decision,
        reason: outcome.reason,
        code: outcome.code,
        output: outcome.result?.output,
        data: outcome.result?.data,
      }),
    );
    return;
  }
  if (outcome.status === "ok") context.print(outcome.message);
  else
    context.printError(
      `${outcome.code ?? "ERROR"}: ${describeOutcome(outcome, { doing: "run it", detail: true })}`,
    );
}

function exitCodeFor(outcome: CallOutcome): number {
  if (outcome.status === "ok") return 0;
  if (outcome.status === "denied") return 3;
  const code = outcome.code as ErrorCode | undefined;
  if (code && code in ERROR_CODES) return ERROR_CODES[code].exit;
  return 1;
}
