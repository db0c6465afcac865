// Loaded with `node --import` by attach-loads.test.ts: appends every module URL this process
// resolves to the file named by JARVIS_TEST_LOADS, so a test can see what a command loaded.
// `module.registerHooks` is Node 22.15+; an older Node re-runs bin/jarvis.js under the
// project's own Node, which records (this file is a no-op in the older one).
import { appendFileSync } from "node:fs";
import module from "node:module";

const file = process.env.JARVIS_TEST_LOADS;
if (file)
  module.registerHooks?.({
    resolve(specifier, context, next) {
      const resolved = next(specifier, context);
      appendFileSync(file, `${resolved.url}\n`);
      return resolved;
    },
  });
