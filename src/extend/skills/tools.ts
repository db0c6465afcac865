import { createHash } from "node:crypto";
import { readFileSync, realpathSync } from "node:fs";
import { extname, join } from "node:path";
import { z } from "zod";
import type { JarvisConfig } from "../../config/schema.js";
import { parametersFrom, pathString } from "../../core/schema.js";
import { defineTool, fail, ok, type ToolDefinition } from "../../core/tool.js";
import { withLanguage } from "../../tools/language.js";
import { sandboxToolResult } from "../sandbox/outcome.js";
import type { SandboxService } from "../sandbox/service.js";
import { configuredLimits, grantRisk, netTargets } from "../sandbox/tool.js";
import type { SkillCatalog, SkillEntry } from "./catalog.js";
import { jarvisToolsFor } from "./format.js";
import type { SkillInstaller, StagedSkill } from "./install.js";
import { SKILLS_LANGUAGE } from "./language.js";

export const SKILL_TOOL_NAMES = ["skills_open", "skills_read", "skills_run"] as const;
const MAX_READ_CHARS = 60_000;
const INTERPRETERS: Record<string, string> = {
  ".py": "python3",
  ".sh": "sh",
  ".bash": "bash",
  ".pl": "perl",
  ".rb": "ruby",
};

export interface SkillToolsOptions {
  catalog: SkillCatalog;
  installer: SkillInstaller;
  staging: SkillStaging;
  sandbox: SandboxService;
  config: JarvisConfig;
  /** The gate's deny list: hidden inside any folder granted to a script. */
  hide: () => string[];
  /** Called after an install or removal (the catalog changed). */
  changed: () => void;
}

const skillName = z.string().min(1).max(64).describe("the skill's name");
const openArgs = z.object({ name: skillName });
const readArgs = z.object({
  name: skillName,
  path: z.string().min(1).max(500).describe("a file of the skill, e.g. references/FORMS.md"),
});
const runArgs = z.object({
  name: skillName,
  script: z.string().min(1).max(500).describe("the script, e.g. scripts/extract.py"),
  args: z.array(z.string().max(10_000)).max(100).optional().describe("arguments for the script"),
  read: z.array(pathString("read", "a file or folder the script may read")).max(20).optional(),
  write: z.array(pathString("write", "a folder the script may write in")).max(20).optional(),
  net: z.array(z.string().max(300)).max(20).optional().describe("HOST:PORT the script may reach"),
});
const installArgs = z.object({
  source: z
    .string()
    .min(1)
    .max(2000)
    .describe("a folder, a git URL (URL#folder for one skill of a repository) or npm:package"),
});

/** The skill tools: open (progressive disclosure), read a reference, run a script, install, remove. */
export function skillTools(options: SkillToolsOptions): ToolDefinition[] {
  return withLanguage(
    [openTool(options), readTool(options), runTool(options), installTool(options), removeTool(options)],
    SKILLS_LANGUAGE,
  );
}

function openTool({ catalog, config }: SkillToolsOptions): ToolDefinition {
  const ready = catalog.ready();
  const listing = ready.length
    ? ready.map((entry) => `${entry.name}: ${entry.manifest?.description ?? ""}`).join(" | ")
    : "none installed";
  return defineTool<z.infer<typeof openArgs>>({
    name: "skills_open",
    group: "skills",
    description: `Open a skill: instructions for one kind of task, written by others. Open the one that matches the request before doing the task, then follow it. Skills: ${listing}`,
    parameters: parametersFrom(openArgs),
    says: ({ name }) => `Open the skill "${name}"`,
    effects: ["read"],
    risk: "safe",
    trust: "untrusted",
    async execute({ name }) {
      const entry = usable(catalog, name);
      if (typeof entry === "string") return fail("NOT_FOUND", entry, "see `jarvis skills list`");
      const manifest = entry.manifest;
      const files = entry.pin?.files.map((file) => file.path).filter((path) => path !== "SKILL.md") ?? [];
      const allowed = manifest?.allowedTools;
      const text = [
        `Skill ${entry.name}:`,
        manifest?.body.trim() ?? "",
        files.length
          ? `Files (read with skills_read, run scripts/ with skills_run): ${files.join(", ")}`
          : "",
        allowed ? `While this skill is active only these tools run without asking: ${allowed.join(" ")}` : "",
      ]
        .filter(Boolean)
        .join("\n\n");
      return {
        ...ok(text, { name: entry.name, hash: entry.pin?.hash, allowedTools: allowed ?? null }),
        ...(allowed
          ? {
              restrict: {
                source: `the skill ${entry.name}`,
                allowed: [...new Set([...allowed.flatMap(jarvisToolsFor), ...SKILL_TOOL_NAMES])],
                outside: config.skills.outside_allowed,
              },
            }
          : {}),
        record: `opened skill ${entry.name} ${entry.pin?.hash ?? ""}`,
      };
    },
  });
}

