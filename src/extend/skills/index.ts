import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PromptSection } from "../../agent/context.js";
import { expandPath } from "../../config/paths.js";
import type { ToolDefinition } from "../../core/tool.js";
import type { ToolDeps } from "../../tools/deps.js";
import type { SandboxService } from "../sandbox/service.js";
import { SkillCatalog } from "./catalog.js";
import type { ParseYaml } from "./format.js";
import { SkillInstaller } from "./install.js";
import { SKILL_TOOL_NAMES, SkillStaging, skillTools } from "./tools.js";

export { type PinRecord, SkillCatalog, type SkillEntry, type SkillStatus, skillSummary } from "./catalog.js";
export { type ScannedSkill, SKILL_LIMITS, scanSkill } from "./files.js";
export { type ParseYaml, parseSkill, type SkillManifest } from "./format.js";
export { parseSource, SkillInstaller, type StagedSkill } from "./install.js";

export interface Skills {
  catalog: SkillCatalog;
  installer: SkillInstaller;
  /** Skills fetched for review (shared by the install tool's preview and `jarvis skills add`). */
  staging: SkillStaging;
  /** The ready skills' names and descriptions for the model's prompt (progressive disclosure). */
  promptSections(): PromptSection[];
  /** The skill tools as they should be registered now (skills_open lists the ready skills). */
  tools(): ToolDefinition[];
  close(): void;
}

/** Skills for one JARVIS_HOME: JARVIS_HOME/skills and the configured project folders. */
export function createSkills(
  deps: ToolDeps,
  sandbox: SandboxService,
  options: { cwd?: string; changed: () => void; hide: () => string[]; parseYaml?: ParseYaml },
): Skills {
  const home = deps.env.HOME ?? deps.roots.home;
  const catalog = new SkillCatalog({
    installDir: deps.paths.skills,
    folders: deps.config.skills.folders.map((folder) => expandPath(folder, home)),
    pinFile: join(deps.paths.home, "skills.lock.json"),
    snapshotDir: join(deps.paths.home, "skill-snapshots"),
    clock: deps.clock,
    ...(options.parseYaml ? { parseYaml: options.parseYaml } : {}),
  });
  let scratch: string | undefined;
  const installer = new SkillInstaller(catalog, {
    get tmpRoot() {
      scratch ??= mkdtempSync(join(tmpdir(), "jarvis-skills-"));
      return scratch;
    },
    env: deps.env,
    cwd: options.cwd ?? process.cwd(),
  });
  const staging = new SkillStaging(installer);
  return {
    catalog,
    installer,
    staging,
    promptSections: () => {
      const ready = catalog.ready();
      if (ready.length === 0) return [];
      const lines = ready.map((entry) => `- ${entry.name}: ${entry.manifest?.description ?? ""}`);
      return [
        {
          text: `Skills (instructions for particular tasks, written by others): open the matching one with skills_open before doing such a task.\n${lines.join("\n")}`,
          tools: SKILL_TOOL_NAMES,
        },
      ];
    },
    tools: () =>
      skillTools({
        catalog,
        installer,
        staging,
        sandbox,
        config: deps.config,
        hide: options.hide,
        changed: options.changed,
      }),
    close: () => {
      staging.dispose();
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    },
  };
}
