import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { processAlive as isAlive } from "../../config/discovery.js";
import type { CgroupSupport } from "./types.js";

const ROOT = "/sys/fs/cgroup";

/**
 * Where this process may create per-run control groups: cgroup v1 `pids` and `memory`
 * hierarchies (as root), or the cgroup v2 directory above this process when it is writable
 * and delegates both controllers (a systemd user session). Undefined when neither works; the
 * sandbox then falls back to rlimits.
 */
export function detectCgroups(
  procSelfCgroup = "/proc/self/cgroup",
  root = ROOT,
  probeName = `jarvis-probe-${process.pid}`,
): CgroupSupport | undefined {
  let lines: string[];
  try {
    lines = readFileSync(procSelfCgroup, "utf8").trim().split("\n");
  } catch {
    return undefined;
  }
  const own = new Map<string, string>();
  for (const line of lines) {
    const [, controllers = "", path = "/"] = line.split(":");
    for (const controller of controllers.split(",")) own.set(controller, path);
  }
  const v1Pids = own.has("pids") ? join(root, "pids", own.get("pids") ?? "/") : undefined;
  const v1Memory = own.has("memory") ? join(root, "memory", own.get("memory") ?? "/") : undefined;
  if (v1Pids && canCreateChild(v1Pids, probeName)) {
    const memoryParent = v1Memory && canCreateChild(v1Memory, probeName) ? v1Memory : undefined;
    return { version: 1, pidsParent: v1Pids, ...(memoryParent ? { memoryParent } : {}) };
  }
  const unified = own.get("");
  if (unified !== undefined && existsSync(join(root, "cgroup.controllers"))) {
    const parent = dirname(join(root, unified));
    const delegated = readOr(join(parent, "cgroup.subtree_control")).split(/\s+/);
    if (delegated.includes("pids") && canCreateChild(parent, probeName)) {
      return {
        version: 2,
        pidsParent: parent,
        ...(delegated.includes("memory") ? { memoryParent: parent } : {}),
      };
    }
  }
  return undefined;
}

function canCreateChild(parent: string, probeName: string): boolean {
  try {
    accessSync(parent, constants.W_OK);
    const probe = join(parent, probeName);
    mkdirSync(probe);
    rmdirSync(probe);
    return true;
  } catch {
    return false;
  }
}

function readOr(path: string, fallback = ""): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return fallback;
  }
}

/** What the run's control groups saw. */
export interface CgroupVerdict {
  processLimitHit: boolean;
  oomKilled: boolean;
}

/**
 * The control groups of one sandboxed run. The launcher writes its own pid into every
 * `procsFiles` entry before it becomes bwrap, so the program and all its children are
 * counted from their first instruction.
 */
export class CgroupJail {
  private constructor(
    readonly support: CgroupSupport,
    private readonly dirs: { pids?: string; memory?: string },
  ) {}

  static create(
    support: CgroupSupport,
    name: string,
    limits: { processes: number; memoryBytes?: number },
  ): CgroupJail {
    const dirs: { pids?: string; memory?: string } = {};
    const jail = new CgroupJail(support, dirs);
    try {
      if (support.pidsParent) {
        dirs.pids = join(support.pidsParent, name);
        mkdirSync(dirs.pids);
        writeFileSync(join(dirs.pids, "pids.max"), String(limits.processes));
      }
      if (support.memoryParent && limits.memoryBytes !== undefined) {
        const same = support.version === 2 && dirs.pids !== undefined;
        dirs.memory = same ? dirs.pids : join(support.memoryParent, name);
        if (!same && dirs.memory) mkdirSync(dirs.memory);
        jail.setMemory(limits.memoryBytes);
      }
    } catch (error) {
      jail.dispose();
      throw error;
    }
    return jail;
  }

  /** The `cgroup.procs` files the launcher joins (one per hierarchy). */
  get procsFiles(): string[] {
    const dirs = new Set([this.dirs.pids, this.dirs.memory].filter((d): d is string => Boolean(d)));
    return [...dirs].map((dir) => join(dir, "cgroup.procs"));
  }

  get limitsMemory(): boolean {
    return this.dirs.memory !== undefined;
  }

  verdict(): CgroupVerdict {
    const pidsEvents = this.dirs.pids ? readOr(join(this.dirs.pids, "pids.events")) : "";
    const memory = this.dirs.memory;
    const oomText =
      memory === undefined
        ? ""
        : this.support.version === 1
          ? readOr(join(memory, "memory.oom_control"))
          : readOr(join(memory, "memory.events"));
    return {
      processLimitHit: counter(pidsEvents, "max") > 0,
      oomKilled: counter(oomText, "oom_kill") > 0,
    };
  }

  /** Removes the groups; a group still emptying is retried for a moment. */
  async disposeSoon(): Promise<void> {
    for (let attempt = 0; attempt < 20; attempt++) {
      if (this.dispose()) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** True when every group is gone. */
  dispose(): boolean {
    let clean = true;
    for (const dir of new Set([this.dirs.memory, this.dirs.pids])) {
      if (!dir || !existsSync(dir)) continue;
      try {
        rmdirSync(dir);
      } catch {
        clean = false;
      }
    }
    return clean;
  }

  private setMemory(bytes: number): void {
    const dir = this.dirs.memory;
    if (!dir) return;
    if (this.support.version === 2) {
      writeFileSync(join(dir, "memory.max"), String(bytes));
      if (existsSync(join(dir, "memory.swap.max"))) writeFileSync(join(dir, "memory.swap.max"), "0");
      return;
    }
    writeFileSync(join(dir, "memory.limit_in_bytes"), String(bytes));
    // With swap accounting, memory + swap gets the same ceiling: swapping out is no way around it.
    const memsw = join(dir, "memory.memsw.limit_in_bytes");
    if (existsSync(memsw)) {
      try {
        writeFileSync(memsw, String(bytes));
      } catch {
        // swap accounting present but not enabled: the memory limit alone applies
      }
    }
  }
}

function counter(text: string, key: string): number {
  const match = new RegExp(`^${key}\\s+(\\d+)`, "m").exec(text);
  return match ? Number(match[1]) : 0;
}

/**
 * Removes the empty control groups of runs whose Jarvis process is gone (one that exited
 * before its clean-up finished). A group that still holds a process is left alone.
 */
export function sweepStaleCgroups(support: CgroupSupport, alive: (pid: number) => boolean = isAlive): number {
  let removed = 0;
  for (const parent of new Set([support.pidsParent, support.memoryParent])) {
    if (!parent) continue;
    let names: string[];
    try {
      names = readdirSync(parent);
    } catch {
      continue;
    }
    for (const name of names) {
      const owner = /^jarvis-sbx-(\d+)-/.exec(name)?.[1];
      if (!owner || alive(Number(owner))) continue;
      try {
        rmdirSync(join(parent, name));
        removed += 1;
      } catch {
        // still has processes, or already gone
      }
    }
  }
  return removed;
}
