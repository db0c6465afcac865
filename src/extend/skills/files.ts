import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, relative, sep } from "node:path";
import { invalidSkill, type ParseYaml, parseSkill, requireYaml, type SkillManifest } from "./format.js";

/** Size rules Jarvis adds to the format (the spec sets none; these keep skills reviewable). */
export const SKILL_LIMITS = {
  skillMdBytes: 100_000,
  fileBytes: 1_000_000,
  totalBytes: 10_000_000,
  files: 500,
  depth: 8,
} as const;

/** Folders that are never part of a skill's content (version control). */
const SKIPPED = new Set([".git", ".hg", ".svn"]);

export interface SkillFile {
  /** Relative to the skill folder, with `/` separators. */
  path: string;
  sha256: string;
  bytes: number;
  executable: boolean;
}

/** A skill folder read from disk: its manifest, every file with its hash, and the content hash. */
export interface ScannedSkill {
  dir: string;
  manifest: SkillManifest;
  files: SkillFile[];
  /** `sha256:` over every file's path, content hash and executable bit. */
  hash: string;
}

/**
 * Reads and checks a skill folder: SKILL.md parsed and validated, every file listed and
 * hashed. Refused with one line naming the rule: a symlink or special file anywhere, a file or
 * the whole skill over its size limit, too many files or too deep.
 */
export function scanSkill(dir: string, parseYaml: ParseYaml = requireYaml): ScannedSkill {
  const files: SkillFile[] = [];
  let total = 0;
  const walk = (folder: string, depth: number) => {
    if (depth > SKILL_LIMITS.depth) {
      throw invalidSkill(
        `the skill nests folders deeper than ${SKILL_LIMITS.depth} levels (${relativePath(dir, folder)})`,
        "flatten the folders",
      );
    }
    // Code-point order, not the locale's: the listing (and hash) must not depend on the machine.
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      if (SKIPPED.has(entry.name)) continue;
      const path = join(folder, entry.name);
      const rel = relativePath(dir, path);
      if (/[\u0000-\u001f\u007f]/.test(entry.name)) {
        throw invalidSkill(
          `a file name in the skill contains control characters (${JSON.stringify(rel).slice(0, 80)})`,
          "rename the file",
        );
      }
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) {
        throw invalidSkill(
          `symlinks are not allowed in a skill: ${rel} is one`,
          "replace the link with the file it points to",
        );
      }
      if (stat.isDirectory()) {
        walk(path, depth + 1);
        continue;
      }
      if (!stat.isFile())
        throw invalidSkill(`only regular files may be in a skill: ${rel} is not one`, "remove it");
      if (stat.size > SKILL_LIMITS.fileBytes) {
        throw invalidSkill(
          `${rel} is ${stat.size} bytes, over the ${SKILL_LIMITS.fileBytes}-byte limit for a skill file`,
          "shrink or remove the file",
        );
      }
      total += stat.size;
      if (total > SKILL_LIMITS.totalBytes) {
        throw invalidSkill(
          `the skill is over the ${SKILL_LIMITS.totalBytes}-byte limit in total`,
          "remove large assets",
        );
      }
      if (files.length >= SKILL_LIMITS.files) {
        throw invalidSkill(
          `the skill has more than ${SKILL_LIMITS.files} files`,
          "remove files it does not need",
        );
      }
      const content = readFileSync(path);
      files.push({
        path: rel,
        sha256: createHash("sha256").update(content).digest("hex"),
        bytes: stat.size,
        executable: (stat.mode & 0o111) !== 0,
      });
    }
  };
  let skillMd: Buffer;
  try {
    const stat = lstatSync(join(dir, "SKILL.md"));
    if (stat.isSymbolicLink())
      throw invalidSkill(
        "symlinks are not allowed in a skill: SKILL.md is one",
        "replace the link with the file",
      );
    if (!stat.isFile()) throw invalidSkill("SKILL.md is not a file", "make SKILL.md a regular file");
    if (stat.size > SKILL_LIMITS.skillMdBytes) {
      throw invalidSkill(
        `SKILL.md is ${stat.size} bytes, over the ${SKILL_LIMITS.skillMdBytes}-byte limit`,
        "move detail into references/ files",
      );
    }
    skillMd = readFileSync(join(dir, "SKILL.md"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw invalidSkill(
        `${basename(dir)} has no SKILL.md, so it is not a skill`,
        "add a SKILL.md with name and description",
      );
    }
    throw error;
  }
  const manifest = parseSkill(skillMd.toString("utf8"), basename(dir), parseYaml);
  walk(dir, 0);
  return { dir, manifest, files, hash: contentHash(files) };
}

export function contentHash(files: readonly SkillFile[]): string {
  const hash = createHash("sha256");
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    hash.update(`${file.path}\u0000${file.sha256}\u0000${file.executable ? "x" : "-"}\n`);
  }
  return `sha256:${hash.digest("hex")}`;
}

/** The files that differ between two listings (added, removed, changed). */
export function changedFiles(before: readonly SkillFile[], after: readonly SkillFile[]): string[] {
  const old = new Map(before.map((file) => [file.path, file]));
  const now = new Map(after.map((file) => [file.path, file]));
  const changed: string[] = [];
  for (const [path, file] of now) {
    const previous = old.get(path);
    if (!previous) changed.push(`${path} (added)`);
    else if (previous.sha256 !== file.sha256 || previous.executable !== file.executable) changed.push(path);
  }
  for (const path of old.keys()) if (!now.has(path)) changed.push(`${path} (removed)`);
  return changed;
}

function relativePath(root: string, path: string): string {
  return relative(root, path).split(sep).join("/");
}
