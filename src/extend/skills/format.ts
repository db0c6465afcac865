import { createRequire } from "node:module";
import { JarvisError } from "../../core/errors.js";

/** The yaml package's `parse`, handed down by the runtime that loaded it (see `requireYaml`). */
export type ParseYaml = (text: string, options: { maxAliasCount: number }) => unknown;

/**
 * The parser for a SKILL.md read by code that was not handed one: loaded then, synchronously,
 * from the package's CommonJS build (~70 ms, against ~12 ms for the bundle's copy). Runtimes
 * hand the bundle's copy down when a skill may exist (runtime/on-demand.ts), so a one-shot
 * command with no skill does not load the ~260 KB parser at all.
 */
export const requireYaml: ParseYaml = (text, options) =>
  (createRequire(import.meta.url)("yaml") as typeof import("yaml")).parse(text, options);

/**
 * The Agent Skills format (agentskills.io): a folder whose `SKILL.md` starts with YAML front
 * matter — `name` (matching the folder), `description`, and optionally `license`,
 * `compatibility`, `metadata` and `allowed-tools` — followed by the instructions in Markdown.
 */
export interface SkillManifest {
  name: string;
  description: string;
  license?: string;
  compatibility?: string;
  metadata: Record<string, string>;
  /** As written (`Bash(git:*) Read`, or Jarvis tool names). */
  allowedTools?: string[];
  /** The Markdown after the front matter. */
  body: string;
}

export const SPEC_LIMITS = { name: 64, description: 1024, compatibility: 500 } as const;
const FIELDS = new Set(["name", "description", "license", "compatibility", "metadata", "allowed-tools"]);
const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A skill refused for one rule; the message names the rule and the fix says what to change. */
export function invalidSkill(message: string, fix: string): JarvisError {
  return new JarvisError("USAGE", message, { fix });
}

/** Parses and validates SKILL.md; `folder` is the name of the folder it sits in. */
export function parseSkill(text: string, folder: string, parseYaml: ParseYaml = requireYaml): SkillManifest {
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/.exec(text);
  if (!match) {
    throw invalidSkill(
      "SKILL.md has no front matter: it must start with a line of --- and a YAML block closed by ---",
      "add the name and description between --- lines at the top of SKILL.md",
    );
  }
  let front: unknown;
  try {
    front = parseYaml(match[1] ?? "", { maxAliasCount: 10 });
  } catch (error) {
    const line = ((error as Error).message.split("\n")[0] ?? "").slice(0, 160);
    throw invalidSkill(
      `SKILL.md front matter is not valid YAML: ${line}`,
      "fix the YAML between the --- lines",
    );
  }
  if (!front || typeof front !== "object" || Array.isArray(front)) {
    throw invalidSkill(
      "SKILL.md front matter must be a mapping of fields",
      "write it as `name: …` and `description: …` lines",
    );
  }
  const fields = front as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((key) => !FIELDS.has(key));
  if (unknown.length > 0) {
    throw invalidSkill(
      `SKILL.md front matter has fields outside the Agent Skills format: ${unknown.slice(0, 5).join(", ")}`,
      "keep to name, description, license, compatibility, metadata and allowed-tools (put the rest under metadata)",
    );
  }
  const name = checkName(fields.name, folder);
  const description = requiredText(fields.description, "description", SPEC_LIMITS.description);
  const manifest: SkillManifest = {
    name,
    description,
    metadata: checkMetadata(fields.metadata),
    body: match[2] ?? "",
  };
  if (fields.license !== undefined) manifest.license = optionalText(fields.license, "license", 200);
  if (fields.compatibility !== undefined)
    manifest.compatibility = optionalText(fields.compatibility, "compatibility", SPEC_LIMITS.compatibility);
  if (fields["allowed-tools"] !== undefined)
    manifest.allowedTools = checkAllowedTools(fields["allowed-tools"]);
  return manifest;
}

function checkName(value: unknown, folder: string): string {
  if (typeof value !== "string" || value.length === 0) {
    throw invalidSkill("SKILL.md needs a name", `add \`name: ${folder}\` to the front matter`);
  }
  if (value.length > SPEC_LIMITS.name) {
    throw invalidSkill(
      `the skill name is longer than ${SPEC_LIMITS.name} characters`,
      "shorten it (and the folder name)",
    );
  }
  if (!NAME.test(value)) {
    throw invalidSkill(
      `the skill name "${value.slice(0, 64)}" breaks the naming rule: lowercase letters, digits and single hyphens, not at either end`,
      "rename it, e.g. pdf-forms",
    );
  }
  if (value !== folder) {
    throw invalidSkill(
      `the skill name "${value}" does not match its folder "${folder.slice(0, 64)}"`,
      "rename the folder or the name so they are the same",
    );
  }
  return value;
}

function requiredText(value: unknown, field: string, max: number): string {
  if (typeof value !== "string" || value.trim().length === 0) {
    throw invalidSkill(
      `SKILL.md needs a ${field}`,
      `add \`${field}: …\` saying what the skill does and when to use it`,
    );
  }
  return optionalText(value, field, max);
}

function optionalText(value: unknown, field: string, max: number): string {
  if (typeof value !== "string")
    throw invalidSkill(`the ${field} must be text`, `write ${field} as a single string`);
  if (value.length > max) {
    throw invalidSkill(
      `the ${field} is longer than ${max} characters (${value.length})`,
      `shorten the ${field}`,
    );
  }
  return value;
}

function checkMetadata(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw invalidSkill("metadata must be a mapping of names to text", "write metadata as `key: value` lines");
  }
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string" && typeof entry !== "number" && typeof entry !== "boolean") {
      throw invalidSkill(`metadata.${key.slice(0, 40)} must be text`, "quote the value");
    }
    out[key] = String(entry).slice(0, 1000);
  }
  return out;
}

function checkAllowedTools(value: unknown): string[] {
  const list = typeof value === "string" ? value.split(/\s+/).filter(Boolean) : value;
  if (!Array.isArray(list) || !list.every((item) => typeof item === "string")) {
    throw invalidSkill(
      "allowed-tools must be a space-separated string or a list of strings",
      "write e.g. `allowed-tools: files_read web_fetch`",
    );
  }
  if (list.length > 100)
    throw invalidSkill("allowed-tools lists more than 100 tools", "list only what the skill uses");
  return list.map((item) => item.trim()).filter(Boolean);
}

/**
 * The Jarvis tools an `allowed-tools` entry stands for: Jarvis names (or `group_*`) as they
 * are; the common names other agents use mapped to their Jarvis counterparts. An entry that
 * stands for nothing allows nothing (the restriction fails closed).
 */
export function jarvisToolsFor(entry: string): string[] {
  if (/^[a-z0-9_]+(_\*)?$/.test(entry)) return [entry];
  const base = entry.replace(/\(.*\)$/, "");
  return ALIASES[base] ?? [];
}

const ALIASES: Record<string, string[]> = {
  Read: ["files_read", "files_list", "files_info", "files_search"],
  Glob: ["files_list", "files_search"],
  Grep: ["files_search"],
  LS: ["files_list"],
  Write: ["files_write"],
  Edit: ["files_write"],
  MultiEdit: ["files_write"],
  Bash: ["shell_run"],
  WebFetch: ["web_fetch"],
  WebSearch: ["web_search"],
};
