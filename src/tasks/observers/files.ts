import { type FSWatcher, readdirSync, statSync, watch } from "node:fs";
import { extname, join } from "node:path";
import { globMatches } from "../conditions.js";
import type { EventTrigger } from "../spec.js";
import type { RoutineRecord } from "../store.js";
import { type Part, untilAborted } from "../supervisor.js";
import { type ObserverHost, pause } from "./host.js";

type FileTrigger = Extract<EventTrigger, { type: "file" }>;
type Snapshot = Record<string, [size: number, mtime: number]>;

/** Most entries a watched folder is read for; more are ignored (and logged). */
const MAX_ENTRIES = 5_000;
/** Most firings one look may start (a folder of a thousand new files is not a thousand runs). */
const MAX_PER_SCAN = 20;

/**
 * File triggers: each watched folder is read once for a baseline, then watched (inotify / FSEvents
 * through fs.watch) and read again, debounced, when it changes; a slow periodic look catches what
 * a watch can miss. What appeared while the service was down is found on the first look.
 */
export function fileObserver(
  host: ObserverHost,
  options: { debounceMs?: number; rescanMs?: number } = {},
): Part {
  return {
    name: "observer:files",
    async run(signal) {
      const watchers = new Map<string, FSWatcher>();
      const timers = new Map<string, NodeJS.Timeout>();
      let first = true;
      const look = (folder?: string) => {
        for (const routine of host.routines("file")) {
          const trigger = routine.spec.trigger as FileTrigger;
          if (folder === undefined || trigger.folder === folder) scan(host, routine, first);
        }
      };
      const sync = () => {
        const folders = new Set(host.routines("file").map((r) => (r.spec.trigger as FileTrigger).folder));
        for (const [folder, watcher] of watchers) {
          if (folders.has(folder)) continue;
          watcher.close();
          watchers.delete(folder);
        }
        for (const folder of folders) {
          if (watchers.has(folder)) continue;
          try {
            const watcher = watch(folder, { persistent: false }, () => {
              clearTimeout(timers.get(folder));
              timers.set(
                folder,
                setTimeout(() => look(folder), options.debounceMs ?? 250),
              );
            });
            watcher.on("error", (error) =>
              host.logger.warn({ err: error, folder }, "a watched folder failed"),
            );
            watchers.set(folder, watcher);
          } catch (error) {
            host.logger.warn({ err: error, folder }, "cannot watch a folder (it will be read periodically)");
          }
        }
        look();
        first = false;
      };
      const stop = host.onChange(sync);
      try {
        sync();
        while (!signal.aborted) {
          await pause(options.rescanMs ?? 60_000, signal);
          if (!signal.aborted) look();
        }
        await untilAborted(signal);
      } finally {
        stop();
        for (const timer of timers.values()) clearTimeout(timer);
        for (const watcher of watchers.values()) watcher.close();
      }
    },
  };
}

function scan(host: ObserverHost, routine: RoutineRecord, catchUp: boolean): void {
  const trigger = routine.spec.trigger as FileTrigger;
  let now: Snapshot;
  try {
    now = snapshot(trigger.folder);
  } catch (error) {
    host.logger.debug({ err: error, folder: trigger.folder }, "a watched folder cannot be read");
    return;
  }
  const before = host.state<Snapshot>(routine.id);
  host.saveState(routine.id, now);
  if (!before) return; // the baseline: what is there already is not news
  const pattern = trigger.pattern?.toLowerCase();
  let fired = 0;
  for (const [name, [size, mtime]] of Object.entries(now)) {
    const old = before[name];
    const event = !old
      ? "added"
      : trigger.changes && (old[0] !== size || old[1] !== mtime)
        ? "changed"
        : undefined;
    if (!event || (pattern && !globMatches(pattern, name.toLowerCase()))) continue;
    if (++fired > MAX_PER_SCAN) break;
    const path = join(trigger.folder, name);
    host.fire(routine, {
      trigger: `file ${event}: ${name}`,
      data: {
        file: { path, name, ext: extname(name).slice(1).toLowerCase(), folder: trigger.folder, size, event },
      },
      untrusted: `a file named ${name.slice(0, 80)}`,
      handles: [{ kind: "f", value: path, label: name }],
      catchUp,
      path,
    });
  }
}

function snapshot(folder: string): Snapshot {
  const out: Snapshot = {};
  let count = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith(".")) continue;
    if (++count > MAX_ENTRIES) break;
    try {
      const stat = statSync(join(folder, entry.name));
      out[entry.name] = [stat.size, Math.floor(stat.mtimeMs)];
    } catch {
      // gone between listing and stat: it will be seen (or not) next time
    }
  }
  return out;
}
