import { dirname, join } from "node:path";
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
