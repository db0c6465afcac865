import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Clock } from "../../core/clock.js";
import { toJarvisError } from "../../core/errors.js";
import { LockFile } from "../lock-file.js";
import { changedFiles, type ScannedSkill, type SkillFile, scanSkill } from "./files.js";
import type { ParseYaml, SkillManifest } from "./format.js";

/** What the user approved: the skill's content hash and every file's, where it came from. */
export interface PinRecord {
  name: string;
  dir: string;
  /** `dir:/path`, `git:URL@commit`, `npm:name@version`. */
  origin: string;
  hash: string;
  files: SkillFile[];
  approvedAt: number;
}

export type SkillStatus = "ready" | "changed" | "unapproved" | "invalid" | "shadowed";

export interface SkillEntry {
  name: string;
  dir: string;
  where: "installed" | "folder";
  status: SkillStatus;
  /** Why it is not ready, in one line with what to do. */
  reason?: string;
  manifest?: SkillManifest;
  scanned?: ScannedSkill;
  pin?: PinRecord;
}

export interface SkillCatalogOptions {
  /** JARVIS_HOME/skills: skills copied in by `jarvis skills add`. */
  installDir: string;
  /** Project folders whose skills are pinned where they are. */
  folders: readonly string[];
  /** The pin file (JARVIS_HOME/skills.lock.json). */
  pinFile: string;
  /** Approved copies, by content hash, for showing what an update changes. */
  snapshotDir: string;
  clock: Clock;
  /** The YAML parser for SKILL.md front matter (default: loaded on the first skill read). */
  parseYaml?: ParseYaml;
}

/**
 * Every skill Jarvis can see and whether it may be used. A skill is usable only when its files
 * hash to what the user approved: an edit, a new file or a removed one disables it until the
 * user reviews the change (`jarvis skills add` shows the diff and asks again).
 */
export class SkillCatalog {
  private entries: SkillEntry[] = [];
  private readonly pins: LockFile<PinRecord>;

  constructor(readonly options: SkillCatalogOptions) {
    this.pins = new LockFile(options.pinFile, "skills", (pin) => pin.dir);
    this.reload();
  }

  /** Scans every source again and checks every pin. */
  reload(): SkillEntry[] {
    const pins = this.pins.read();
    const found: SkillEntry[] = [];
    const seen = new Set<string>();
    const sources: Array<{ root: string; where: SkillEntry["where"] }> = [
      { root: this.options.installDir, where: "installed" },
      ...this.options.folders.map((root) => ({ root, where: "folder" as const })),
    ];
    for (const { root, where } of sources) {
      for (const { name, link } of listFolders(root)) {
        const dir = resolve(root, name);
        if (seen.has(dir)) continue;
        seen.add(dir);
        found.push(
          link
            ? {
                name,
                dir,
                where,
                status: "invalid",
                reason: `symlinks are not allowed in a skill: the folder ${name} is one`,
              }
            : this.inspect(dir, name, where, pins.get(dir)),
        );
      }
    }
    const taken = new Set<string>();
    for (const entry of found) {
      if (entry.status !== "ready") continue;
      if (taken.has(entry.name)) {
        entry.status = "shadowed";
        entry.reason = `another skill named ${entry.name} comes first`;
      } else taken.add(entry.name);
    }
    this.entries = found;
    return found;
  }

  list(): SkillEntry[] {
    return [...this.entries];
  }

  ready(): SkillEntry[] {
    return this.entries.filter((entry) => entry.status === "ready");
  }

  /** The usable skill of that name, if any. */
  get(name: string): SkillEntry | undefined {
    return this.entries.find((entry) => entry.name === name && entry.status === "ready");
  }

  /** Any skill of that name (ready or not), the ready one first. */
  find(name: string): SkillEntry | undefined {
    return this.get(name) ?? this.entries.find((entry) => entry.name === name);
  }

