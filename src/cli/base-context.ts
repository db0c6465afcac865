import { JarvisError } from "../core/errors.js";
import type { Runtime, RuntimeOptions } from "../runtime/runtime.js";

/** What every command gets: streams, env, and a runtime opened only when a command needs it. */
export interface CliContext {
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  debug: boolean;
  runtime(): Runtime;
  /** A catalog in place of the built-in one (the probe CLI of tests); `jarvis start` serves it too. */
  tools?: RuntimeOptions["tools"];
  /** Exit code the process ends with (commands set it; 0 by default). */
  exitCode: number;
  print(line: string): void;
  printError(line: string): void;
  close(): Promise<void>;
}

export interface CliContextOptions {
  env?: NodeJS.ProcessEnv;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  runtimeOptions?: RuntimeOptions;
}

/**
 * The context with the runtime factory passed in, so it can be built without importing the
 * runtime and its tool catalog: `jarvis start` opens its own runtime (see cli/main.ts).
 */
export function createBaseContext(
  options: CliContextOptions,
  openRuntime: (env: NodeJS.ProcessEnv) => Runtime,
): CliContext {
  let runtime: Runtime | undefined;
  const context: CliContext = {
    env: options.env ?? process.env,
    stdout: options.stdout ?? process.stdout,
    stderr: options.stderr ?? process.stderr,
    stdin: options.stdin ?? process.stdin,
    debug: false,
    ...(options.runtimeOptions?.tools ? { tools: options.runtimeOptions.tools } : {}),
    exitCode: 0,
    runtime() {
      if (!runtime) {
        runtime = openRuntime(context.env);
        for (const notice of runtime.notices) context.printError(`NOTE: ${notice}`);
      }
      return runtime;
    },
    print(line) {
      context.stdout.write(`${line}\n`);
    },
    printError(line) {
      context.stderr.write(`${line}\n`);
    },
    async close() {
      await runtime?.close();
      runtime = undefined;
    },
  };
  return context;
}

/** Parses a JSON flag value or fails as a usage error naming the flag. */
export function parseJsonFlag(flag: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch (error) {
    throw new JarvisError("USAGE", `${flag} is not valid JSON: ${(error as Error).message}`, {
      fix: `quote it, e.g. ${flag} '{"path": "~"}'`,
    });
  }
}
