import { existsSync, readFileSync } from "node:fs";
import { isMap, isScalar, parseDocument, type Scalar } from "yaml";
import { describeIssue, parseConfigText } from "../config/load.js";
import { configSchema, type JarvisConfig } from "../config/schema.js";
import { writeFileAtomic } from "../config/write.js";
import type { PathRoots } from "../gate/paths.js";
import { rootsFromConfig } from "../runtime/roots.js";
import { HttpError } from "./errors.js";
import { followingOf } from "./live-config.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export const REDACTED = "[redacted]";
/** Keys whose value is a secret itself (not the name of where a secret lives). */
const SECRET_KEY = /(^|_)(password|secret|token|api_key)$/i;

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A copy with secret values replaced; `api_key_env` and `*_keychain` names stay visible. */
export function redactSettings(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSettings);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && typeof item === "string" ? REDACTED : redactSettings(item);
  }
  return out;
}

/** RFC 7396 JSON merge patch: objects merge, `null` deletes, anything else replaces. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = applyMergePatch(out[key], value);
  }
  return out;
}

function containsRedacted(value: unknown): boolean {
  if (value === REDACTED) return true;
  if (Array.isArray(value)) return value.some(containsRedacted);
  if (isObject(value)) return Object.values(value).some(containsRedacted);
  return false;
}

/** Every leaf path a patch touches, e.g. `policy.tools.shell_run`. */
export function patchPaths(patch: unknown, prefix: string[] = []): string[][] {
  if (!isObject(patch) || Object.keys(patch).length === 0) return [prefix];
  return Object.entries(patch).flatMap(([key, value]) =>
    isObject(value) && Object.keys(value).length > 0
      ? patchPaths(value, [...prefix, key])
      : [[...prefix, key]],
  );
}

export interface SettingsUpdate {
  config: JarvisConfig;
  /** Keys changed that only take effect after `jarvis start` is restarted. */
  restartRequired: string[];
}

/**
 * Applies a merge patch to config.yaml: the whole result is validated with the config schema
 * first (an invalid patch → 400 naming the key path, and the file is not touched), then written
 * atomically, editing only the touched keys so comments elsewhere survive.
 */
export function updateSettings(configPath: string, patch: unknown): SettingsUpdate {
  if (!isObject(patch) || Object.keys(patch).length === 0) {
    throw new HttpError(400, "USAGE", "the body must be a JSON object of settings to change", {
      fix: 'send e.g. {"policy": {"autonomy": "ask_all"}}',
    });
  }
  if (containsRedacted(patch)) {
    throw new HttpError(400, "USAGE", `"${REDACTED}" is not a value; leave the key out to keep it`);
  }
  const text = existsSync(configPath) ? readFileSync(configPath, "utf8") : "";
  parseConfigText(text); // a broken file is refused (CONFIG_INVALID), never overwritten
  const document = parseDocument(text);
  if (!isMap(document.contents))
    document.contents = document.createNode({}) as unknown as typeof document.contents;
  const next = applyMergePatch(document.toJS() ?? {}, patch);
  const result = configSchema.safeParse(next);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new HttpError(400, "CONFIG_INVALID", describeIssue(issue), {
      path: issue.path.map(String).join(".") || "(top level)",
    });
  }
  writePatch(document, patch, []);
  writeFileAtomic(configPath, document.toString());
  // What the running service reads only at start (live-config.ts); a key it does not know, too
  const restartRequired = patchPaths(patch)
    .map((path) => path.join("."))
    .filter((key) => typeof (followingOf(key) ?? { restart: key }) === "object");
  return { config: result.data, restartRequired };
}

function writePatch(document: ReturnType<typeof parseDocument>, patch: JsonObject, at: string[]): void {
  for (const [key, value] of Object.entries(patch)) {
    const path = [...at, key];
    if (value === null) {
      if (document.hasIn(path)) document.deleteIn(path);
    } else if (isObject(value) && isMap(document.getIn(path, true))) {
      writePatch(document, value, path);
    } else if (!isObject(value) && !Array.isArray(value) && isScalar(document.getIn(path, true))) {
      (document.getIn(path, true) as Scalar).value = value; // the node stays, so its comment does
    } else {
      document.setIn(path, document.createNode(applyMergePatch(undefined, value)));
    }
  }
}

/**
 * Makes the running config match the file: sections are replaced on the shared config object
 * (the gate reads policy from it on every call) and the file roots are recomputed in place on
 * the shared roots object (the gate and the file tools hold that same object).
 */
export function applyLive(
  target: { config: JarvisConfig; roots: PathRoots; paths: { home: string } },
  next: JarvisConfig,
): void {
  Object.assign(target.config, next);
  Object.assign(target.roots, rootsFromConfig(next, target.paths.home, target.roots.home));
}
