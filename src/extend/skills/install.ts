import { spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { JarvisError } from "../../core/errors.js";
import type { PinRecord, SkillCatalog, SkillEntry } from "./catalog.js";
import { changedFiles, type ScannedSkill, scanSkill } from "./files.js";
import { invalidSkill, jarvisToolsFor } from "./format.js";

export type SkillSource =
  | { kind: "dir"; path: string }
  | { kind: "git"; url: string; subdir?: string }
  | { kind: "npm"; spec: string };

/** `npm:PKG`, a git URL (`git+…`, `git@…`, `….git`, `https://github.com/…`, `#subdir` allowed), else a folder. */
export function parseSource(text: string, cwd: string): SkillSource {
  const value = text.trim();
  if (value.startsWith("npm:")) {
    const spec = value.slice(4);
    if (
      !/^(@[a-z0-9._-]+\/)?[a-z0-9._-]+(@[A-Za-z0-9._^~<>=*-]+)?$/.test(spec) &&
      !spec.startsWith("/") &&
      !spec.startsWith(".")
    ) {
      throw new JarvisError("USAGE", `"${spec.slice(0, 80)}" is not an npm package name`, {
        fix: "write npm:name or npm:@scope/name@version",
      });
    }
    return { kind: "npm", spec };
  }
  const [url = "", subdir] = value.split("#", 2);
  const looksGit =
    /^(git\+|git@|git:\/\/|ssh:\/\/)/.test(url) ||
    /\.git\/?$/.test(url) ||
    /^https:\/\/(github\.com|gitlab\.com|codeberg\.org)\//.test(url);
  if (looksGit) {
    if (subdir !== undefined && (subdir.split("/").includes("..") || isAbsolute(subdir))) {
      throw new JarvisError("USAGE", "the #folder after a git URL must be a path inside the repository", {
        fix: "write e.g. URL#skills/pdf-forms",
      });
    }
    return { kind: "git", url: url.replace(/^git\+/, ""), ...(subdir ? { subdir } : {}) };
  }
  return { kind: "dir", path: resolve(cwd, value) };
}

/** A skill fetched and checked, not yet installed: what the user is asked about. */
export interface StagedSkill {
  scanned: ScannedSkill;
  origin: string;
  /** Pinned where it is (a project folder) rather than copied into JARVIS_HOME/skills. */
  inPlace: boolean;
  /** The skill of the same name it would replace, if any. */
  existing?: SkillEntry;
  /** The exact text the user confirms: what it is, or what changes. */
  preview: string;
  dispose(): void;
}

export type Runner = (
  program: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; signal?: AbortSignal },
) => Promise<{
  code: number;
  stdout: string;
  stderr: string;
}>;

/**
 * Fetches a skill from a folder, a git repository or an npm package into a private staging
 * folder, checks it, and describes it (or its diff against what was approved) for one
 * confirmation. Nothing it fetches runs: git hooks are off, npm scripts are ignored, archives
 * with links are refused.
 */
export class SkillInstaller {
  constructor(
    private readonly catalog: SkillCatalog,
    private readonly options: { tmpRoot: string; env: NodeJS.ProcessEnv; cwd: string; run?: Runner },
  ) {}

  async stage(sourceText: string, signal?: AbortSignal): Promise<StagedSkill> {
    const source = parseSource(sourceText, this.options.cwd);
    const work = mkdtempSync(join(this.options.tmpRoot, "skill-"));
    const dispose = () => rmSync(work, { recursive: true, force: true });
    try {
      const { dir, origin } = await this.fetch(source, work, signal);
      const scanned = scanSkill(dir, this.catalog.options.parseYaml);
      const installDir = resolve(this.catalog.options.installDir);
      const inPlace =
        source.kind === "dir" && (this.catalog.inProjectFolder(dir) || dirname(resolve(dir)) === installDir);
      const existing = this.catalog.find(scanned.manifest.name);
      if (existing?.pin?.hash === scanned.hash && existing.status === "ready") {
        throw new JarvisError(
          "USAGE",
          `the skill ${scanned.manifest.name} is already installed with exactly this content`,
          {
            fix: "nothing to do; `jarvis skills show` describes it",
          },
        );
      }
      // diff loads for an update's preview only (20 modules on every command's path otherwise)
      const preview = existing?.pin
        ? this.describeUpdate(existing.pin, scanned, origin, (await import("diff")).createTwoFilesPatch)
        : describeNew(scanned, origin);
      return { scanned, origin, inPlace, ...(existing ? { existing } : {}), preview, dispose };
    } catch (error) {
      dispose();
      throw error;
    }
  }

