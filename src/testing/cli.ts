import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const JARVIS_BIN = join(REPO_ROOT, "bin", "jarvis.js");

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real `jarvis` binary (argv array, no shell) with the given env and stdin. */
export function runJarvis(
  args: string[],
  options: { env: NodeJS.ProcessEnv; input?: string; timeoutMs?: number },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [JARVIS_BIN, ...args], {
      env: options.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 20_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}

/** Runs one `jarvis` command line in this process (from source, no build), with the given env and stdin. */
export async function runCliInProcess(
  args: string[],
  options: { env: NodeJS.ProcessEnv; input?: string },
): Promise<CliRun> {
  const [{ main }, { createCliContext }] = await Promise.all([
    import("../cli/main.js"),
    import("../cli/context.js"),
  ]);
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = "";
  let stderr = "";
  out.on("data", (chunk) => {
    stdout += chunk;
  });
  err.on("data", (chunk) => {
    stderr += chunk;
  });
  const stdin = Readable.from([options.input ?? ""]);
  const code = await main(args, createCliContext({ env: options.env, stdout: out, stderr: err, stdin }));
  return { code, stdout, stderr };
}
