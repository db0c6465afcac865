import { spawnSync } from "node:child_process";
import { existsSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../src/testing/cli.js";
import { listFiles } from "../src/testing/source-tree.js";

/**
 * Tests that spawn the CLI, the server or the NLU worker run the built `dist/` (what users run).
 * A stale build would test yesterday's code, so before any test runs, what is older than its
 * sources is rebuilt: the TypeScript (`dist/`, then the CLI bundle `dist/bundle`) and the web UI (`dist/ui`). `npm test` builds
 * first, so there this finds nothing to do.
 */
export default function setup(): void {
  const stamp = join(REPO_ROOT, "dist", ".built");
  const compiled = Math.max(built(stamp), built(join(REPO_ROOT, "dist", "cli", "main.js")));
  if (newest("src", (path) => path.endsWith(".ts") && !path.endsWith(".test.ts")) > compiled) {
    run(["tsc", "-p", "tsconfig.build.json"], "the TypeScript build");
    run(["node", "scripts/bundle-cli.mjs"], "the CLI bundle");
    touch(stamp);
  }
  const uiStamp = join(REPO_ROOT, "dist", "ui", "index.html");
  if (newest("ui", () => true) > built(uiStamp))
    run(["vite", "build", "--config", "ui/vite.config.ts"], "the UI build");
}

function newest(dir: string, keep: (path: string) => boolean): number {
  let latest = 0;
  for (const path of listFiles(REPO_ROOT, dir, keep))
    latest = Math.max(latest, statSync(join(REPO_ROOT, path)).mtimeMs);
  return latest;
}

function built(path: string): number {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

function touch(path: string): void {
  if (!existsSync(path)) writeFileSync(path, "");
  const now = new Date();
  utimesSync(path, now, now);
}

function run(command: string[], what: string): void {
  const [program, ...args] = command;
  const result = spawnSync(join(REPO_ROOT, "node_modules", ".bin", program!), args, {
    cwd: REPO_ROOT,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status}): fix it before testing`);
}