  /** Installs what was staged (copied in, or pinned in place) and records the approval. */
  commit(staged: StagedSkill): PinRecord {
    const name = staged.scanned.manifest.name;
    if (staged.inPlace) {
      const again = scanSkill(staged.scanned.dir, this.catalog.options.parseYaml);
      if (again.hash !== staged.scanned.hash) throw changedSinceReview(name);
      return this.catalog.pin(again, staged.origin);
    }
    const installDir = this.catalog.options.installDir;
    mkdirSync(installDir, { recursive: true });
    const target = join(installDir, name);
    // Copied beside the target under a hidden folder (the catalog skips dot-folders), checked,
    // then swapped in with renames.
    const parent = join(installDir, `.incoming-${process.pid}`);
    rmSync(parent, { recursive: true, force: true });
    const incoming = join(parent, name);
    for (const file of staged.scanned.files) {
      const to = join(incoming, file.path);
      mkdirSync(dirname(to), { recursive: true });
      copyFileSync(join(staged.scanned.dir, file.path), to);
    }
    if (scanSkill(incoming, this.catalog.options.parseYaml).hash !== staged.scanned.hash)
      throw changedSinceReview(name);
    const old = join(parent, ".old");
    if (existsSync(target)) renameSync(target, old);
    renameSync(incoming, target);
    rmSync(parent, { recursive: true, force: true });
    return this.catalog.pin(scanSkill(target, this.catalog.options.parseYaml), staged.origin);
  }

  /** Removes an installed skill (a project-folder skill is only unpinned). */
  remove(name: string): { dir: string; deleted: boolean } {
    const entry = this.catalog.find(name);
    if (!entry)
      throw new JarvisError("NOT_FOUND", `no skill named ${name.slice(0, 64)}`, {
        fix: "see `jarvis skills list`",
      });
    const deleted = entry.where === "installed";
    if (deleted) rmSync(entry.dir, { recursive: true, force: true });
    this.catalog.unpin(entry.dir);
    return { dir: entry.dir, deleted };
  }

