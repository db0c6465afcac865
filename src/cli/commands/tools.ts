import type { Command } from "commander";
import type { CallReport } from "../../agent/types.js";
import { JarvisError } from "../../core/errors.js";
import { type ToolDefinition, tierLabel } from "../../core/tool.js";
import { describeOutcome } from "../../gate/describe.js";
import { callService, findService, type ServiceTarget } from "../../runtime/service-client.js";
import { callInService } from "../attach.js";
import { type CliContext, parseJsonFlag } from "../base-context.js";
import { brokerFor } from "../broker.js";
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
    .option("--local", "read this process's catalog even when the service runs")
    .action(
      action(context, async (flags: { json?: boolean; local?: boolean }) => {
        // Attached: the service's catalog (its MCP servers and generated tools included).
        const target = flags.local ? undefined : findService(context.env);
        // The service's agent adds its own tools (its plan, its tool search) for the model; the
        // list is the catalog, as in-process.
        const list = target
          ? (await callService<{ tools: ToolEntry[] }>(target, "GET", "/api/tools?check=0")).tools.filter(
              (tool) => tool.group !== "agent",
            )
          : context.runtime().registry.list().map(toolEntry);
        for (const tool of list) {
          if (flags.json) {
            const { name, group, tier, effects, description, parameters } = tool;
            context.print(JSON.stringify({ name, group, tier, effects, description, parameters }));
          } else {
            context.print(
              `${tool.name.padEnd(28)} ${tool.group.padEnd(10)} ${tool.tier.padEnd(11)} ${tool.effects.join(",")}`,
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
    .option("--local", "run it in this process even when the service runs")
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
        async (
          name: string,
          flags: { args: string; yes?: boolean; no?: boolean; json?: boolean; local?: boolean },
        ) => {
          if (flags.yes && flags.no) throw new JarvisError("USAGE", "--yes and --no cannot be used together");
          const args = parseJsonFlag("--args", flags.args);
          const target = flags.local ? undefined : findService(context.env);
          if (target) return callAttached(context, target, name, args, flags);
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

/** What `tools list` prints of a tool, in-process or from the service's `GET /api/tools`. */
type ToolEntry = Pick<ToolDefinition, "name" | "group" | "effects" | "description" | "parameters"> & {
  tier: string;
};

function toolEntry(tool: ToolDefinition): ToolEntry {
  const { name, group, effects, description, parameters } = tool;
  return {
    name,
    group,
    tier: tierLabel(tool),
    effects,
    description,
    parameters,
  };
}

/**
 * `tools call` with the service running: the call runs there, through its gate (its policy,
 * its audit, its runs), and its confirmation is asked here as the attached `ask` asks it.
 */
async function callAttached(
  context: CliContext,
  target: ServiceTarget,
  name: string,
  args: unknown,
  flags: { args: string; yes?: boolean; no?: boolean; json?: boolean },
): Promise<void> {
  const call = await callInService(
    target,
    { tool: name, args, input: `${name} ${flags.args}` },
    flags,
    context,
  );
  reportOutcome(context, call, flags.json ?? false, call.runId);
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
