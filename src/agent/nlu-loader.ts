import type { BuildOptions } from "../brain/nlu/build.js";
import type { Nlu, NluResult } from "../brain/nlu/types.js";
import type { Logger } from "../core/logger.js";
import type { ToolDefinition } from "../core/tool.js";

/** Used only while the embedded NLU is unavailable: it recognizes nothing, honestly. */
export const NULL_NLU: Nlu = {
  parse: (text: string): NluResult => ({ text, kind: "unknown", confidence: 0 }),
};

/**
 * The embedded NLU (`createNluInWorker(tools)` from `brain/nlu`: trained off the main thread), loaded by path so the agent does not
 * depend on the parser's internals; if it cannot be loaded, the null NLU stands in.
 */
export async function loadNlu(
  tools: ToolDefinition[],
  logger?: Logger,
  cacheDir?: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Nlu> {
  const specifier = "../brain/nlu/index.js";
  try {
    const module = (await import(specifier)) as {
      createNluInWorker?: (tools: ToolDefinition[], options?: BuildOptions) => Promise<Nlu>;
      desktopAppNames?: (env: NodeJS.ProcessEnv) => string[];
      userFileNames?: (env: NodeJS.ProcessEnv) => Map<string, string>;
    };
    // The user's installed apps and own file names are slot values no template can know
    const options: BuildOptions = {
      ...(cacheDir ? { cacheDir } : {}),
      ...(module.desktopAppNames ? { apps: module.desktopAppNames(env) } : {}),
      ...(module.userFileNames ? { vocabulary: { files: module.userFileNames(env) } } : {}),
    };
    if (typeof module.createNluInWorker === "function") return await module.createNluInWorker(tools, options);
    logger?.warn("the embedded NLU has no createNluInWorker; using the null NLU");
  } catch (error) {
    logger?.warn({ err: error }, "the embedded NLU could not be loaded; using the null NLU");
  }
  return NULL_NLU;
}
