import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function summarize(samplesMs: number[]): {
  n: number;
  p50: number;
  p90: number;
  p99: number;
  mean: number;
} {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    mean: round(sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length)),
  };
}

/** Writes bench/results/<name>.json with the machine it ran on. */
export function writeResult(name: string, result: Record<string, unknown>): void {
  const file = join(dirname(fileURLToPath(import.meta.url)), "results", `${name}.json`);
  const machine = {
    node: process.version,
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    memGiB: Math.round(totalmem() / 2 ** 30),
  };
  writeFileSync(
    file,
    `${JSON.stringify({ name, date: new Date().toISOString(), machine, ...result }, null, 2)}\n`,
  );
  console.log(JSON.stringify(result, null, 2));
}

/** Spawns `node <args>` (the CLI) and resolves with the address it prints (`running at <url>`). */
export function spawnUntilUrl(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  return new Promise((resolve, reject) => {
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      out += chunk;
      const match = /running at (http:\/\/[^\s]+)/.exec(out);
      if (match) resolve({ child, url: match[1]! });
    });
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited ${code}: ${out}`)));
  });
}
