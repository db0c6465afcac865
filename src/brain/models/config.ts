import type { JarvisConfig, ModelConfig } from "../../config/schema.js";
import { type Keychain, systemKeychain } from "../../config/secrets.js";
import { JarvisError } from "../../core/errors.js";
import type { ModelProvider, ModelRole, ModelSpec } from "./types.js";

const PROVIDERS = ["openai-compatible", "ollama", "anthropic", "openai", "none"] as const;

/** What a provider uses when config names no model or URL. */
/**
 * What a provider uses when config names no model or URL. Local servers usually run small
 * models with short windows (Ollama's default context is a few thousand tokens): they get
 * fewer tools and earlier compaction; cloud models get more of both.
 */
const DEFAULTS: Record<
  ModelProvider,
  { model: string; baseUrl?: string; keyEnv?: string; tools: number; contextTokens: number }
> = {
  "openai-compatible": {
    model: "default",
    baseUrl: "http://127.0.0.1:8080/v1",
    tools: 12,
    contextTokens: 8_192,
  },
  ollama: { model: "qwen3:8b", baseUrl: "http://127.0.0.1:11434", tools: 12, contextTokens: 8_192 },
  anthropic: { model: "claude-sonnet-4-5", keyEnv: "ANTHROPIC_API_KEY", tools: 20, contextTokens: 200_000 },
  openai: { model: "gpt-4.1-mini", keyEnv: "OPENAI_API_KEY", tools: 20, contextTokens: 128_000 },
};

const DEFAULT_TIMEOUT_MS = 300_000;

export interface ResolveOptions {
  /** Where `api_key_keychain` entries are read (the OS keychain by default). */
  keychain?: Pick<Keychain, "get">;
}

/**
 * The ordered list of models to try: primary, then fallbacks, then heavy (the router puts
 * heavy first for complex tasks). Environment overrides win over config.yaml:
 * `JARVIS_MODEL_PROVIDER` (`none` disables every model), `JARVIS_MODEL_BASE_URL`,
 * `JARVIS_MODEL`, `JARVIS_MODEL_API_KEY`. A bad override is refused with one clear line.
 */
export async function resolveModelSpecs(
  config: JarvisConfig,
  env: NodeJS.ProcessEnv,
  options: ResolveOptions = {},
): Promise<ModelSpec[]> {
  const envProvider = env.JARVIS_MODEL_PROVIDER?.trim();
  if (envProvider && !(PROVIDERS as readonly string[]).includes(envProvider)) {
    throw new JarvisError(
      "CONFIG_INVALID",
      `JARVIS_MODEL_PROVIDER must be one of ${PROVIDERS.join(", ")} (got "${envProvider.slice(0, 40)}")`,
      { fix: "unset it or pick one of the listed providers" },
    );
  }
  if (envProvider === "none") return [];
  const envBaseUrl = env.JARVIS_MODEL_BASE_URL?.trim() || undefined;
  if (envBaseUrl) checkUrl(envBaseUrl, "JARVIS_MODEL_BASE_URL");
  const envModel = env.JARVIS_MODEL?.trim() || undefined;
  const envKey = env.JARVIS_MODEL_API_KEY?.trim() || undefined;

  let primary: ModelConfig | undefined = config.models.primary;
  if (envProvider) {
    primary = { provider: envProvider as ModelProvider };
  }
  const overrides = { baseUrl: envBaseUrl, model: envModel, apiKey: envKey };
  const specs: ModelSpec[] = [];
  const keychain = options.keychain ?? systemKeychain();
  if (primary && primary.provider !== "none")
    specs.push(await toSpec(primary, "primary", env, keychain, overrides));
  for (const fallback of config.models.fallbacks) {
    if (fallback.provider !== "none") specs.push(await toSpec(fallback, "fallback", env, keychain));
  }
  const heavy = config.models.heavy;
  if (heavy && heavy.provider !== "none") specs.push(await toSpec(heavy, "heavy", env, keychain));
  return specs;
}

async function toSpec(
  entry: ModelConfig,
  role: ModelRole,
  env: NodeJS.ProcessEnv,
  keychain: Pick<Keychain, "get">,
  overrides: { baseUrl?: string | undefined; model?: string | undefined; apiKey?: string | undefined } = {},
): Promise<ModelSpec> {
  const provider = entry.provider as ModelProvider;
  const defaults = DEFAULTS[provider];
  const model = overrides.model ?? entry.model ?? defaults.model;
  const baseUrl = overrides.baseUrl ?? entry.base_url ?? defaults.baseUrl;
  let apiKey: string | undefined;
  let apiKeySource: string | undefined;
  if (overrides.apiKey) {
    apiKey = overrides.apiKey;
    apiKeySource = "JARVIS_MODEL_API_KEY";
  } else if (entry.api_key_env) {
    apiKey = env[entry.api_key_env]?.trim() || undefined;
    apiKeySource = entry.api_key_env;
    if (!apiKey) {
      throw new JarvisError("CONFIG_INVALID", `models.${role}: ${entry.api_key_env} is not set`, {
        fix: `export ${entry.api_key_env}=… or remove api_key_env`,
      });
    }
  } else if (entry.api_key_keychain) {
    apiKey = await keychain.get(entry.api_key_keychain);
    apiKeySource = `keychain:${entry.api_key_keychain}`;
    if (!apiKey) {
      throw new JarvisError(
        "CONFIG_INVALID",
        `models.${role}: no API key "${entry.api_key_keychain}" in the OS keychain`,
        {
          fix: `store it with \`secret-tool store --label=jarvis service jarvis account ${entry.api_key_keychain}\` or use api_key_env`,
        },
      );
    }
  } else if (defaults.keyEnv && env[defaults.keyEnv]) {
    apiKey = env[defaults.keyEnv]?.trim();
    apiKeySource = defaults.keyEnv;
  }
  return {
    role,
    provider,
    model,
    baseUrl,
    apiKey,
    apiKeySource,
    timeoutMs: entry.timeout_s ? entry.timeout_s * 1000 : DEFAULT_TIMEOUT_MS,
    label: `${provider}:${model}`,
    tools: entry.tools ?? defaults.tools,
    contextTokens: entry.context_tokens ?? defaults.contextTokens,
  };
}

function checkUrl(value: string, name: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new JarvisError("CONFIG_INVALID", `${name} is not a URL: "${value.slice(0, 80)}"`, {
      fix: "use e.g. http://127.0.0.1:11434",
    });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new JarvisError("CONFIG_INVALID", `${name} must be http or https (got ${url.protocol})`, {
      fix: "use e.g. http://127.0.0.1:8080/v1",
    });
  }
}

/** A description without secrets, for `doctor` and logs. */
export function describeSpec(spec: ModelSpec): string {
  const key = spec.apiKeySource ? `, key from ${spec.apiKeySource}` : "";
  return `${spec.role}: ${spec.label}${spec.baseUrl ? ` at ${spec.baseUrl}` : ""}${key}`;
}
