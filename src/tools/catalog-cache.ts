import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { RiskTier, ToolDefinition } from "../core/tool.js";
import { cuesOf, type GroupSpeech } from "./groups.js";

/**
 * The built-in catalog as data, kept between starts (`~/.jarvis/cache/catalog.json`), so a
 * one-shot command registers every tool from its description and builds a group's code (its
 * zod schemas, its mail, browser or desktop imports) only when one of its tools runs
 * (`runtime/on-demand.ts`, docs/decisions/0032). A description is everything of a tool but its
 * code and its language: the JSON Schema is the very object the tool built, as JSON (the gate
 * validates what the model and the NLU read, loaded or not). Keyed on the code's identity, the
 * config file and the environment the factories read; a stale, damaged or foreign file is not
 * used, and a group whose loaded tools differ from their description throws the file away.
 */
const MAGIC = "jarvis-catalog/1";
const FILE = "catalog.json";

/** One tool as data, and which of its parts are code. */
export interface ToolDescription {
  /** The catalog entry whose code defines it (`ToolGroup.id`, or `tasks`). */
  entry: string;
  /** Every field of the definition that is data (name, group, description, parameters, effects…). */
  fields: Record<string, unknown>;
  /** The definition's functions: `execute`, and `preview`, `available`, `risk`, `says` when it has them. */
  functions: string[];
}

interface CatalogFile {
  magic: string;
  key: string;
  tools: ToolDescription[];
}

/** The fields the catalog attaches from a group's speech, not the group's code. */
const SPOKEN = new Set(["language", "groupCues"]);

/**
 * A loaded group's tools as descriptions, or undefined when one cannot be described faithfully:
 * a field that is not plain JSON, or language the tool carries besides its group's.
 */
export function describeTools(
  entry: string,
  tools: readonly ToolDefinition[],
  speech: GroupSpeech,
): ToolDescription[] | undefined {
  const out: ToolDescription[] = [];
  for (const tool of tools) {
    const fields: Record<string, unknown> = {};
    const functions: string[] = [];
    for (const [name, value] of Object.entries(tool)) {
      if (SPOKEN.has(name) || value === undefined) continue;
      if (typeof value === "function") functions.push(name);
      else fields[name] = value;
    }
    if (!isDeepStrictEqual(JSON.parse(JSON.stringify(fields)), fields)) return undefined;
    if (!isDeepStrictEqual(tool.language, spokenLanguage(tool.name, speech))) return undefined;
    // Cues are compared by identity: the described tool gets the very object its speech holds
    if (tool.groupCues !== cuesOf(speech, tool.group)) return undefined;
    out.push({ entry, fields, functions: functions.sort() });
  }
  return out;
}

/** What the group's speech attaches to this tool (as `withLanguage` does). */
function spokenLanguage(name: string, speech: GroupSpeech): ToolDefinition["language"] {
  const intents = speech.language[name];
  return intents?.length ? [...intents] : undefined;
}

/**
 * A tool registered from its description: its data and its group's language as loaded code
 * would have them; its functions run the loaded tool (`loaded`, which loads the group once).
 * A tier that depends on the arguments is the tool's own once loaded; before, it is the most
 * careful one (the gate loads a group before it judges a call, so this is only a fallback).
 */
export function describedTool(
  description: ToolDescription,
  speech: GroupSpeech,
  loaded: () => Promise<ReadonlyMap<string, ToolDefinition>>,
  loadedNow: () => ReadonlyMap<string, ToolDefinition> | undefined,
): ToolDefinition {
  const fields = description.fields as unknown as ToolDefinition;
  const name = fields.name;
  const own = async () => {
    const tool = (await loaded()).get(name);
    if (!tool) throw new Error(`the tool ${name} is no longer in its group`);
    return tool;
  };
  const language = spokenLanguage(name, speech);
  const cues = cuesOf(speech, fields.group);
  const has = (fn: string) => description.functions.includes(fn);
  return {
    ...fields,
    ...(language ? { language } : {}),
    ...(cues ? { groupCues: cues } : {}),
    ...(has("risk")
      ? {
          risk: (args: Record<string, unknown>): RiskTier => {
            const risk = loadedNow()?.get(name)?.risk;
            if (risk === undefined) return "destructive";
            return typeof risk === "function" ? risk(args) : risk;
          },
        }
      : {}),
    ...(has("preview") ? { preview: async (args, ctx) => (await own()).preview?.(args, ctx) ?? "" } : {}),
    // Words are read once the gate has loaded the group (it does before any call): none before
    ...(has("says") ? { says: (args, env) => loadedNow()?.get(name)?.says?.(args, env) } : {}),
    ...(has("available") ? { available: async () => (await own()).available?.() } : {}),
    execute: async (args, ctx) => (await own()).execute(args, ctx),
  };
}

/** Whether loaded tools are still what their descriptions say (names, data, which functions). */
export function sameAsDescribed(
  descriptions: readonly ToolDescription[],
  loaded: readonly ToolDefinition[],
  speech: GroupSpeech,
): boolean {
  const entry = descriptions[0]?.entry ?? "";
  return isDeepStrictEqual(describeTools(entry, loaded, speech), descriptions);
}

/**
 * The key of the catalog: the code's identity, the config file as written, and what the tool
 * factories may read from the environment and the platform (descriptions name allowed programs,
 * limits and folders from config).
 */
export function catalogKey(identity: string, configText: string, env: NodeJS.ProcessEnv): string {
  const hash = createHash("sha256");
  hash.update(`${MAGIC}\n${identity}\n${process.platform}\n${process.arch}\n`);
  hash.update(configText);
  for (const name of Object.keys(env).sort()) {
    // Not the locale: tool descriptions are English whatever it is (LC_CTYPE differs between a
    // shell and the programs it starts, and would have each rebuild the other's catalog)
    if (!/^(?:JARVIS_|XDG_)|^(?:HOME|PATH|TZ|DISPLAY|WAYLAND_DISPLAY)$/.test(name)) continue;
    if (name === "JARVIS_PASSPHRASE") continue;
    hash.update(`\0${name}=${env[name]}`);
  }
  return hash.digest("hex").slice(0, 32);
}

/** The catalog kept for `key`, or undefined when there is none or it is not whole. */
export function readCatalog(dir: string, key: string): ToolDescription[] | undefined {
  try {
    const file = JSON.parse(readFileSync(join(dir, FILE), "utf8")) as CatalogFile;
    if (file.magic !== MAGIC || file.key !== key || !Array.isArray(file.tools)) return undefined;
    const valid = file.tools.every(
      (tool) =>
        typeof tool?.entry === "string" &&
        Array.isArray(tool.functions) &&
        tool.functions.includes("execute") &&
        tool.fields !== null &&
        typeof tool.fields === "object" &&
        typeof tool.fields.name === "string" &&
        typeof tool.fields.group === "string" &&
        typeof tool.fields.description === "string" &&
        (tool.fields.parameters as { type?: unknown } | undefined)?.type === "object" &&
        Array.isArray(tool.fields.effects) &&
        (typeof tool.fields.risk === "string" || tool.functions.includes("risk")),
    );
    return valid && file.tools.length > 0 ? file.tools : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the catalog for `key` (written whole or not at all; a failure only costs the next start). */
export function writeCatalog(dir: string, key: string, tools: ToolDescription[]): void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ magic: MAGIC, key, tools } satisfies CatalogFile), {
    mode: 0o600,
  });
  renameSync(temporary, file);
}

/** Throws the kept catalog away (it no longer says what the code builds). */
export function dropCatalog(dir: string): void {
  rmSync(join(dir, FILE), { force: true });
}
