import type { ValueOrSecret } from "../../../config/mcp.js";
import { type Keychain, readKeychain } from "../../../config/secrets.js";
import { JarvisError } from "../../../core/errors.js";

export interface SecretSources {
  /** Jarvis' own environment (where `{env: VAR}` references are read). */
  env: NodeJS.ProcessEnv;
  keychain: Keychain;
}

/** The keychain entry `jarvis mcp add` writes for a server's secret value. */
export function mcpKeychainKey(server: string, name: string): string {
  return `mcp/${server}/${name}`;
}

/**
 * Values of a server's `env` or `headers`, with references resolved at connect time. Errors name
 * the key path (`mcp.servers.x.env.API_KEY`) and never the secret.
 */
export async function resolveValues(
  entries: Record<string, ValueOrSecret>,
  path: string,
  sources: SecretSources,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(entries)) {
    out[name] = await resolveValue(value, `${path}.${name}`, sources);
  }
  return out;
}

export async function resolveValue(
  value: ValueOrSecret,
  where: string,
  sources: SecretSources,
): Promise<string> {
  if (typeof value === "string") return value;
  const prefix = value.prefix ?? "";
  if ("env" in value) {
    const found = sources.env[value.env];
    if (!found) {
      throw new JarvisError("CONFIG_INVALID", `${where}: environment variable ${value.env} is not set`, {
        fix: `export ${value.env}=… before starting Jarvis`,
      });
    }
    return `${prefix}${found}`;
  }
  return `${prefix}${await readKeychain(sources.keychain, value.keychain, where, "store it with `jarvis mcp add` (--env-secret or --header-secret)")}`;
}
