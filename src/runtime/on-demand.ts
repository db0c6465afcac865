import { readdirSync } from "node:fs";
import { configReader, readConfigSource } from "../config/config-cache.js";
import { pathsFor, resolveHome } from "../config/paths.js";
import type { JarvisConfig } from "../config/schema.js";
import { codeIdentity } from "../core/package-root.js";
import type { ToolDefinition } from "../core/tool.js";
import type { ParseYaml } from "../extend/index.js";
import { KeptValidators } from "../gate/kept-validators.js";
import { type DerivedKey, deriveAhead } from "../store/key-ahead.js";
import {
  catalogKey,
  describedTool,
  describeTools,
  dropCatalog,
  readCatalog,
  sameAsDescribed,
  type ToolDescription,
  writeCatalog,
} from "../tools/catalog-cache.js";
import { type GroupSpeech, TOOL_GROUPS, type ToolFactory } from "../tools/groups.js";
import { composeRuntime, type Runtime, type RuntimeOptions } from "./compose.js";
import { attachExtensions } from "./extensions.js";

/**
 * The runtime of a one-shot command (`jarvis ask` with no service): the same tools, gate, NLU
 * and answers as `createRuntime`, without building ~125 tools to run one. With a catalog kept
 * from an earlier start (`tools/catalog-cache.ts`), every built-in tool is registered from its
 * description and the group's language (light modules), and a group's code loads when one of
 * its tools is about to run; without one (first start, new code or config, or not running from
 * the bundle), every group loads as `createRuntime` does and the catalog is written for the next
 * start. Decision 0032.
 */

/** A catalog entry: a tool group, or the service's routines and alerts tools. */
interface CatalogEntry {
  id: string;
  speech(): Promise<GroupSpeech>;
  /** The entry's tools with their language, for a runtime (the tasks tools reach its gate). */
  code(): Promise<(runtime: Runtime) => ToolFactory>;
}

const ENTRIES: readonly CatalogEntry[] = [
  ...TOOL_GROUPS.map((group) => ({
    id: group.id,
    speech: () => group.speech(),
    code: async () => {
      const factory = await group.load();
      return () => factory;
    },
  })),
  {
    id: "tasks",
    // The routines and notify groups carry cues of their own (tasksTools attaches them by group)
    speech: async () => {
      const [{ TASKS_LANGUAGE }, { TASKS_CUES }] = await Promise.all([
        import("../tasks/language.js"),
        import("../tasks/cues.js"),
      ]);
      return { language: TASKS_LANGUAGE, cuesByGroup: TASKS_CUES };
    },
    code: async () => {
      const { TasksLink, tasksTools } = await import("../tasks/tools.js");
      return (runtime) => {
        const link = new TasksLink();
        link.gate = runtime.gate;
        link.registry = runtime.registry;
        return (deps) => tasksTools(deps, link);
      };
    },
  },
];

export type OpenRuntime = (options: RuntimeOptions) => Runtime;

/**
 * What `prepareRuntime` read ahead for opening: the config's reader, the store key's derivation,
 * and yaml's parser when a skill may exist.
 */
interface Opening {
  loadConfig: (path: string) => JarvisConfig;
  keptValidators?: KeptValidators;
  derivedKey?: DerivedKey;
  parseYaml?: ParseYaml;
}

/**
 * Reads what opening a runtime will need (the kept catalog and the groups' language, or every
 * group's code) and returns the opener. `identity` is the code's (the bundle's, by default;
 * without one there is nothing to key a catalog on and every group loads).
 */
export async function prepareRuntime(
  env: NodeJS.ProcessEnv,
  identity: string | undefined = codeIdentity(import.meta.url)?.code,
): Promise<OpenRuntime> {
  const paths = pathsFor(resolveHome(env));
  // The store passphrase's key is derived on the thread pool while this thread loads code
  const passphrase = env.JARVIS_PASSPHRASE;
  const ahead = passphrase ? deriveAhead(paths.database, passphrase).catch(() => undefined) : undefined;
  const source = readConfigSource(paths.config);
  const loadConfig = await configReader(paths.cache, identity, source);
  // No config file, or one that cannot be read (loadConfig says so): the defaults' key
  const configText = source.kind === "text" ? source.text : "";
  const yaml = skillsParser(paths.skills, configText);
  if (identity === undefined) {
    const code = await loadCode();
    return fullRuntime(code, { loadConfig, derivedKey: await ahead, ...(await yaml) }, undefined);
  }
  const kept = { dir: paths.cache, key: catalogKey(identity, configText, env) };
  const keptValidators = new KeptValidators(paths.cache, identity);
  const descriptions = readCatalog(kept.dir, kept.key);
  const byEntry = descriptions && groupByEntry(descriptions);
  if (!byEntry) {
    const code = await loadCode();
    return fullRuntime(code, { loadConfig, keptValidators, derivedKey: await ahead, ...(await yaml) }, kept);
  }
  const speech = new Map(
    await Promise.all(ENTRIES.map(async (entry) => [entry.id, await entry.speech()] as const)),
  );
  const opening = { loadConfig, keptValidators, derivedKey: await ahead, ...(await yaml) };
  return (options) => describedRuntime({ ...options, ...opening }, byEntry, speech, kept.dir);
}

