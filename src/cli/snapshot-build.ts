import { spawnSync } from "node:child_process";
import { chmodSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { setPriority } from "node:os";
import { basename, dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * The CLI snapshot's background builder (started detached by snapshot-launch.ts):
 * `node snapshot-build.js <bundle> <blob> <launcher pid>`. Waits for the command that started it
 * to end (it trains the NLU's weights on a first run, which the snapshot then holds), then builds
 * at the lowest priority into a temporary file, and publishes blob and size only when the build
 * succeeded. Its lock is removed whatever happens.
 */
const [bundle, blob, launcher] = process.argv.slice(2);
if (!bundle || !blob) process.exit(2);
const lock = `${blob}.lock`;
const temporary = `${blob}.${process.pid}.tmp`;
try {
  setPriority(19);
  await launcherEnded(Number(launcher), 120_000);
  const built = spawnSync(process.execPath, ["--snapshot-blob", temporary, "--build-snapshot", bundle], {
    stdio: "ignore",
    env: process.env,
    timeout: 300_000,
  });
  if (built.status === 0) {
    chmodSync(temporary, 0o600);
    const { size } = statSync(temporary);
    renameSync(temporary, blob);
    writeFileSync(
      `${blob}.json`,
      JSON.stringify({ size, node: process.version, builtAt: new Date().toISOString() }),
      {
        mode: 0o600,
      },
    );
    // Snapshots of other code or another Node are never started again
    for (const name of readdirSync(dirname(blob)))
      if (name.startsWith("cli-") && !name.startsWith(basename(blob)))
        rmSync(join(dirname(blob), name), { force: true });
  }
} finally {
  rmSync(temporary, { force: true });
  rmSync(lock, { force: true });
}

async function launcherEnded(pid: number, limitMs: number): Promise<void> {
  const until = Date.now() + limitMs;
  while (Number.isInteger(pid) && pid > 0 && Date.now() < until) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await sleep(200);
  }
}
