import v8 from "node:v8";
import { main } from "./main.js";

/**
 * The body of a V8 startup snapshot of the CLI (docs/decisions/0029): built with
 * `node --build-snapshot` from a CommonJS bundle of this module (scripts/bundle-snapshot.mjs),
 * it evaluates the modules a one-shot `jarvis ask` needs, so a start from the snapshot
 * deserializes them instead of loading and evaluating ~1000 modules. Nothing per-user is read
 * here: config, the store, the NLU's weights and native modules are opened after deserializing.
 */
export async function warm(): Promise<void> {
  await Promise.all([
    import("./commands/ask.js"),
    import("./context.js"),
    import("./commands/agent-support.js"),
    import("../runtime/runtime.js"),
    import("../runtime/agent.js"),
    import("../brain/nlu/index.js"),
    // Bundled for the snapshot, the catalog's binding is filled once its groups have loaded
    import("../tools/groups.js").then((groups) => groups.loadBuiltinTools()),
  ]);
}

if (v8.startupSnapshot?.isBuildingSnapshot()) {
  void warm().then(() => {
    v8.startupSnapshot.setDeserializeMainFunction(() => {
      void run();
    });
  });
}

async function run(): Promise<void> {
  // Started from a snapshot, argv has no script: [node, ...the command line]
  process.exitCode = await main(process.argv.slice(1));
}