  /** Whether a folder is one of the project folders (its skills are pinned in place, not copied). */
  inProjectFolder(dir: string): boolean {
    const parent = dirname(resolve(dir));
    return this.options.folders.some((root) => resolve(root) === parent);
  }

  /** Records the user's approval of a skill as it is now, with a copy for later diffs. */
  pin(scanned: ScannedSkill, origin: string): PinRecord {
    const record: PinRecord = {
      name: scanned.manifest.name,
      dir: resolve(scanned.dir),
      origin,
      hash: scanned.hash,
      files: scanned.files,
      approvedAt: this.options.clock.now(),
    };
    this.snapshot(scanned);
    const pins = this.pins.read();
    pins.set(record.dir, record);
    this.pins.write(pins);
    this.reload();
    return record;
  }

  unpin(dir: string): void {
    const pins = this.pins.read();
    pins.delete(resolve(dir));
    this.pins.write(pins);
    this.reload();
  }

  /** The approved copy of a file, when one was kept. */
  approvedFile(pin: PinRecord, path: string): Buffer | undefined {
    const file = join(this.snapshotPath(pin.hash), path);
    return existsSync(file) ? readFileSync(file) : undefined;
  }

  private inspect(
    dir: string,
    name: string,
    where: SkillEntry["where"],
    pin: PinRecord | undefined,
  ): SkillEntry {
    const base = { name, dir, where, ...(pin ? { pin } : {}) };
    let scanned: ScannedSkill;
    try {
      scanned = scanSkill(dir, this.options.parseYaml);
    } catch (error) {
      const failure = toJarvisError(error);
      return {
        ...base,
        status: "invalid",
        reason: failure.fix ? `${failure.message} (${failure.fix})` : failure.message,
      };
    }
    const known = { ...base, manifest: scanned.manifest, scanned };
    if (!pin) {
      return {
        ...known,
        status: "unapproved",
        reason: `not approved yet: review it with \`jarvis skills add ${dir}\``,
      };
    }
    if (pin.hash !== scanned.hash) {
      const changed = changedFiles(pin.files, scanned.files);
      return {
        ...known,
        status: "changed",
        reason: `disabled: its files changed since you approved it (${changed.slice(0, 4).join(", ")}${changed.length > 4 ? ", …" : ""}); review the change with \`jarvis skills add ${dir}\``,
      };
    }
    return { ...known, status: "ready" };
  }

  private snapshot(scanned: ScannedSkill): void {
    const target = this.snapshotPath(scanned.hash);
    if (existsSync(target)) return;
    const staging = `${target}.tmp-${process.pid}`;
    for (const file of scanned.files) {
      const to = join(staging, file.path);
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(join(scanned.dir, file.path), to);
    }
    mkdirSync(dirname(target), { recursive: true });
    renameSync(staging, target);
  }

  private snapshotPath(hash: string): string {
    return join(this.options.snapshotDir, hash.replace(/^sha256:/, ""));
  }
}

function listFolders(root: string): Array<{ name: string; link: boolean }> {
  try {
    return readdirSync(root, { withFileTypes: true })
      .filter((entry) => (entry.isDirectory() || entry.isSymbolicLink()) && !entry.name.startsWith("."))
      .map((entry) => ({ name: entry.name, link: entry.isSymbolicLink() }))
      .sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    return [];
  }
}

/** A skill as a list shows it (CLI `--json`, the Extend page). */
export function skillSummary(entry: SkillEntry): Record<string, unknown> {
  return {
    name: entry.name,
    status: entry.status,
    where: entry.where,
    dir: entry.dir,
    description: entry.manifest?.description ?? null,
    allowedTools: entry.manifest?.allowedTools ?? null,
    files: entry.scanned?.files.map((file) => file.path) ?? [],
    hash: entry.scanned?.hash ?? null,
    approvedHash: entry.pin?.hash ?? null,
    origin: entry.pin?.origin ?? null,
    reason: entry.reason ?? null,
  };
}
