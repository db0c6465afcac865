import { homedir } from "node:os";
import { expandPath } from "../config/paths.js";
import { namePattern, PROTECTED_PATHS, protectedLists } from "../config/protected.js";
import type { JarvisConfig } from "../config/schema.js";
import { canonicalPath, type PathRoots } from "../gate/paths.js";

/** Secrets no tool may read or write, whatever the configured roots say (config/protected.ts). */
export const DEFAULT_DENY = PROTECTED_PATHS;

/**
 * The gate's roots: configured read/write roots; the built-in protected paths and names plus
 * `files.deny`, minus only what `files.unprotect` names exactly; and JARVIS_HOME itself.
 */
export function rootsFromConfig(config: JarvisConfig, jarvisHome: string, home = homedir()): PathRoots {
  const canonical = (list: readonly string[]) => list.map((p) => canonicalPath(expandPath(p, home), home));
  const builtIn = protectedLists(config.files.unprotect);
  return {
    home,
    readRoots: canonical(config.files.read_roots),
    writeRoots: canonical(config.files.write_roots),
    deny: [...canonical([...builtIn.paths, ...config.files.deny]), canonicalPath(jarvisHome, home)],
    denyNames: builtIn.names.map(namePattern),
  };
}
