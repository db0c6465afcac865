import type { Command } from "commander";
import { JarvisError } from "../../core/errors.js";
import type { StoredTool } from "../../extend/factory/store.js";
import { describeOutcome } from "../../gate/describe.js";
import type { RunScope } from "../../gate/types.js";
import { callService, findService, type ServiceTarget } from "../../runtime/service-client.js";
import { callInService } from "../attach.js";
import { brokerFor } from "../broker.js";
import type { CliContext } from "../context.js";
import { extensionsOf, previewUnseen } from "../extensions.js";
import { action } from "../run.js";

interface Flags {
  yes?: boolean;
  no?: boolean;
  local?: boolean;
}

/** A generated tool as both paths report it (the service leaves out where it is stored). */
type Generated = Omit<StoredTool, "dir">;

/** What became of one factory call, in-process or in the service. */
interface Done {
  status: string;
  message: string;
  data?: unknown;
  code?: string | undefined;
  reason?: string | undefined;
}

/**
 * The factory where it lives: the running service (over its local API, so its catalog sees a
 * new tool at once and its audit records the calls) or, with none running, this process.
 */
interface FactoryAccess {
  list(): Promise<Generated[]>;
  /** One call through the gate, its confirmation asked here. */
  call(tool: string, args: Record<string, unknown>, input: string): Promise<Done>;
  review(draftId: string): Promise<string>;
}

function factoryAccess(context: CliContext, flags: Flags): FactoryAccess {
  const target = flags.local ? undefined : findService(context.env);
  return target ? attached(context, target, flags) : inProcess(context, flags);
}

function attached(context: CliContext, target: ServiceTarget, flags: Flags): FactoryAccess {
  return {
    async list() {
      return (await callService<{ tools: Generated[] }>(target, "GET", "/api/factory/tools")).tools;
    },
    async call(tool, args, input) {
      const call = await callInService(target, { tool, args, input }, flags, context);
      return { ...call, message: call.message ?? "" };
    },
    async review(draftId) {
      const draft = await callService<{ review: string | null }>(
        target,
        "GET",
        `/api/factory/drafts/${encodeURIComponent(draftId)}`,
      );
      return draft.review ?? "";
    },
  };
}

function inProcess(context: CliContext, flags: Flags): FactoryAccess {
  // One run for the command: what `tools make` drafted is what it registers.
  let scope: RunScope | undefined;
  return {
    async list() {
      return extensionsOf(context).factory.list();
    },
    async call(tool, args, input) {
      const runtime = context.runtime();
      // Loaded here: the attached commands need none of it.
      const { createRunScope } = await import("../../gate/scope.js");
      scope ??= createRunScope({
        runId: runtime.ids.next("run"),
        userText: [input],
        broker: brokerFor(context, flags),
        emit: (event) => {
          if (event.type === "notice") context.printError(`… ${(event.data as { message: string }).message}`);
        },
      });
      return runtime.gate.call({ tool, args }, scope);
    },
    async review(draftId) {
      return extensionsOf(context).factory.review(draftId);
    },
  };
}

/** Prints a call that did not succeed, with the exit code the in-process CLI always used. */
function failed(context: CliContext, done: Done, doing: string): void {
  context.printError(describeOutcome(done as Parameters<typeof describeOutcome>[0], { doing, detail: true }));
  context.exitCode = done.status === "denied" ? 3 : 1;
}

const LOCAL = "run it in this process even when the service runs";

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
    .option("--local", LOCAL)
    .action(
      action(context, async (description: string, flags: Flags) => {
        if (flags.yes && flags.no) throw new JarvisError("USAGE", "--yes and --no cannot be used together");
        const factory = factoryAccess(context, flags);
        const made = await factory.call("tools_make", { description }, description);
        if (made.status !== "ok") return failed(context, made, "make the tool");
        const draft = (made.data as { draft: string }).draft;
        // The terminal shows the review with its question; otherwise print it so it is seen.
        if (previewUnseen(context, flags)) context.print(await factory.review(draft));
        const registered = await factory.call("tools_register", { draft }, draft);
        if (registered.status === "ok") context.print(registered.message);
        else failed(context, registered, "register it");
      }),
    );

  const generated = tools.command("generated").description("tools the factory made");
  generated
    .command("list")
    .description("every generated tool, its tier and whether it is loaded")
    .option("--json", "one JSON object per tool")
    .option("--local", LOCAL)
    .action(
      action(context, async (flags: { json?: boolean; local?: boolean }) => {
        const stored = await factoryAccess(context, flags).list();
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
    .option("--local", LOCAL)
    .action(
      action(context, async (name: string, flags: Flags) => {
        const tool = (await factoryAccess(context, flags).list()).find((entry) => entry.name === name);
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
    .option("--local", LOCAL)
    .action(
      action(context, async (name: string, flags: Flags) => {
        const removed = await factoryAccess(context, flags).call("tools_remove", { name }, name);
        if (removed.status === "ok") context.print(removed.message);
        else failed(context, removed, "remove it");
      }),
    );
}