  private async fetch(
    source: SkillSource,
    work: string,
    signal?: AbortSignal,
  ): Promise<{ dir: string; origin: string }> {
    if (source.kind === "dir") {
      if (!existsSync(source.path) || !statSync(source.path).isDirectory()) {
        throw new JarvisError("USAGE", `${source.path} is not a folder`, {
          fix: "give the skill's folder (the one with SKILL.md)",
        });
      }
      return { dir: resolve(source.path), origin: `dir:${resolve(source.path)}` };
    }
    const run = this.options.run ?? runProgram;
    const env = { ...this.options.env, GIT_TERMINAL_PROMPT: "0", npm_config_ignore_scripts: "true" };
    if (source.kind === "git") {
      const repo = basename(source.url.replace(/\/+$/, "")).replace(/\.git$/, "") || "skill";
      const clone = join(work, "clone");
      const cloned = await run(
        "git",
        [
          "-c",
          "core.hooksPath=/dev/null",
          "-c",
          "protocol.ext.allow=never",
          "clone",
          "--depth",
          "1",
          "--no-tags",
          "--single-branch",
          "--",
          source.url,
          clone,
        ],
        { cwd: work, env, ...(signal ? { signal } : {}) },
      );
      if (cloned.code !== 0)
        throw fetchFailed("git clone", cloned.stderr, "check the URL and that you can reach it");
      const head = await run("git", ["-C", clone, "rev-parse", "HEAD"], { cwd: work, env });
      const inside = source.subdir ? join(clone, source.subdir) : clone;
      if (!existsSync(join(inside, "SKILL.md"))) {
        throw invalidSkill(
          `the repository has no SKILL.md${source.subdir ? ` in ${source.subdir}` : " at its top"}`,
          "add #folder after the URL to pick the skill's folder",
        );
      }
      const name = source.subdir ? basename(source.subdir) : repo;
      const dir = join(work, "skill", name);
      mkdirSync(dirname(dir), { recursive: true });
      renameSync(inside, dir);
      return {
        dir,
        origin: `git:${source.url}${source.subdir ? `#${source.subdir}` : ""}@${head.stdout.trim().slice(0, 40)}`,
      };
    }
    const packed = await run(
      "npm",
      ["pack", source.spec, "--pack-destination", work, "--json", "--ignore-scripts"],
      {
        cwd: work,
        env,
        ...(signal ? { signal } : {}),
      },
    );
    if (packed.code !== 0)
      throw fetchFailed("npm pack", packed.stderr, "check the package name and the npm registry");
    const info = (JSON.parse(packed.stdout) as Array<{ filename: string; name: string; version: string }>)[0];
    if (!info) throw fetchFailed("npm pack", "no package was produced", "check the package name");
    const tarball = join(work, basename(info.filename));
    const listing = await run("tar", ["-tvzf", tarball], { cwd: work, env });
    const link = listing.stdout.split("\n").find((line) => line && !/^[-d]/.test(line));
    if (listing.code !== 0) throw fetchFailed("tar", listing.stderr, "the package archive is damaged");
    if (link)
      throw invalidSkill(
        `symlinks are not allowed in a skill: the package holds ${link.split(/\s+/).slice(5).join(" ").slice(0, 80)}`,
        "publish the files themselves",
      );
    const unpacked = join(work, "unpacked");
    mkdirSync(unpacked);
    const extracted = await run(
      "tar",
      ["-xzf", tarball, "-C", unpacked, "--no-same-owner", "--no-same-permissions"],
      { cwd: work, env },
    );
    if (extracted.code !== 0) throw fetchFailed("tar", extracted.stderr, "the package archive is damaged");
    const name = info.name.replace(/^@[^/]+\//, "");
    const dir = join(work, "skill", name);
    mkdirSync(dirname(dir), { recursive: true });
    renameSync(join(unpacked, "package"), dir);
    rmSync(join(dir, "package.json"), { force: true });
    return { dir, origin: `npm:${info.name}@${info.version}` };
  }

  private describeUpdate(
    pin: PinRecord,
    scanned: ScannedSkill,
    origin: string,
    createTwoFilesPatch: typeof import("diff").createTwoFilesPatch,
  ): string {
    const changed = changedFiles(pin.files, scanned.files);
    const lines = [
      `Update the skill ${scanned.manifest.name} from ${origin}`,
      `  approved ${pin.hash.slice(0, 19)}… from ${pin.origin}`,
      `  now      ${scanned.hash.slice(0, 19)}…`,
      `  changed: ${changed.join(", ") || "nothing"}`,
      ...permissionLines(scanned),
      "",
    ];
    const diff: string[] = [];
    for (const path of new Set([...pin.files.map((f) => f.path), ...scanned.files.map((f) => f.path)])) {
      const before = pin.files.find((f) => f.path === path);
      const after = scanned.files.find((f) => f.path === path);
      if (before && after && before.sha256 === after.sha256 && before.executable === after.executable)
        continue;
      const oldText = before ? this.catalog.approvedFile(pin, path) : Buffer.alloc(0);
      const newText = after ? readFileSync(join(scanned.dir, path)) : Buffer.alloc(0);
      if (oldText === undefined || isBinary(oldText) || isBinary(newText)) {
        diff.push(`${path}: ${before?.bytes ?? 0} → ${after?.bytes ?? 0} bytes (not shown as text)`);
        continue;
      }
      diff.push(
        ...createTwoFilesPatch(
          `a/${path}`,
          `b/${path}`,
          oldText.toString("utf8"),
          newText.toString("utf8"),
          "",
          "",
          { context: 2 },
        )
          .split("\n")
          .slice(2),
      );
    }
    const shown = diff.slice(0, 400);
    if (diff.length > shown.length) shown.push(`… ${diff.length - shown.length} more lines`);
    return [...lines, ...shown].join("\n");
  }
}

function describeNew(scanned: ScannedSkill, origin: string): string {
  const { manifest, files } = scanned;
  const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
  return [
    `Install the skill ${manifest.name} from ${origin}`,
    `  ${manifest.description}`,
    ...permissionLines(scanned),
    ...(manifest.compatibility ? [`  needs: ${manifest.compatibility}`] : []),
    ...(manifest.license ? [`  license: ${manifest.license}`] : []),
    `  ${files.length} files, ${bytes} bytes: ${files
      .map((file) => file.path)
      .slice(0, 12)
      .join(", ")}${files.length > 12 ? ", …" : ""}`,
    `  content hash ${scanned.hash}`,
    "Its text is treated as untrusted and its scripts run only in the sandbox.",
  ].join("\n");
}

function permissionLines(scanned: ScannedSkill): string[] {
  const allowed = scanned.manifest.allowedTools;
  const scripts = scanned.files.filter((file) => file.path.startsWith("scripts/")).map((file) => file.path);
  const lines: string[] = [];
  if (allowed) {
    const unknown = allowed.filter((entry) => jarvisToolsFor(entry).length === 0);
    lines.push(
      `  while active it may use only: ${allowed.join(" ") || "nothing"} (anything else asks first)`,
    );
    if (unknown.length > 0) lines.push(`  not Jarvis tools (never allowed): ${unknown.join(" ")}`);
  } else lines.push("  it declares no allowed-tools: your usual settings apply while it is active");
  if (scripts.length > 0) lines.push(`  scripts (sandboxed): ${scripts.join(", ")}`);
  return lines;
}

function isBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, 8000).includes(0);
}

function changedSinceReview(name: string): JarvisError {
  return new JarvisError("USAGE", `the skill ${name} changed between review and install`, {
    fix: "run the add again and review the new content",
  });
}

function fetchFailed(step: string, stderr: string, fix: string): JarvisError {
  const line = (stderr.trim().split("\n").pop() ?? "").slice(0, 200);
  return new JarvisError("UNAVAILABLE", `${step} failed${line ? `: ${line}` : ""}`, { fix });
}

/** Runs a program (argv, no shell), collecting its output; a signal stops it. */
export function runProgram(
  program: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; signal?: AbortSignal },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolvePromise) => {
    const child = spawn(program, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      signal: options.signal,
      timeout: 180_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      if (stdout.length < 5_000_000) stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      if (stderr.length < 100_000) stderr += chunk;
    });
    child.on("error", (error) => resolvePromise({ code: 127, stdout, stderr: `${stderr}${error.message}` }));
    child.on("close", (code) => resolvePromise({ code: code ?? 1, stdout, stderr }));
  });
}
