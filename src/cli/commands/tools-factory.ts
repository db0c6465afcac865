import type { Command } from "commander";
import { JarvisError } from "../../core/errors.js";
import { describeOutcome } from "../../gate/describe.js";
import { brokerFor } from "../broker.js";
import type { CliContext } from "../context.js";
import { extensionsOf, previewUnseen } from "../extensions.js";
import { action } from "../run.js";

interface Flags {
  yes?: boolean;
  no?: boolean;
}

/** `jarvis tools make` and `jarvis tools generated list|show|remove`, beside `tools list|call`. */
export function registerFactoryCommands(tools: Command, context: CliContext): void {
  tools
    .command("make <description>")
    .description(
      "have the model write a tool with tests; the tests run in the sandbox; you review it once before it is registered",
    )
    .option("--yes", "register it without asking once the tests pass")
    .option("--no", "draft and test it, then do not register it")
    .addHelpText("after", '\nExample:\n  jarvis tools make "turn a CSV file into a markdown table"\n')
    .action(
      action(context, async (description: string, flags: Flags) => {
        if (flags.yes && flags.no) throw new JarvisError("USAGE", "--yes and --no cannot be used together");
        const runtime = context.runtime();
        const factory = extensionsOf(context).factory;
        // Loaded here: `tools list` and `tools call` attached to the service need none of it.
        const { createRunScope } = await import("../../gate/scope.js");
        const scope = createRunScope({
          runId: runtime.ids.next("run"),
          userText: [description],
          broker: brokerFor(context, flags),
          emit: (event) => {
            if (event.type === "notice")
              context.printError(`… ${(event.data as { message: string }).message}`);
          },
        });
        const made = await runtime.gate.call({ tool: "tools_make", args: { description } }, scope);
        if (made.status !== "ok") {
          context.printError(describeOutcome(made, { doing: "make the tool", detail: true }));
          context.exitCode = made.status === "denied" ? 3 : 1;
          return;
        }
        const draft = (made.data as { draft: string }).draft;
        // The terminal shows the review with its question; otherwise print it so it is seen.
        if (previewUnseen(context, flags)) context.print(factory.review(draft));
        const registered = await runtime.gate.call({ tool: "tools_register", args: { draft } }, scope);
        if (registered.status === "ok") context.print(registered.message);
        else {
          context.printError(describeOutcome(registered, { doing: "register it", detail: true }));
          context.exitCode = registered.status === "denied" ? 3 : 1;
        }
      }),
    );

  const generated = tools.command("generated").description("tools the factory made");
  generated
    .command("list")
    .description("every generated tool, its tier and whether it is loaded")
    .option("--json", "one JSON object per tool")
    .action(
      action(context, async (flags: { json?: boolean }) => {
        const stored = extensionsOf(context).factory.list();
        if (stored.length === 0 && !flags.json)
          context.print('No generated tools yet. Make one with `jarvis tools make "…"`.');
        for (const tool of stored) {
          const tier = tool.pin?.tier ?? "-";
          if (flags.json) {
            context.print(
              JSON.stringify({
                name: tool.name,
                status: tool.status,
                tier,
                hash: tool.pin?.hash ?? null,
                reason: tool.reason ?? null,
              }),
            );
          } else {
            context.print(
              `${tool.name.padEnd(28)} ${tool.status.padEnd(10)} ${tier.padEnd(11)} ${tool.status === "ready" ? (tool.draft?.manifest.description ?? "").slice(0, 70) : (tool.reason ?? "")}`,
            );
          }
        }
      }),
    );
  generated
    .command("show <name>")
    .description("a generated tool's manifest, code, tests and approval")
    .action(
      action(context, async (name: string) => {
        const tool = extensionsOf(context)
          .factory.list()
          .find((entry) => entry.name === name);
        if (!tool)
          throw new JarvisError("NOT_FOUND", `no generated tool named ${name.slice(0, 64)}`, {
            fix: "see `jarvis tools generated list`",
          });
        context.print(`${tool.name} — ${tool.status}${tool.reason ? `: ${tool.reason}` : ""}`);
        if (tool.pin)
          context.print(
            `  approved ${tool.pin.hash} at tier ${tool.pin.tier} on ${new Date(tool.pin.registeredAt).toISOString()}\n  asked for: ${tool.pin.request}`,
          );
        if (!tool.draft) return;
        const { manifest, code, tests } = tool.draft;
        context.print(
          `  ${manifest.description}\n  effects: ${manifest.effects.join(", ") || "none"}; capabilities: ${manifest.capabilities.join(", ") || "none"}`,
        );
        context.print(`Parameters:\n${JSON.stringify(manifest.parameters, null, 2)}\nCode:\n${code}`);
        const report = tool.report?.results ?? [];
        context.print(`Tests (${tests.length}):`);
        for (const test of tests) {
          const result = report.find((entry) => entry.name === test.name);
          context.print(`  ${result ? (result.passed ? "passed" : "FAILED") : "      "}  ${test.name}`);
        }
      }),
    );
  generated
    .command("remove <name>")
    .description("remove a generated tool")
    .option("--yes", "approve without asking")
    .action(
      action(context, async (name: string, flags: Flags) => {
        const runtime = context.runtime();
        const { createRunScope } = await import("../../gate/scope.js");
        const outcome = await runtime.gate.call(
          { tool: "tools_remove", args: { name } },
          createRunScope({
            runId: runtime.ids.next("run"),
            userText: [name],
            broker: brokerFor(context, flags),
          }),
        );
        if (outcome.status === "ok") context.print(outcome.message);
        else {
          context.printError(describeOutcome(outcome, { doing: "remove it", detail: true }));
          context.exitCode = outcome.status === "denied" ? 3 : 1;
        }
      }),
    );
}
