import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const JARVIS_BIN = join(REPO_ROOT, "bin", "jarvis.js");
/** `jarvis` with the probe tools in its catalog (`probe-cli.ts`, built into dist/ like the CLI). */
export const PROBE_BIN = join(REPO_ROOT, "dist", "testing", "probe-cli.js");

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real `jarvis` binary (argv array, no shell) with the given env and stdin. */
export function runJarvis(
  args: string[],
  options: { env: NodeJS.ProcessEnv; input?: string; timeoutMs?: number; probes?: boolean },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [options.probes ? PROBE_BIN : JARVIS_BIN, ...args], {
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
