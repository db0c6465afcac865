import { NULL_NLU } from "../agent/nlu-loader.js";
import { createRecallHook, noteFacts } from "../agent/recall-hook.js";
import { AgentService } from "../agent/service.js";
import type { MemoryHook } from "../agent/types.js";
import type { ModelRouter } from "../brain/models/router.js";
import type { BuildOptions } from "../brain/nlu/build.js";
import type { Nlu } from "../brain/nlu/types.js";
import type { UserVocabulary } from "../core/language.js";
import type { Logger } from "../core/logger.js";
import type { ToolDefinition } from "../core/tool.js";
import { RoutineStore } from "../tasks/store.js";
import { ListStore } from "../tools/lists/store.js";
import type { Runtime } from "./runtime.js";

/**
 * The agent as every surface (CLI, server, voice) runs it: models from config/env, the embedded
 * NLU as first proposer, memory and knowledge recall as context. The AI SDK is imported here,
 * not at module load, so commands that never talk to a model do not pay for it.
 */
export async function openAgentService(runtime: Runtime): Promise<AgentService> {
  const [models, nlu, memory] = await Promise.all([
    openModels(runtime),
    loadNlu(runtime.registry.list(), runtime.logger, runtime.paths.cache, runtime.env),
    recallHookFor(runtime),
  ]);
  return new AgentService({
    runtime,
    nlu,
    models,
    memory,
    promptSections: () => runtime.extensions?.skills.promptSections() ?? [],
    vocabulary: userVocabularyOf(runtime),
  });
}

/**
 * The person's own names the NLU reads as values ("add pegs to camping" when a list is called
 * camping, "run the bins now" when a routine is called bins): read from the store at every turn,
 * since lists and routines are made and renamed as the session goes. Local and cheap (one read of
 * the names each); remote address books and calendars are not asked on every turn.
 */
export function userVocabularyOf(runtime: Pick<Runtime, "db" | "clock">): () => UserVocabulary {
  const lists = new ListStore(runtime.db, runtime.clock);
  const routines = new RoutineStore(runtime.db);
  return () => ({ lists: new Set(lists.names()), routines: new Set(routines.names()) });
}

/**
 * The embedded NLU, trained off the main thread (`createNluInWorker`) and imported only when a
 * surface needs it; if it cannot be built, the null NLU stands in (it recognizes nothing).
 */
export async function loadNlu(
  tools: ToolDefinition[],
  logger?: Logger,
  cacheDir?: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Nlu> {
  try {
    const nlu = await import("../brain/nlu/index.js");
    // The user's installed apps and own file names are slot values no template can know
    const options: BuildOptions = {
      ...(cacheDir ? { cacheDir } : {}),
      apps: cacheDir ? nlu.keptDesktopAppNames(env, cacheDir) : nlu.desktopAppNames(env),
      vocabulary: { files: nlu.userFileNames(env) },
      // A damaged weights file is said once; the start trains again
      ...(logger ? { warn: (line: string) => logger.warn(line) } : {}),
    };
    return await nlu.createNluInWorker(tools, options);
  } catch (error) {
    logger?.warn({ err: error }, "the embedded NLU could not be loaded; using the null NLU");
    return NULL_NLU;
  }
}

/**
 * Memory and knowledge recall for a runtime. Their modules (memory, knowledge, its embedders
 * and ingest) load on the first recall or note, which only a turn that reaches a model makes:
 * a turn the embedded NLU answers never loads them (a one-shot `ask`, decision 0032).
 */
export async function recallHookFor(runtime: Runtime): Promise<MemoryHook> {
  // Made again when `embeddings:` or `knowledge:` changed (a running service reloads config.yaml)
  let following: (() => Promise<MemoryHook>) | undefined;
  const open = async () => {
    following ??= (await import("../knowledge/open.js")).followingConfig(runtime.config, () =>
      openRecall(runtime),
    );
    return following();
  };
  return {
    recall: async (input) => (await open()).recall(input),
    note: async (input) => (await open()).note?.(input) ?? 0,
  };
}

async function openRecall(runtime: Runtime): Promise<MemoryHook> {
  const [{ Memory, createMemoryRecall }, { openKnowledge, createKnowledgeRecall }] = await Promise.all([
    import("../memory/index.js"),
    import("../knowledge/index.js"),
  ]);
  const memory = new Memory({ db: runtime.db, clock: runtime.clock, logger: runtime.logger });
  return createRecallHook(
    [createMemoryRecall(memory), createKnowledgeRecall(openKnowledge(runtime.deps))],
    3,
    noteFacts(memory),
  );
}

/**
 * The model router. The AI SDK is not loaded here: with no model configured, not at all; with
 * one, on its first call (`brain/models/index.js` imports every provider, ~10 MB of heap).
 */
export async function openModels(runtime: Runtime): Promise<ModelRouter> {
  const { describeSpec, resolveModelSpecs } = await import("../brain/models/config.js");
  const specs = await resolveModelSpecs(runtime.config, runtime.env);
  runtime.logger.info({ models: specs.map(describeSpec) }, "models configured");
  if (specs.length === 0) {
    const { ModelRouter } = await import("../brain/models/router.js");
    return new ModelRouter([], { logger: runtime.logger });
  }
  // The providers themselves load on the first model call (brain/models/lazy.ts)
  const [{ entryFor }, { ModelRouter }, { routeSdkWarnings }] = await Promise.all([
    import("../brain/models/lazy.js"),
    import("../brain/models/router.js"),
    import("../brain/models/sdk-warnings.js"),
  ]);
  routeSdkWarnings(runtime.logger);
  return new ModelRouter(specs.map(entryFor), { logger: runtime.logger });
}
