import { createCliContext } from "../cli/context.js";
import { main } from "../cli/main.js";
import { builtinTools } from "../tools/index.js";
import { probeTools } from "./probe-tools.js";

/**
 * `jarvis` with the probe tools added to the catalog, for tests that spawn the real CLI and
 * count side effects (kill -9 and resume, Ctrl-C). The probes reach the runtime through its
 * options, as in-process tests pass them; the shipped `jarvis` never has them.
 */
const context = createCliContext({
  runtimeOptions: { tools: (deps) => [...builtinTools(deps), ...probeTools(deps)] },
});
process.exitCode = await main(process.argv.slice(2), context);
