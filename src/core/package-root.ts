import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where Jarvis's own files are, from any of its modules, laid out three ways: the TypeScript
 * sources (`src/…/x.ts`, under tsx or vitest), the compiled tree (`dist/…/x.js`) and the bundled
 * CLI (`dist/bundle/chunk-….js`, docs/decisions/0026). A module that needs a file shipped with
 * it (the UI, a helper script, a worker) asks here instead of resolving next to its own URL,
 * which in the bundle is a chunk's directory.
 */
export interface CodeLayout {
  /** The package root: the nearest directory above the module holding a package.json. */
  root: string;
  /** The tree modules and workers are read from: `src` (sources) or `dist` (compiled, bundled). */
  tree: "src" | "dist";
}

export function codeLayout(moduleUrl: string): CodeLayout {
  const file = fileURLToPath(moduleUrl);
  let dir = dirname(file);
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${file}`);
    dir = up;
  }
  return { root: dir, tree: file.endsWith(".ts") ? "src" : "dist" };
}

/**
 * A module of the code tree by its path under src/ or dist/, without extension:
 * `codeFile(import.meta.url, "brain/nlu/train-worker")` is `dist/brain/nlu/train-worker.js`
 * compiled or bundled, and `src/brain/nlu/train-worker.ts` from the sources.
 */
export function codeFile(moduleUrl: string, path: string): string {
  const { root, tree } = codeLayout(moduleUrl);
  return join(root, tree, `${path}.${tree === "src" ? "ts" : "js"}`);
}

/** What a bundled CLI is (`scripts/bundle-cli.mjs` writes it beside the chunks). */
export interface CodeIdentity {
  /** A hash of every chunk: any change of the code. */
  code: string;
  /** A hash of the NLU's compiled files, as `trainingKey` hashes them unbundled. */
  nlu: string;
}

/**
 * The identity of the bundled CLI this module runs in, or undefined from the sources or the
 * compiled tree, whose files change one by one: caches keyed on the code (decision 0032) are
 * used only when bundled.
 */
export function codeIdentity(moduleUrl: string): CodeIdentity | undefined {
  const file = fileURLToPath(moduleUrl);
  if (!/[\\/]dist[\\/]bundle[\\/][^\\/]+$/.test(file)) return undefined;
  try {
    const identity = JSON.parse(
      readFileSync(join(dirname(file), "identity"), "utf8"),
    ) as Partial<CodeIdentity>;
    if (typeof identity.code !== "string" || typeof identity.nlu !== "string") return undefined;
    return { code: identity.code, nlu: identity.nlu };
  } catch {
    return undefined;
  }
}
