import { Command, CommanderError } from "commander";
import { commandGroupsFor, type RegisterCommands } from "./commands/index.js";
import { type CliContext, createCliContext } from "./context.js";

export const VERSION = "0.1.0";

export function buildProgram(context: CliContext, groups: RegisterCommands[]): Command {
  const program = new Command()
    .name("jarvis")
    .description("A local-first personal AI agent. Every action passes one deterministic gate.")
    .version(VERSION)
    .option("--debug", "print stack traces for errors")
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.stdout.write(text),
      writeErr: (text) => context.stderr.write(text),
      outputError: (text, write) =>
        write(`USAGE: ${text.replace(/^error: /, "").trim()} (see \`jarvis --help\`)\n`),
    })
    .hook("preAction", (command) => {
      context.debug = Boolean(command.optsWithGlobals().debug);
    });
  for (const register of groups) register(program, context);
  return program;
}

/** Runs one command line and returns the exit code (0 ok, 1 error, 2 usage, 3 denied). */
export async function main(argv: string[], context: CliContext = createCliContext()): Promise<number> {
  const program = buildProgram(context, await commandGroupsFor(argv));
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof CommanderError) {
      await context.close();
      const benign = ["commander.helpDisplayed", "commander.version", "commander.help"].includes(error.code);
      return benign ? 0 : 2;
    }
    throw error;
  }
  await context.close();
  return context.exitCode;
}
