import { homedir } from "node:os";
import v8 from "node:v8";
import type { PreparedNlu } from "../brain/nlu/build.js";
import { pathsFor, resolveHome } from "../config/paths.js";
import { systemClock } from "../core/clock.js";
import { randomIds } from "../core/ids.js";
import { silentLogger } from "../core/logger.js";
import type { ToolDeps } from "../tools/deps.js";
import { main } from "./main.js";

/**
 * The body of a V8 startup snapshot of the CLI (docs/decisions/0030). Built with
 * `node --build-snapshot` from a CommonJS bundle of this module (scripts/bundle-snapshot.mjs) by
 * the background builder (snapshot-build.ts), it evaluates the modules a one-shot `jarvis ask`
 * needs and reads the NLU's catalog and weights from the user's cache, so a start from the
 * snapshot deserializes them instead of loading ~1000 modules and 11 MB of weights. Nothing
 * else per-user is read here: config, the store, the clock, env, native modules and the user's
 * apps and files are opened or read after deserializing, as on any start.
 */
export async function warm(): Promise<void> {
  await Promise.all([
    import("./commands/ask.js"),
    import("./commands/agent-support.js"),
    import("../runtime/agent.js"),
    import("../brain/nlu/index.js"),
    // Bundled for the snapshot, the catalog's binding is filled once its groups have loaded
    // (scripts/bundle-snapshot.mjs replaces the module's top-level await with this promise)
    import("../tools/index.js").then(
      (catalog) => (catalog as { builtinToolsLoaded?: Promise<void> }).builtinToolsLoaded,
    ),
  ]);
}

/**
 * The NLU's parts for the built-in catalog, from the weights the user's last start cached;
 * undefined when there are none yet (a start from this snapshot then reads them as usual).
 */
export async function prepare(env: NodeJS.ProcessEnv): Promise<PreparedNlu | undefined> {
  const [
    { catalogWithTasks },
    { TasksLink },
    { ToolRegistry },
    nlu,
    { loadConfig },
    { rootsFromConfig },
    extend,
  ] = await Promise.all([
    import("../runtime/runtime.js"),
    import("../tasks/tools.js"),
    import("../gate/registry.js"),
    import("../brain/nlu/index.js"),
    import("../config/load.js"),
    import("../runtime/roots.js"),
    import("../extend/index.js"),
  ]);
  const paths = pathsFor(resolveHome(env));
  const config = loadConfig(paths.config);
  // The tools are built only for what the NLU reads of them (names, schemas, language) and are
  // not kept; a start uses the prepared parts only if its own tools read the same
  // (`PreparedNlu.fingerprint`). No store is opened here: a factory that uses one while building
  // fails the preparation, and the snapshot then holds no NLU.
  const deps: ToolDeps = {
    config,
    paths,
    roots: rootsFromConfig(config, paths.home, env.HOME ?? homedir()),
    env,
    clock: systemClock,
    ids: randomIds,
    logger: silentLogger,
    onClose: () => {},
    db: noStore(),
  };
  // As createRuntime lists them: the built-in catalog, then the extensions' tools (skills on
  // disk; no generated tools, which live in the store: a user with some starts without these)
  const registry = new ToolRegistry();
  registry.registerAll(catalogWithTasks(new TasksLink())(deps), { builtIn: true });
  const extensions = extend.installExtensions({
    deps,
    registry,
    models: async () => {
      throw new Error("no model while building the snapshot");
    },
  });
  const tools = registry.list();
  await extensions.close();
  return nlu.prepareNlu(tools, { cacheDir: paths.cache });
}

/**
 * A store that is empty and cannot be written: repositories prepare their statements when built,
 * and what reads it at build finds nothing (generated tools).
 */
function noStore(): ToolDeps["db"] {
  const refuse = (what: string) => () => {
    throw new Error(`a tool factory used the store (${what}) while building its tools`);
  };
  const reads: Record<string, () => unknown> = {
    all: () => [],
    get: () => undefined,
    iterate: () => [].values(),
  };
  const statement: object = new Proxy(
    {},
    {
      get: (_, key) =>
        reads[String(key)] ??
        (["pluck", "raw", "expand"].includes(String(key)) ? () => statement : refuse(String(key))()),
    },
  );
  return new Proxy({} as ToolDeps["db"], {
    get: (_, key) => (key === "prepare" ? () => statement : refuse(String(key))()),
  });
}

if (v8.startupSnapshot?.isBuildingSnapshot()) {
  void warm()
    .then(() => prepare(process.env))
    .catch((error: unknown) => {
      if (process.env.JARVIS_DEBUG_SNAPSHOT) console.error(error);
      return undefined;
    })
    .then((prepared) => {
      if (process.env.JARVIS_DEBUG_SNAPSHOT) console.error(`NLU prepared: ${prepared !== undefined}`);
      v8.startupSnapshot.setDeserializeMainFunction(() => {
        void run(prepared);
      });
    });
}

async function run(prepared: PreparedNlu | undefined): Promise<void> {
  // As bin/jarvis.js: a closed pipe (`jarvis ask … | head`) ends the output, not the command
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
    });
  }
  if (process.env.JARVIS_DEBUG_SNAPSHOT)
    process.stderr.write(`jarvis: started from the CLI snapshot (NLU ${prepared ? "held" : "not held"})\n`);
  // Started from a snapshot, argv has no script: [node, ...the command line]
  process.exitCode = await main(process.argv.slice(1), undefined, {
    runtimeOptions: prepared ? { preparedNlu: prepared } : {},
  });
}
