import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { ValidateFunction } from "ajv";
import { writeFileAtomic } from "../config/atomic.js";
import type { JsonSchema } from "../core/tool.js";

/**
 * The validators of built-in tools' schemas kept as ajv's standalone code, in the cache folder,
 * for a one-shot command: a `jarvis ask` that runs one tool checked its arguments with a
 * validator compiled by ajv, which meant loading ajv (314 KB) and compiling the schema (~15 ms
 * of a ~220 ms ask, decision 0043). The kept code is what ajv generated for that schema with
 * the gate's options (`SchemaValidator`), so the checks are the same ones: the schema is still
 * the single source, and a schema that changes (new code, config) has another key and is
 * compiled by ajv again.
 *
 * Keyed by the code's identity (the bundle: ajv's version and options are code) and the closed
 * schema's bytes. A file is `// <sha256 of the code>` and the code; one that does not match,
 * does not evaluate or does not export a function is ignored (and replaced on the next compile).
 * Code that needs a module other than ajv's two small runtime helpers is not kept. The folder
 * is as private as the rest of JARVIS_HOME: whoever can write it can already edit config.yaml
 * (an MCP server's command), so running code from it gives no one anything new.
 */

/** Modules ajv's standalone code may require for the gate's schemas (both dependency-free). */
const HELPERS = new Set(["ajv/dist/runtime/ucs2length", "ajv-formats/dist/formats"]);

export class KeptValidators {
  private readonly dir: string;
  private pruned = false;

  constructor(
    cacheDir: string,
    private readonly identity: string,
  ) {
    this.dir = join(cacheDir, "validators", identity.slice(0, 16));
  }

  /** The kept validator of this (closed) schema, or undefined. */
  read(schema: JsonSchema): ValidateFunction | undefined {
    let text: string;
    try {
      text = readFileSync(this.fileOf(schema), "utf8");
    } catch {
      return undefined;
    }
    const newline = text.indexOf("\n");
    const code = text.slice(newline + 1);
    if (newline < 0 || text.slice(0, newline) !== `// ${digest(code)}` || !onlyHelpers(code))
      return undefined;
    try {
      const module = { exports: {} as unknown };
      const require = createRequire(import.meta.url);
      // ajv's standalone output is a CommonJS module: run it with its module object and a
      // require limited to the helpers checked above
      new Function("module", "exports", "require", code)(module, module.exports, (id: string) => {
        if (!HELPERS.has(id)) throw new Error(`unexpected module ${id}`);
        return require(id);
      });
      const validate = module.exports;
      return typeof validate === "function" ? (validate as ValidateFunction) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Keeps `code` (ajv's standalone code for this closed schema); an unwritable cache only means compiling again. */
  keep(schema: JsonSchema, code: string): void {
    if (!onlyHelpers(code)) return;
    try {
      this.prune();
      writeFileAtomic(this.fileOf(schema), `// ${digest(code)}\n${code}`);
    } catch {
      // Not kept: the next command compiles it again
    }
  }

  private fileOf(schema: JsonSchema): string {
    return join(this.dir, `${digest(`${this.identity}\0${JSON.stringify(schema)}`).slice(0, 32)}.cjs`);
  }

  /** Other code's validators go when this code keeps its first (they would never be read again). */
  private prune(): void {
    if (this.pruned) return;
    this.pruned = true;
    const parent = join(this.dir, "..");
    let names: string[];
    try {
      names = readdirSync(parent);
    } catch {
      return;
    }
    const own = this.identity.slice(0, 16);
    for (const name of names) if (name !== own) rmSync(join(parent, name), { recursive: true, force: true });
  }
}

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

function onlyHelpers(code: string): boolean {
  for (const match of code.matchAll(/\brequire\s*\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))\s*\)/g)) {
    if (!HELPERS.has(match[1] ?? match[2] ?? "")) return false;
  }
  return true;
}
