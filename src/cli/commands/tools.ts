import type { Command } from "commander";
import type { CallReport } from "../../agent/types.js";
import { JarvisError } from "../../core/errors.js";
import { describeOutcome } from "../../gate/describe.js";
import { brokerFor } from "../broker.js";
import { type CliContext, parseJsonFlag } from "../context.js";
import { exitCodeForCall } from "../exit-codes.js";
import { action } from "../run.js";
import { registerFactoryCommands } from "./tools-factory.js";

export function registerToolsCommands(program: Command, context: CliContext): void {
  const tools = program.command("tools").description("the tool catalog, and one call through the full gate");
  registerFactoryCommands(tools, context);

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
      "run one tool call through validate → provenance → risk → policy → confirm → execute → audit, as a run of its own",
    )
    .option("--args <json>", "arguments as a JSON object", "{}")
    .option("--yes", "approve a confirmation without asking")
    .option("--no", "deny a confirmation without asking")
    .option("--json", "print the outcome as JSON")
    .addHelpText(
      "after",
      `
Examples:
  jarvis tools call files_read --args '{"path": "~/Documents/notes.txt"}'
  jarvis tools call files_write --args '{"path": "~/Documents/a.txt", "content": "hi"}' --yes
  jarvis tools call system_info --json`,
    )
    .action(
      action(
        context,
        async (name: string, flags: { args: string; yes?: boolean; no?: boolean; json?: boolean }) => {
          if (flags.yes && flags.no) throw new JarvisError("USAGE", "--yes and --no cannot be used together");
          const args = parseJsonFlag("--args", flags.args);
          // A run of the agent with this one call (no NLU or model needed): listed, audited, resumable.
          const { AgentService } = await import("../../agent/service.js");
          const agent = new AgentService({ runtime: context.runtime() });
          try {
            const handle = agent.startCall({
              tool: name,
              args,
              input: `${name} ${flags.args}`,
              source: "cli",
              broker: brokerFor(context, flags),
              detail: true,
            });
            for await (const _event of handle.events) {
              // the outcome is reported below; confirmations are asked by the broker
            }
            const result = await handle.done;
            const call = result.calls[0];
            if (!call)
              throw new JarvisError(
                result.error?.code === "CANCELLED" ? "CANCELLED" : "INTERNAL",
                result.error?.message ?? "the call did not run",
              );
            reportOutcome(context, call, flags.json ?? false, result.runId);
          } finally {
            await agent.close();
          }
        },
      ),
    );
}

/** One call's outcome: the result on stdout, or one line `CODE: what happened (fix)` on stderr. */
export function reportOutcome(context: CliContext, call: CallReport, json: boolean, runId?: string): void {
  context.exitCode = exitCodeForCall(call);
  if (json) {
    context.print(
      JSON.stringify({
        runId,
        callId: call.callId,
        tool: call.tool,
        status: call.status,
        tier: call.tier,
        decision: call.decision,
        reason: call.reason,
        code: call.code,
        output: call.output,
        data: call.data,
      }),
    );
    return;
  }
  if (call.status === "ok") context.print(call.message ?? call.output ?? "");
  else
    context.printError(
      `${call.code ?? "ERROR"}: ${describeOutcome({ ...call, message: call.message ?? "" }, { doing: "run it", detail: true })}`,
    );
}
