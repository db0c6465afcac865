import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { isJarvisError, JarvisError } from "../core/errors.js";
import { codeLayout } from "../core/package-root.js";
import type { Runtime } from "../runtime/compose.js";
import { findService } from "../runtime/service-client.js";
import { type CliContext, createBaseContext } from "./base-context.js";
import {
  commandGroupsFor,
  mayAttach,
  nearestCommand,
  needsNoRuntime,
  ownsRuntime,
  plainAsk,
  type RegisterCommands,
  unknownCommand,
} from "./commands/index.js";
import { askStorePassphrase } from "./passphrase.js";

/** The version in package.json (read once; `jarvis --version` and the server's /health say it). */
export const VERSION: string = (
  JSON.parse(readFileSync(join(codeLayout(import.meta.url).root, "package.json"), "utf8")) as {
    version: string;
  }
).version;

const EXAMPLES = `
Examples:
  jarvis ask "set a timer for 10 minutes"      one request; confirmations are asked here
  jarvis chat                                   a conversation in the terminal
  jarvis start                                  the web UI at http://127.0.0.1:7777
  jarvis tools call files_read --args '{"path": "~/notes.txt"}'
  jarvis runs list | head                       recent runs (resume one with \`jarvis runs resume ID\`)
  jarvis doctor                                 what works here, and how to enable the rest

Exit codes: 0 ok, 1 error, 2 usage, 3 denied (by policy, by you, or no answer in time).
Colour and symbols only on a terminal; NO_COLOR turns colour off.`;

export function buildProgram(
  commander: typeof import("commander"),
  context: CliContext,
  groups: RegisterCommands[],
): Command {
  const program = new commander.Command()
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
  program.addHelpText("after", EXAMPLES);
  return program;
}

/** Runs one command line and returns the exit code (0 ok, 1 error, 2 usage, 3 denied). */
export async function main(argv: string[], given?: CliContext): Promise<number> {
  const unknown = unknownCommand(argv);
  if (unknown !== undefined) {
    const near = nearestCommand(unknown);
    const hint = near ? ` (did you mean \`jarvis ${near}\`?)` : " (see `jarvis --help`)";
    (given?.stderr ?? process.stderr).write(`USAGE: unknown command '${unknown}'${hint}\n`);
    return 2;
  }
  const plain = plainAsk(argv);
  const groups = plain ? [] : await commandGroupsFor(argv);
  const runtime = given ? undefined : runtimeLoader(argv);
  const context = given ?? runtime!.context;
  try {
    // Attached, the service holds the store's key: nothing here opens the store
    if (!runtime?.attached) await askStorePassphrase(context, argv);
  } catch (error) {
    if (!isJarvisError(error)) throw error;
    context.printError(error.toLine());
    return error.exitCode;
  }
  if (plain) {
    // `jarvis ask` and words only: what commander would do with them, without loading it
    context.debug = false;
    await runtime?.load("ask");
    const { askAction } = await import("./commands/ask.js");
    await askAction(context)(plain, {});
    await context.close();
    return context.exitCode;
  }
  const commander = await import("commander");
  const program = buildProgram(commander, context, groups);
  // The runtime's modules (the tool catalog, ~1 s) load once the command line has parsed: bad
  // usage is answered before any of it
  if (runtime) program.hook("preAction", (_program, command) => runtime.load(command.name()));
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    if (error instanceof commander.CommanderError) {
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
 * The context of a command line and, when it needs a runtime in this process, the loader of the
 * runtime's modules (run before the command's action). `jarvis start` composes its own runtime
 * after it listens (server/launch.ts), and commands attached to the running service (`tools
 * list`, `runs show`…) read it there: their context never imports the runtime and the catalog.
 */
function runtimeLoader(argv: readonly string[]): {
  context: CliContext;
  load(command: string): Promise<void>;
  /** The command talks to the running service (and opens no store here). */
  attached?: true;
} {
  const none = () => {
    throw new JarvisError("INTERNAL", "this command does not open a runtime in this process");
  };
  if (ownsRuntime(argv) || needsNoRuntime(argv))
    return { context: createBaseContext({}, none), load: async () => {} };
  if (mayAttach(argv) && findService(process.env))
    return { context: createBaseContext({}, none), load: async () => {}, attached: true };
  let open: ((env: NodeJS.ProcessEnv) => Runtime) | undefined;
  const context = createBaseContext({}, (env) => (open ?? none)(env));
  return {
    context,
    async load(command) {
      // One request: its tools' groups load when they run, not all ~125 tools (decision 0032)
      if (command === "ask") {
        const { prepareRuntime } = await import("../runtime/on-demand.js");
        // The context's environment: it holds a passphrase typed at the prompt
        const opener = await prepareRuntime(context.env);
        open = (env) => opener({ env });
        return;
      }
      const { createRuntime } = await import("../runtime/runtime.js");
      open = (env) => createRuntime({ env });
    },
  };
}