function readTool({ catalog }: SkillToolsOptions): ToolDefinition {
  return defineTool<z.infer<typeof readArgs>>({
    name: "skills_read",
    group: "skills",
    description:
      "Read one file of an opened skill (a reference or an asset), as the skill's instructions say.",
    parameters: parametersFrom(readArgs),
    says: ({ name, path }) => `Read ${path} from the skill "${name}"`,
    effects: ["read"],
    risk: "safe",
    trust: "untrusted",
    async execute({ name, path }) {
      const file = approvedFile(catalog, name, path);
      if (typeof file === "string") return fail("NOT_FOUND", file);
      if (file.content.subarray(0, 8000).includes(0))
        return ok(`${path} is a binary file of ${file.content.length} bytes.`);
      const text = file.content.toString("utf8");
      return ok(
        text.length > MAX_READ_CHARS
          ? `${text.slice(0, MAX_READ_CHARS)}\n…[cut at ${MAX_READ_CHARS} characters]`
          : text,
      );
    },
  });
}

function runTool({ catalog, sandbox, config, hide }: SkillToolsOptions): ToolDefinition {
  return defineTool<z.infer<typeof runArgs>>({
    name: "skills_run",
    group: "skills",
    description:
      "Run a script from an opened skill's scripts/ folder in the sandbox: no network unless listed, an empty home, only the files and folders granted.",
    parameters: parametersFrom(runArgs),
    says: ({ name, script }) => `Run ${script} from the skill "${name}"`,
    effects: ["exec"],
    risk: grantRisk,
    trust: "untrusted",
    timeoutMs: 3_700_000,
    preview: (call) =>
      `run ${call.script} of the skill ${call.name} in the sandbox ${JSON.stringify(call.args ?? [])}\n  read: ${call.read?.join(", ") || "nothing of yours"}\n  write: ${call.write?.join(", ") || "nothing of yours"}\n  network: ${call.net?.join(", ") || "none"}`,
    async execute(call, ctx) {
      if (!call.script.startsWith("scripts/"))
        return fail(
          "ARGS_INVALID",
          "only files in the skill's scripts/ folder can run",
          "pick a file under scripts/",
        );
      const file = approvedFile(catalog, call.name, call.script);
      if (typeof file === "string") return fail("NOT_FOUND", file);
      const interpreter = INTERPRETERS[extname(call.script)];
      const node = [".js", ".mjs", ".cjs"].includes(extname(call.script))
        ? realpathSync(process.execPath)
        : undefined;
      const argv = node ? [node, file.path] : interpreter ? [interpreter, file.path] : [file.path];
      const result = await sandbox.sandbox.run({
        argv: [...argv, ...(call.args ?? [])],
        internal: [file.entry.dir, ...(node && !node.startsWith("/usr/") ? [node] : [])],
        read: call.read ?? [],
        write: call.write ?? [],
        hide: hide(),
        net: netTargets(call.net),
        limits: configuredLimits(config),
        signal: ctx.signal,
      });
      return sandboxToolResult(result, `the script ${call.script} of ${call.name}`);
    },
  });
}