/**
 * yaml's parser, loaded only when a skill may exist: a folder in JARVIS_HOME/skills, or a
 * config that mentions skills (its `skills.folders`). Otherwise nothing: the ~260 KB parser was
 * on every one-shot command's path for SKILL.md files most homes do not have, and a skill found
 * after all (one added meanwhile) loads the parser itself (extend/skills/format.ts).
 */
async function skillsParser(skillsDir: string, configText: string): Promise<{ parseYaml?: ParseYaml }> {
  let installed = false;
  try {
    installed = readdirSync(skillsDir).length > 0;
  } catch {
    // No skills folder: nothing installed
  }
  if (!installed && !/\bskills\b/.test(configText)) return {};
  return { parseYaml: (await import("yaml")).parse };
}

/** Descriptions by entry, or undefined when one names an entry this code does not have. */
function groupByEntry(descriptions: ToolDescription[]): Map<string, ToolDescription[]> | undefined {
  const byEntry = new Map<string, ToolDescription[]>(ENTRIES.map((entry) => [entry.id, []]));
  for (const description of descriptions) {
    const list = byEntry.get(description.entry);
    if (!list) return undefined;
    list.push(description);
  }
  return byEntry;
}

async function loadCode() {
  return Promise.all(
    ENTRIES.map(async (entry) => ({ entry, code: await entry.code(), speech: await entry.speech() })),
  );
}

/** Every group's code loaded and registered, and the catalog written for the next start. */
function fullRuntime(
  loaded: Awaited<ReturnType<typeof loadCode>>,
  opening: Opening,
  kept: { dir: string; key: string } | undefined,
): OpenRuntime {
  return (options) => {
    const runtime = composeRuntime({ ...options, ...opening, tools: () => [] });
    const described: ToolDescription[] = [];
    let describable = true;
    for (const { entry, code, speech } of loaded) {
      const tools = code(runtime)(runtime.deps);
      runtime.registry.registerAll(tools, { builtIn: true });
      const descriptions = describeTools(entry.id, tools, speech);
      if (descriptions) described.push(...descriptions);
      else describable = false;
    }
    attachExtensions(runtime, opening.parseYaml);
    if (kept && describable) {
      try {
        writeCatalog(kept.dir, kept.key, described);
      } catch (error) {
        runtime.logger.warn({ err: error }, "the tool catalog could not be kept for the next start");
      }
    }
    return runtime;
  };
}

/** Every built-in tool registered from its description; a group's code loads when it runs. */
function describedRuntime(
  options: RuntimeOptions & Opening,
  byEntry: ReadonlyMap<string, ToolDescription[]>,
  speeches: ReadonlyMap<string, GroupSpeech>,
  dir: string,
): Runtime {
  const runtime = composeRuntime({ ...options, tools: () => [] });
  const others = (id: string) =>
    [...byEntry].flatMap(([entry, list]) => (entry === id ? [] : list.map((d) => d.fields.name as string)));
  for (const entry of ENTRIES) {
    const descriptions = byEntry.get(entry.id) ?? [];
    const speech = speeches.get(entry.id)!;
    let now: Map<string, ToolDefinition> | undefined;
    let loading: Promise<Map<string, ToolDefinition>> | undefined;
    const load = () => {
      loading ??= (async () => {
        // A routine's calls are checked against the other tools' own code (their tiers)
        if (entry.id === "tasks") await runtime.registry.ready(others(entry.id));
        const tools = (await entry.code())(runtime)(runtime.deps);
        if (!sameAsDescribed(descriptions, tools, speech)) {
          runtime.logger.warn(
            { group: entry.id },
            "the kept tool catalog was out of date; it is rebuilt next start",
          );
          dropCatalog(dir);
        }
        now = new Map(tools.map((tool) => [tool.name, tool]));
        return now;
      })();
      return loading;
    };
    const tools = descriptions.map((d) => describedTool(d, speech, load, () => now));
    runtime.registry.registerLazy(tools, async () => [...(await load()).values()], { builtIn: true });
  }
  attachExtensions(runtime, options.parseYaml);
  runtime.logger.debug({ tools: runtime.registry.list().length }, "tool catalog from its descriptions");
  return runtime;
}
