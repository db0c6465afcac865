import { dirname, join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { type ProgramResult, spawnProgram } from "../config/secrets.js";

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const JARVIS_BIN = join(REPO_ROOT, "bin", "jarvis.js");
/** `jarvis` with the probe tools in its catalog (`probe-cli.ts`, built into dist/ like the CLI). */
export const PROBE_BIN = join(REPO_ROOT, "dist", "testing", "probe-cli.js");

export type CliRun = ProgramResult;

/** Runs the real `jarvis` binary (argv array, no shell) with the given env and stdin. */
export function runJarvis(
  args: string[],
  options: { env: NodeJS.ProcessEnv; input?: string; timeoutMs?: number; probes?: boolean },
): Promise<CliRun> {
  const bin = options.probes ? PROBE_BIN : JARVIS_BIN;
  return spawnProgram(options.env)(process.execPath, [bin, ...args], {
    ...(options.input !== undefined ? { input: options.input } : {}),
    timeoutMs: options.timeoutMs ?? 60_000,
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
