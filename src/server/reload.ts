import { type FSWatcher, watch } from "node:fs";
import { basename, dirname } from "node:path";
import { loadConfig } from "../config/load.js";
import type { McpConfig } from "../config/mcp.js";
import type { JarvisConfig } from "../config/schema.js";
import { isJarvisError } from "../core/errors.js";
import type { Logger } from "../core/logger.js";
import type { PathRoots } from "../gate/paths.js";
import { changedSettings, pendingRestart, restartOnly } from "./live-config.js";
import { applyLive } from "./settings.js";

/** What a reload did, for the CLI's one line and the log. */
export interface ConfigReloaded {
  /** Top-level sections of config.yaml that differ from what the service ran with. */
  changed: string[];
  /** Service parts stopped and started again from the new config (`observer:mail`…). */
  restarted: string[];
  /** MCP servers started, stopped or restarted. */
  mcp: string[];
  /** Changed settings the running service reads only at start (`server.port`); they apply at its next start. */
  restartRequired: string[];
  /** Those, one sentence each in the person's words (`pendingRestart`). */
  restartWords: string[];
}

export interface ReloadTarget {
  runtime: { config: JarvisConfig; roots: PathRoots; paths: { home: string; config: string } };
  logger: Logger;
  /** The service's observers (absent before they started). */
  tasks?: () => { reconfigure(previous: JarvisConfig): Promise<string[]> } | undefined;
  /** The MCP servers: a changed `mcp:` section is handed over (the hub may be made now). */
  mcp?: (next: McpConfig) => Promise<string[]>;
  /** The agent's models, made again from the new `models:` section (absent before the agent is built). */
  models?: () => Promise<void>;
  /** What of this config waits for a restart, in words (`pendingRestart` against the start). */
  pending?: (file: JarvisConfig) => string[];
}

/**
 * Makes the running service use config.yaml as it is now, without a restart: the file is read
 * and validated first, and a file that does not parse throws CONFIG_INVALID (one line naming
 * the fix) with the service still on the config it had, so nothing is lost. Then the shared
 * config changes in place, and exactly the parts built from a changed slice are stopped and
 * started again: a removed account's mail connections close, a new MCP server starts.
 * Reloads run one at a time (the CLI's request and the file watcher may overlap).
 */
export function configReloader(target: ReloadTarget): () => Promise<ConfigReloaded> {
  let queue: Promise<unknown> = Promise.resolve();
  return () => {
    const run = queue.then(() => reload(target));
    queue = run.catch(() => undefined);
    return run;
  };
}

async function reload(target: ReloadTarget): Promise<ConfigReloaded> {
  const { runtime } = target;
  const next = loadConfig(runtime.paths.config);
  const previous = structuredClone(runtime.config);
  const changed = Object.keys(next).filter(
    (key) =>
      JSON.stringify(previous[key as keyof JarvisConfig]) !== JSON.stringify(next[key as keyof JarvisConfig]),
  );
  if (changed.length === 0) {
    const restartWords = target.pending?.(next) ?? [];
    return { changed, restarted: [], mcp: [], restartRequired: [], restartWords };
  }
  applyLive(runtime, next);
  const restarted = (await target.tasks?.()?.reconfigure(previous)) ?? [];
  const mcp = changed.includes("mcp") ? ((await target.mcp?.(next.mcp)) ?? []) : [];
  // Models that cannot be made (a key not found) leave the running ones: the reload still holds
  if (changed.includes("models") && target.models) {
    try {
      await target.models();
      restarted.push("models");
    } catch (error) {
      target.logger.warn(
        { err: isJarvisError(error) ? error.toLine() : String(error) },
        "the new models could not be set up; the service keeps the ones it had",
      );
    }
  }
  const restartRequired = restartOnly(changedSettings(previous, next));
  // Everything that waits for a restart, this change's and earlier ones'
  const restartWords = target.pending?.(next) ?? pendingRestart(previous, next);
  const reloaded = { changed, restarted, mcp, restartRequired, restartWords };
  target.logger.info(reloaded, "config reloaded");
  return reloaded;
}

/**
 * Reloads when config.yaml is written (an editor, another tool): the folder is watched, as
 * editors replace the file rather than write it; events settle for `settleMs` first. A file
 * that does not parse is logged in one line and the service keeps the config it has.
 */
export function watchConfig(
  path: string,
  reload: () => Promise<ConfigReloaded>,
  logger: Logger,
  settleMs = 300,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher;
  try {
    watcher = watch(dirname(path), (_event, file) => {
      if (file !== basename(path)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        reload().catch((error: unknown) =>
          logger.warn(
            { err: isJarvisError(error) ? error.toLine() : String(error) },
            "config.yaml changed but was not applied; the service keeps its current config",
          ),
        );
      }, settleMs);
      timer.unref?.();
    });
  } catch (error) {
    logger.warn({ err: (error as Error).message }, "config.yaml is not watched; use `jarvis config reload`");
    return () => {};
  }
  watcher.on("error", () => watcher.close());
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
