import type { Command } from "commander";
import { JarvisError } from "../../core/errors.js";
import { FixedConfirmationBroker } from "../../gate/confirm.js";
import { describeOutcome } from "../../gate/describe.js";
import { createRunScope } from "../../gate/scope.js";
import type { CliContext } from "../context.js";
import { action } from "../run.js";

/** Exit status when a limit or rule stopped the command, or it was refused (like `timeout`'s 124). */
export const SANDBOX_STOPPED_EXIT = 125;

interface RunFlags {
  read: string[];
  write: string[];
  net: string[];
  time?: string;
  memory?: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerSandboxCommands(program: Command, context: CliContext): void {
  const sandbox = program
    .command("sandbox")
    .description("run a command in the sandbox skills and generated tools run in");
  sandbox
    .command("run")
    .description(
      "run a command with only what you grant it: exits with its status, or 125 with one line naming the limit or rule that stopped it",
    )
    .argument("<command...>", "the command and its arguments, after --")
    .option("--read <path>", "a file or folder it may read (repeatable)", collect, [])
    .option("--write <path>", "a folder it may write in (repeatable)", collect, [])
    .option("--net <target>", "none, or HOST:PORT it may reach through the proxy (repeatable)", collect, [])
    .option("--time <seconds>", "wall-time limit")
    .option("--memory <mb>", "memory limit in MB")
    .addHelpText(
      "after",
      "\nExample:\n  jarvis sandbox run --read ~/Documents/data.csv --time 10 -- python3 -c 'print(1)'\n",
    )
    .action(
      action(context, async (command: string[], flags: RunFlags) => {
        const net = flags.net.filter((entry) => entry !== "none");
        if (flags.net.includes("none") && net.length > 0) {
          throw new JarvisError("USAGE", "--net none cannot be combined with HOST:PORT", {
            fix: "use one or the other",
          });
        }
        const args = {
          command,
          ...(flags.read.length ? { read: flags.read } : {}),
          ...(flags.write.length ? { write: flags.write } : {}),
          ...(net.length ? { net } : {}),
          ...(flags.time ? { time_s: positive("--time", flags.time) } : {}),
          ...(flags.memory ? { memory_mb: Math.round(positive("--memory", flags.memory)) } : {}),
        };
        const runtime = context.runtime();
        // The person typed the command: that is the approval (policy can still deny it).
        const outcome = await runtime.gate.call(
          { tool: "sandbox_run", args },
          createRunScope({
            runId: runtime.ids.next("run"),
            userText: [...flags.read, ...flags.write, ...net, command.join(" ")],
            broker: new FixedConfirmationBroker("approve"),
          }),
        );
        const data = outcome.data as
          | {
              exitCode?: number | null;
              stdout?: string;
              stderr?: string;
              stopped?: { message: string };
              blocked?: Array<{ rule: string; detail: string }>;
            }
          | undefined;
        if (data?.stdout) context.stdout.write(data.stdout);
        if (data?.stderr) context.stderr.write(data.stderr);
        for (const blocked of data?.blocked ?? [])
          context.printError(`sandbox: blocked ${blocked.rule}: ${blocked.detail}`);
        if (data?.stopped) {
          context.printError(`sandbox: ${data.stopped.message}`);
        } else if (typeof data?.exitCode === "number") {
          context.exitCode = data.exitCode;
          return;
        } else {
          // Refused or denied before it ran (a path on the deny list, policy, no sandbox here).
          context.printError(`sandbox: ${describeOutcome(outcome, { doing: "run it", detail: true })}`);
        }
        context.exitCode = SANDBOX_STOPPED_EXIT;
      }),
    );
}

function positive(flag: string, value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    throw new JarvisError("USAGE", `${flag} must be a positive number (got "${value.slice(0, 20)}")`, {
      fix: `e.g. ${flag} 10`,
    });
  }
  return number;
}
