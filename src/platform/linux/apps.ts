import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { JarvisError } from "../../core/errors.js";
import { windowsOfApp } from "../match.js";
import type { AppInfo, Apps, ProcessLauncher, Windows } from "../types.js";
import { type DesktopEntry, parseDesktopEntry } from "./desktop-entry.js";

export interface LinuxAppsOptions {
  env: NodeJS.ProcessEnv;
  launcher: ProcessLauncher;
  windows: Windows;
  which(program: string): string | undefined;
  /** `/proc` normally; a fixture directory in tests. */
  procRoot?: string;
  kill?(pid: number, signal: NodeJS.Signals): void;
}

/** XDG data dirs in precedence order: the user's own entries shadow the system's. */
export function applicationDirs(env: NodeJS.ProcessEnv): string[] {
  const home = env.HOME ?? "";
  const dataHome = env.XDG_DATA_HOME || join(home, ".local", "share");
  const dataDirs = (env.XDG_DATA_DIRS || "/usr/local/share:/usr/share").split(":").filter(Boolean);
  return [dataHome, ...dataDirs].map((dir) => join(dir, "applications"));
}

function listDesktopFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(current);
    } catch {
      return;
    }
    for (const name of names) {
      const full = join(current, name);
      if (name.endsWith(".desktop")) out.push(full);
      else if (depth < 3) {
        try {
          if (statSync(full).isDirectory()) walk(full, depth + 1);
        } catch {
          // vanished
        }
      }
    }
  };
  walk(dir, 0);
  return out;
}

export function loadDesktopEntries(
  env: NodeJS.ProcessEnv,
  which: (p: string) => string | undefined,
): DesktopEntry[] {
  const byId = new Map<string, DesktopEntry>();
  for (const dir of applicationDirs(env)) {
    for (const file of listDesktopFiles(dir)) {
      const id = relative(dir, file)
        .replace(/\.desktop$/, "")
        .replaceAll("/", "-");
      if (byId.has(id)) continue;
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch {
        continue;
      }
      const entry = parseDesktopEntry(id, file, text, env.LC_ALL || env.LC_MESSAGES || env.LANG);
      // A shadowing entry that is hidden still hides the system one, as the spec says.
      byId.set(id, entry ?? ({ id, hidden: true } as unknown as DesktopEntry));
    }
  }
  return [...byId.values()].filter((entry) => {
    if ((entry as unknown as { hidden?: boolean }).hidden) return false;
    return !entry.tryExec || which(entry.tryExec) !== undefined;
  });
}

interface ProcessEntry {
  pid: number;
  comm: string;
  argv0: string;
}

function readProcesses(procRoot: string): ProcessEntry[] {
  const out: ProcessEntry[] = [];
  let names: string[];
  try {
    names = readdirSync(procRoot);
  } catch {
    return out;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const comm = readFileSync(join(procRoot, name, "comm"), "utf8").trim();
      const cmdline = readFileSync(join(procRoot, name, "cmdline"), "utf8");
      out.push({ pid: Number(name), comm, argv0: basename(cmdline.split("\0")[0] ?? "") });
    } catch {
      // exited while we looked
    }
  }
  return out;
}

const fold = (text: string) => text.toLowerCase().trim();

/** Apps from `.desktop` files; "running" means a process whose program is the entry's Exec program. */
export class LinuxApps implements Apps {
  private readonly procRoot: string;

  constructor(private readonly options: LinuxAppsOptions) {
    this.procRoot = options.procRoot ?? "/proc";
  }

  private entries(): DesktopEntry[] {
    return loadDesktopEntries(this.options.env, this.options.which);
  }

  private info(entry: DesktopEntry, processes: ProcessEntry[]): AppInfo {
    const program = basename(entry.exec[0] ?? "");
    const pids = processes
      .filter((p) => p.argv0 === program || (program.length > 0 && p.comm === program.slice(0, 15)))
      .map((p) => p.pid);
    const hints = [entry.startupWmClass, program, entry.id.split(".").pop(), entry.name]
      .filter((hint): hint is string => Boolean(hint))
      .map((hint) => hint.toLowerCase());
    return {
      id: entry.id,
      name: entry.name,
      description: entry.comment ?? entry.genericName,
      running: pids.length > 0,
      pids,
      windowHints: [...new Set(hints)],
    };
  }

