import { spawn } from "node:child_process";
import { JarvisError } from "../core/errors.js";
import type { CommandOptions, CommandResult, CommandRunner, ProcessLauncher } from "./types.js";

const MAX_OUTPUT = 8 * 1024 * 1024;
/** After the program exits, how long to wait for its pipes to drain. Programs like `xclip -i`
 * fork a child that keeps stdout open to serve the selection; waiting for "close" would hang. */
const DRAIN_GRACE_MS = 150;

/** The real runner: spawn with an argv array (no shell), bounded output, abort and timeout. */
export function createCommandRunner(baseEnv: NodeJS.ProcessEnv): CommandRunner {
  return (file, args, options: CommandOptions = {}) =>
    new Promise<CommandResult>((resolve, reject) => {
      if (options.signal?.aborted) {
        reject(new JarvisError("CANCELLED", `${file} was not started: cancelled`));
        return;
      }
      const child = spawn(file, [...args], {
        env: { ...baseEnv, ...options.env },
        stdio: ["pipe", "pipe", "pipe"],
        signal: options.signal,
      });
      let stdout = "";
      let stderr = "";
      let settled = false;
      const timer =
        options.timeoutMs === undefined
          ? undefined
          : setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        if (timer) clearTimeout(timer);
        fn();
      };
      child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
        if (stdout.length < MAX_OUTPUT) stdout += chunk;
      });
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
        if (stderr.length < MAX_OUTPUT) stderr += chunk;
      });
      child.on("error", (error: NodeJS.ErrnoException) => {
        finish(() => {
          if (error.code === "ENOENT") {
            reject(new JarvisError("UNAVAILABLE", `${file} is not installed`, { cause: error }));
          } else if (error.name === "AbortError") {
            reject(new JarvisError("CANCELLED", `${file} was cancelled`, { cause: error }));
          } else {
            reject(new JarvisError("TOOL_FAILED", `${file}: ${error.message}`, { cause: error }));
          }
        });
      });
      child.on("exit", (code) => {
        const done = () =>
          finish(() => {
            child.stdout.destroy();
            child.stderr.destroy();
            resolve({ stdout, stderr, code: code ?? -1 });
          });
        child.on("close", done);
        setTimeout(done, DRAIN_GRACE_MS).unref();
      });
      child.stdin.on("error", () => {
        // the program may exit without reading stdin; that is not our error
      });
      child.stdin.end(options.input ?? "");
    });
}

/** Starts an app detached, in its own session, with no pipes back to Jarvis. */
export function createProcessLauncher(baseEnv: NodeJS.ProcessEnv): ProcessLauncher {
  return (file, args) =>
    new Promise((resolve, reject) => {
      const child = spawn(file, [...args], { env: baseEnv, detached: true, stdio: "ignore" });
      child.once("error", (error: NodeJS.ErrnoException) =>
        reject(
          error.code === "ENOENT"
            ? new JarvisError("UNAVAILABLE", `${file} is not installed`, { cause: error })
            : new JarvisError("TOOL_FAILED", `${file}: ${error.message}`, { cause: error }),
        ),
      );
      child.once("spawn", () => {
        child.unref();
        resolve({ pid: child.pid });
      });
    });
}

/** Runs and insists on exit code 0; the error carries the program's first stderr line. */
export async function runChecked(
  run: CommandRunner,
  file: string,
  args: readonly string[],
  options: CommandOptions = {},
): Promise<string> {
  const result = await run(file, args, options);
  if (result.code !== 0) {
    const why = firstLine(result.stderr) || firstLine(result.stdout) || `exit code ${result.code}`;
    throw new JarvisError("TOOL_FAILED", `${file} failed: ${why}`);
  }
  return result.stdout;
}

export function firstLine(text: string): string {
  return (
    text
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line.length > 0) ?? ""
  ).slice(0, 300);
}
