import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { resolveHome } from "../config/paths.js";

/**
 * The CLI's V8 startup snapshot (docs/decisions/0030): the evaluated CLI, catalog and NLU, built
 * per Node and per code into the user's cache, and started instead of loading ~1000 modules.
 * This side runs in the launcher (bin/jarvis.js, through the attach bundle): it finds a fresh
 * snapshot and becomes it, or starts a build in the background and lets the command run as usual.
 */
export interface SnapshotPlan {
  /** The Node that builds and runs it (a snapshot only starts under the Node that built it). */
  node: string;
  /** The CommonJS bundle the snapshot is built from (dist/snapshot/cli.cjs). */
  bundle: string;
  /** The snapshot builder's script (dist/cli/snapshot-build.js). */
  builder: string;
  dir: string;
  blob: string;
  /** What the builder records once the blob is whole: its size. */
  meta: string;
  lock: string;
}

/** Where the snapshot of this Node and this code is kept; undefined without a built bundle. */
export function snapshotPlan(
  root: string,
  env: NodeJS.ProcessEnv,
  node: string = process.execPath,
  version: string = process.version,
): SnapshotPlan | undefined {
  const bundle = join(root, "dist", "snapshot", "cli.cjs");
  let code: { size: number; mtimeMs: number; ino: number };
  try {
    code = statSync(bundle);
  } catch {
    return undefined;
  }
  // The bundle is rewritten by every build: its identity stands for the code's
  const key = createHash("sha256")
    .update([version, node, bundle, code.size, code.mtimeMs, code.ino].join("\0"))
    .digest("hex")
    .slice(0, 24);
  const dir = join(resolveHome(env), "cache", "cli-snapshot");
  const blob = join(dir, `cli-${key}.blob`);
  return {
    node,
    bundle,
    builder: join(root, "dist", "cli", "snapshot-build.js"),
    dir,
    blob,
    meta: `${blob}.json`,
    lock: `${blob}.lock`,
  };
}

/** Whether the plan's blob is there and whole (as big as its builder recorded). */
export function snapshotFresh(plan: SnapshotPlan): boolean {
  try {
    const { size } = JSON.parse(readFileSync(plan.meta, "utf8")) as { size?: unknown };
    return typeof size === "number" && size > 0 && statSync(plan.blob).size === size;
  } catch {
    return false;
  }
}

/**
 * Runs this command line from the snapshot when a fresh one exists (this process becomes it:
 * same pid, stdio, terminal and signals; it does not return then). Otherwise starts building one
 * in the background, once, and returns: the caller goes on the usual way. Only with
 * `JARVIS_SNAPSHOT=on`: measured, it saves too little behind a Node launcher to be the default
 * (docs/decisions/0030).
 */
export function runFromSnapshot(root: string, argv: readonly string[], env: NodeJS.ProcessEnv): void {
  const execve = (process as { execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never })
    .execve;
  if (env.JARVIS_SNAPSHOT !== "on" || typeof execve !== "function") return;
  const plan = snapshotPlan(root, env);
  if (!plan) return;
  if (snapshotFresh(plan)) {
    execve.call(
      process,
      plan.node,
      [plan.node, ...process.execArgv, "--snapshot-blob", plan.blob, ...argv],
      env,
    );
  }
  buildInBackground(plan, env);
}

const LOCK_STALE_MS = 10 * 60_000;

/** Starts the builder detached (it waits for this process to end, then builds at low priority). */
export function buildInBackground(plan: SnapshotPlan, env: NodeJS.ProcessEnv): void {
  try {
    mkdirSync(plan.dir, { recursive: true, mode: 0o700 });
    if (!takeLock(plan.lock)) return;
    // The builder opens no store: the passphrase stays out of its process and of the snapshot
    const { JARVIS_PASSPHRASE: _passphrase, ...builderEnv } = env;
    const child = spawn(plan.node, [plan.builder, plan.bundle, plan.blob, String(process.pid)], {
      detached: true,
      stdio: "ignore",
      env: builderEnv,
    });
    child.on("error", () => rmSync(plan.lock, { force: true }));
    child.unref();
  } catch {
    // No cache dir, no lock, no spawn: the next cold start tries again
  }
}

function takeLock(lock: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      closeSync(openSync(lock, "wx", 0o600));
      return true;
    } catch {
      // A builder that died leaves its lock: one older than any build is taken over
      try {
        if (Date.now() - statSync(lock).mtimeMs < LOCK_STALE_MS) return false;
        rmSync(lock, { force: true });
      } catch {
        return false;
      }
    }
  }
  return false;
}