  async list(): Promise<AppInfo[]> {
    const processes = readProcesses(this.procRoot);
    const entries = this.entries().filter((entry) => !entry.noDisplay);
    // Entries sharing one program (xterm, uxterm-like wrappers, "--preferences" launchers)
    // cannot be told apart by process; only the plainest of them is shown as running.
    const plainest = new Map<string, DesktopEntry>();
    for (const entry of entries) {
      const program = basename(entry.exec[0] ?? "");
      const best = plainest.get(program);
      if (!best || entry.exec.length < best.exec.length) plainest.set(program, entry);
    }
    return entries
      .map((entry) => {
        const info = this.info(entry, processes);
        const owner = plainest.get(basename(entry.exec[0] ?? "")) === entry;
        return owner ? info : { ...info, running: false, pids: [] };
      })
      .sort((a, b) => Number(b.running) - Number(a.running) || a.name.localeCompare(b.name));
  }

  async resolve(query: string): Promise<AppInfo | undefined> {
    const entry = this.match(query);
    return entry ? this.info(entry, readProcesses(this.procRoot)) : undefined;
  }

  private match(query: string): DesktopEntry | undefined {
    const q = fold(query).replace(/\.desktop$/, "");
    const entries = this.entries();
    const visible = entries.filter((e) => !e.noDisplay);
    const tiers: Array<(e: DesktopEntry) => boolean> = [
      (e) => fold(e.id) === q,
      (e) =>
        fold(e.name) === q ||
        fold(e.id.split(".").pop() ?? "") === q ||
        fold(basename(e.exec[0] ?? "")) === q,
      (e) => fold(e.genericName ?? "") === q || e.keywords.some((k) => fold(k) === q),
      (e) => fold(e.name).startsWith(q),
      (e) => q.length >= 3 && fold(e.name).includes(q),
    ];
    for (const [index, tier] of tiers.entries()) {
      const pool = index === 0 ? entries : visible;
      const hits = pool.filter(tier);
      if (hits.length > 0) return hits.sort((a, b) => a.name.length - b.name.length)[0];
    }
    return undefined;
  }

  async launch(app: AppInfo): Promise<{ pid?: number | undefined }> {
    const entry = this.entries().find((e) => e.id === app.id);
    if (!entry) throw new JarvisError("NOT_FOUND", `no installed app ${JSON.stringify(app.name)}`);
    let argv = entry.exec;
    if (entry.terminal) {
      const terminal = this.options.which("x-terminal-emulator") ? "x-terminal-emulator" : "xterm";
      argv = [terminal, "-e", ...argv];
    }
    const [file, ...args] = argv as [string, ...string[]];
    if (!this.options.which(file)) {
      throw new JarvisError("UNAVAILABLE", `${entry.name} cannot start: ${file} is not installed`);
    }
    return this.options.launcher(file, args);
  }

  async quit(
    app: AppInfo,
    options: { force: boolean },
    signal?: AbortSignal,
  ): Promise<{ closed: number; killed: number }> {
    const kill = this.options.kill ?? ((pid, sig) => process.kill(pid, sig));
    if (app.pids.length === 0) throw new JarvisError("NOT_FOUND", `${app.name} is not running`);
    const windows = windowsOfApp(app, await this.options.windows.list(signal));
    if (!options.force && windows.length > 0) {
      for (const window of windows) await this.options.windows.close(window, signal);
      return { closed: windows.length, killed: 0 };
    }
    // Terminate the processes that own its windows on this display; the same program running
    // for another user session or display is left alone. A windowless app: all its processes.
    const owners = windows.flatMap((w) => (w.pid === undefined ? [] : [w.pid]));
    let killed = 0;
    for (const pid of new Set(owners.length > 0 ? owners : app.pids)) {
      try {
        kill(pid, "SIGTERM");
        killed += 1;
      } catch {
        // already gone
      }
    }
    return { closed: 0, killed };
  }
}
