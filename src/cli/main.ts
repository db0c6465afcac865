import { Command, CommanderError } from "commander";
import { JarvisError } from "../core/errors.js";
import { type CliContext, createBaseContext } from "./base-context.js";
import { commandGroupsFor, ownsRuntime, type RegisterCommands } from "./commands/index.js";

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
export async function main(argv: string[], given?: CliContext): Promise<number> {
  const groups = await commandGroupsFor(argv);
  const context = given ?? (await defaultContext(argv));
  const program = buildProgram(context, groups);
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

/**
 * `jarvis start` composes its own runtime after it listens (server/launch.ts); its context does
 * not import the runtime and the tool catalog, which would cost ~0.4 s before the port opens.
 */
async function defaultContext(argv: readonly string[]): Promise<CliContext> {
  if (ownsRuntime(argv)) {
    return createBaseContext({}, () => {
      throw new JarvisError("INTERNAL", "this command opens its own runtime");
    });
  }
  const { createCliContext } = await import("./context.js");
  return createCliContext();
}