/**
 * Skills fetched for review, by source: what the user saw in the preview is what gets
 * installed (staged once, re-checked by hash when copied in).
 */
export class SkillStaging {
  private readonly staged = new Map<string, StagedSkill>();

  constructor(private readonly installer: SkillInstaller) {}

  async stage(source: string, signal?: AbortSignal): Promise<StagedSkill> {
    const existing = this.staged.get(source);
    if (existing) return existing;
    const fresh = await this.installer.stage(source, signal);
    this.staged.set(source, fresh);
    return fresh;
  }

  /** The staged skill, no longer held here (the caller disposes it). */
  async take(source: string, signal?: AbortSignal): Promise<StagedSkill> {
    const staged = await this.stage(source, signal);
    this.staged.delete(source);
    return staged;
  }

  dispose(): void {
    for (const staged of this.staged.values()) staged.dispose();
    this.staged.clear();
  }
}

function installTool({ installer, staging, changed }: SkillToolsOptions): ToolDefinition {
  return defineTool<z.infer<typeof installArgs>>({
    name: "skills_install",
    group: "skills",
    description:
      "Install or update a skill from a folder, a git URL or an npm package; the user reviews its content (or its changes) first.",
    parameters: parametersFrom(installArgs),
    says: ({ source }) => `Install a skill from ${source}`,
    effects: ["write"],
    // Installing instructions and code the agent will follow always asks, whatever the settings.
    risk: "destructive",
    preview: async ({ source }, ctx) => (await staging.stage(source, ctx.signal)).preview,
    async execute({ source }, ctx) {
      const ready = await staging.take(source, ctx.signal);
      try {
        const pin = installer.commit(ready);
        changed();
        const verb = ready.existing?.pin ? "Updated" : "Installed";
        return {
          ...ok(`${verb} the skill ${pin.name}.`, { name: pin.name, hash: pin.hash, origin: pin.origin }),
          record: `${verb.toLowerCase()} skill ${pin.name} ${pin.hash} from ${pin.origin}${ready.existing?.pin ? ` (was ${ready.existing.pin.hash})` : ""}`,
        };
      } finally {
        ready.dispose();
      }
    },
  });
}

function removeTool({ installer, changed }: SkillToolsOptions): ToolDefinition {
  return defineTool<z.infer<typeof openArgs>>({
    name: "skills_remove",
    group: "skills",
    description: "Remove an installed skill (a skill in a project folder is only no longer approved).",
    parameters: parametersFrom(openArgs),
    says: ({ name }) => `Remove the skill "${name}"`,
    effects: ["delete"],
    risk: "dangerous",
    async execute({ name }) {
      const removed = installer.remove(name);
      changed();
      return {
        ...ok(
          removed.deleted
            ? `Removed the skill ${name}.`
            : `The skill ${name} is no longer approved; its folder stays.`,
        ),
        record: `removed skill ${name} (${removed.dir})`,
      };
    },
  });
}

function usable(catalog: SkillCatalog, name: string): SkillEntry | string {
  const entry = catalog.get(name);
  if (entry) return entry;
  const other = catalog.find(name);
  return other
    ? `the skill ${name} cannot be used: ${other.reason ?? other.status}`
    : `there is no skill named ${name.slice(0, 64)}`;
}

/** A file of a ready skill, only if it is one the user approved and still has that content. */
function approvedFile(
  catalog: SkillCatalog,
  name: string,
  path: string,
): { entry: SkillEntry; path: string; content: Buffer } | string {
  const entry = usable(catalog, name);
  if (typeof entry === "string") return entry;
  const pinned = entry.pin?.files.find((file) => file.path === path);
  if (!pinned) return `the skill ${name} has no file ${path.slice(0, 200)}`;
  const full = join(entry.dir, pinned.path);
  const content = readFileSync(full);
  if (createHash("sha256").update(content).digest("hex") !== pinned.sha256) {
    catalog.reload();
    return `the skill ${name} changed since you approved it, so it is disabled until you review it`;
  }
  return { entry, path: full, content };
}
