import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { writeFileAtomic } from "./atomic.js";
import type { JarvisConfig } from "./schema.js";

/**
 * The validated config kept between starts (`~/.jarvis/cache/config.json`), so a one-shot
 * command whose config file has not changed reads it as JSON and loads neither the YAML parser
 * nor the config schema (zod objects built at module load, then compiled on the first parse):
 * docs/decisions/0040. This module imports neither, on purpose.
 *
 * Keyed on the code's identity (the schema is code), the Node version (time zones are checked
 * against its ICU data) and the file's bytes, or their absence. A config is kept only when it
 * reads back from JSON deep-equal. A missing, damaged, foreign or stale file is no config: the
 * caller parses the file as before and keeps the result, and the user hears nothing of it.
 */
const MAGIC = "jarvis-config/1";
const FILE = "config.json";

interface ConfigFile {
  magic: string;
  key: string;
  config: JarvisConfig;
}

/** What config.yaml holds, as bytes: `absent` when there is none, `unreadable` on any other error. */
export type ConfigSource = { kind: "text"; text: string } | { kind: "absent" } | { kind: "unreadable" };

export function readConfigSource(path: string): ConfigSource {
  try {
    return { kind: "text", text: readFileSync(path, "utf8") };
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? { kind: "absent" } : { kind: "unreadable" };
  }
}

/** The key of a config parsed by this code from this source (undefined: not to be kept). */
export function configKey(identity: string, source: ConfigSource): string | undefined {
  if (source.kind === "unreadable") return undefined;
  const hash = createHash("sha256");
  hash.update(`${MAGIC}\n${identity}\n${process.version}\n${source.kind}\n`);
  if (source.kind === "text") hash.update(source.text);
  return hash.digest("hex").slice(0, 32);
}

/** The config kept for `key`, or undefined when there is none or the file is not whole. */
export function readKeptConfig(dir: string, key: string): JarvisConfig | undefined {
  try {
    const file = JSON.parse(readFileSync(join(dir, FILE), "utf8")) as Partial<ConfigFile>;
    if (file.magic !== MAGIC || file.key !== key) return undefined;
    const config = file.config as unknown;
    return config !== null && typeof config === "object" && !Array.isArray(config)
      ? (config as JarvisConfig)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `config` for `key` when JSON says it exactly (written whole or not at all). A failure
 * only costs the next start its parse, so it is not an error.
 */
export function keepConfig(dir: string, key: string, config: JarvisConfig): boolean {
  try {
    const text = JSON.stringify({ magic: MAGIC, key, config } satisfies ConfigFile);
    if (!isDeepStrictEqual((JSON.parse(text) as ConfigFile).config, config)) return false;
    writeFileAtomic(join(dir, FILE), text);
    return true;
  } catch {
    return false;
  }
}

/**
 * How a one-shot command reads its config: the kept copy when `source` is what it was kept
 * from; otherwise the file's own parse (the YAML parser and the schema imported now), kept for
 * the next start. Without an identity (not running from the bundle) nothing is kept. Errors
 * are those of `loadConfig`, raised when the reader is called, as they were.
 */
export async function configReader(
  dir: string,
  identity: string | undefined,
  source: ConfigSource,
): Promise<(path: string) => JarvisConfig> {
  const key = identity === undefined ? undefined : configKey(identity, source);
  const kept = key === undefined ? undefined : readKeptConfig(dir, key);
  if (kept) return () => kept;
  const { loadConfig, parseConfigText, validateConfig } = await import("./load.js");
  if (key === undefined) return loadConfig;
  return () => {
    const config = source.kind === "text" ? parseConfigText(source.text) : validateConfig({});
    keepConfig(dir, key, config);
    return config;
  };
}
