import { existsSync, readFileSync } from "node:fs";
import { isMap, parseDocument, stringify } from "yaml";
import { JarvisError } from "../core/errors.js";
import { writeFileAtomic } from "./atomic.js";
import { parseConfigText, validateConfig } from "./load.js";
import type { JarvisConfig } from "./schema.js";

export { writeFileAtomic } from "./atomic.js";

const KEY_PATTERN = /^[a-z_][a-z0-9_]*(\.[a-z0-9_][a-z0-9_-]*)*$/;

/** Parses `VALUE` as YAML so `true`, `5`, `[a, b]` get their types; plain words stay strings. */
export function parseValue(value: string): unknown {
  const document = parseDocument(value);
  if (document.errors.length > 0) return value;
  return document.toJS();
}

/**
 * Sets one key in config.yaml, keeping comments and layout. The whole result is validated
 * before anything is written; an unparseable existing file is never rewritten.
 */
export function setConfigValue(path: string, key: string, value: unknown): JarvisConfig {
  if (!KEY_PATTERN.test(key)) {
    throw new JarvisError("USAGE", `config key "${key}" is not a dotted key path`, {
      fix: "use a key such as policy.autonomy",
    });
  }
  const text = existsSync(path) ? readFileSync(path, "utf8") : "";
  parseConfigText(text); // refuses a broken file before we touch it
  const document = parseDocument(text);
  if (!isMap(document.contents))
    document.contents = document.createNode({}) as unknown as typeof document.contents;
  document.setIn(key.split("."), document.createNode(value));
  const next = document.toString();
  const config = validateConfig(document.toJS() ?? {});
  writeFileAtomic(path, next);
  return config;
}

/** Removes one key from config.yaml, keeping comments; the result is validated before it is written. */
export function deleteConfigValue(path: string, key: string): JarvisConfig {
  const text = existsSync(path) ? readFileSync(path, "utf8") : "";
  parseConfigText(text);
  const document = parseDocument(text);
  document.deleteIn(key.split("."));
  const config = validateConfig(document.toJS() ?? {});
  writeFileAtomic(path, document.toString());
  return config;
}

/** Replaces whole sections (used by the settings API): validated first, written atomically. */
export function mergeConfigSections(path: string, patch: Record<string, unknown>): JarvisConfig {
  const text = existsSync(path) ? readFileSync(path, "utf8") : "";
  parseConfigText(text);
  const document = parseDocument(text);
  if (!isMap(document.contents))
    document.contents = document.createNode({}) as unknown as typeof document.contents;
  for (const [key, value] of Object.entries(patch)) document.setIn([key], document.createNode(value));
  const config = validateConfig(document.toJS() ?? {});
  writeFileAtomic(path, document.toString());
  return config;
}

export function renderConfig(config: JarvisConfig): string {
  return stringify(config);
}
