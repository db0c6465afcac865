import type { ModelRouter } from "../brain/models/router.js";
import type { ToolDefinition } from "../core/tool.js";
import type { ToolRegistry } from "../gate/registry.js";
import type { ToolDeps } from "../tools/deps.js";
import { withLanguage } from "../tools/language.js";
import { createFactory, factoryTools, type StoredTool, type ToolFactory } from "./factory/index.js";
import { FACTORY_LANGUAGE } from "./factory/language.js";
import { SANDBOX_LANGUAGE } from "./sandbox/language.js";
import { SandboxService } from "./sandbox/service.js";
import { sandboxRunTool } from "./sandbox/tool.js";
import { createSkills, type ParseYaml, type Skills } from "./skills/index.js";

export type { ParseYaml } from "./skills/index.js";

export interface ExtensionsOptions {
  deps: ToolDeps;
  registry: ToolRegistry;
  /** The model router, opened on first need (the tool factory drafts with it). */
  models?: () => Promise<ModelRouter>;
  cwd?: string;
  /** yaml's parser when the caller has it loaded (skills read SKILL.md front matter with it). */
  parseYaml?: ParseYaml;
}

/** What Jarvis grows with: the sandbox, Agent Skills and (see factory/) generated tools. */
export interface Extensions {
  sandbox: SandboxService;
  skills: Skills;
  factory: ToolFactory;
  /** Generated tools found at start-up, verified (a changed one is disabled, with the reason). */
  generated: StoredTool[];
  close(): Promise<void>;
}

/**
 * Registers the extension tools into the registry and returns their services. Skills and
 * generated tools re-register their tools when they change (skills_open lists the skills).
 */
export function installExtensions(options: ExtensionsOptions): Extensions {
  const { deps, registry } = options;
  const sandbox = new SandboxService({ env: deps.env, logger: deps.logger });
  const hide = () => deps.roots.deny;
  const replace = (tools: ToolDefinition[]) => {
    for (const tool of tools) {
      registry.unregister(tool.name);
      registry.register(tool);
    }
  };
  const skills = createSkills(deps, sandbox, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.parseYaml ? { parseYaml: options.parseYaml } : {}),
    hide,
    changed: () => replace(skills.tools()),
  });
  const factory = createFactory(deps, registry, sandbox, options.models);
  replace([
    ...withLanguage([sandboxRunTool(sandbox, deps.config, hide)], SANDBOX_LANGUAGE),
    ...skills.tools(),
    ...withLanguage(factoryTools(factory), FACTORY_LANGUAGE),
  ]);
  const generated = factory.loadStored();
  let closed = false;
  const extensions: Extensions = {
    sandbox,
    skills,
    factory,
    generated,
    async close() {
      if (closed) return;
      closed = true;
      skills.close();
      await sandbox.close();
    },
  };
  deps.onClose(() => extensions.close());
  return extensions;
}
