import { z } from "zod";

/** Every key is optional; defaults make an empty config.yaml a working one. */
const override = z.enum(["auto", "confirm", "deny"]);
const autonomy = z.enum(["ask_all", "smart", "full_auto"]);
const provider = z.enum(["openai-compatible", "ollama", "anthropic", "openai", "none"]);

export const modelSchema = z
  .object({
    provider,
    model: z.string().min(1).optional(),
    base_url: z.url().optional(),
    api_key_env: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be an environment variable name")
      .optional(),
    api_key_keychain: z.string().optional(),
    timeout_s: z.number().positive().max(3600).optional(),
  })
  .strict();

export const configSchema = z
  .object({
    policy: z
      .object({
        autonomy: autonomy.default("smart"),
        confirm_timeout_s: z.number().int().positive().max(86_400).default(120),
        effects: z
          .partialRecord(
            z.enum(["read", "write", "delete", "send", "network", "ui", "exec", "spend", "memory"]),
            override,
          )
          .default({}),
        tools: z.record(z.string().regex(/^[a-z0-9_]{1,64}$/, "must be a tool name"), override).default({}),
        tool_timeout_s: z.number().positive().max(3600).default(30),
      })
      .strict()
      .prefault({}),
    files: z
      .object({
        read_roots: z.array(z.string().min(1)).default(["~"]),
        write_roots: z.array(z.string().min(1)).default(["~/Documents", "~/Desktop", "~/Downloads"]),
        deny: z.array(z.string().min(1)).default([]),
        max_read_bytes: z.number().int().positive().default(1_000_000),
      })
      .strict()
      .prefault({}),
    shell: z
      .object({
        allow: z
          .array(z.string().regex(/^[A-Za-z0-9._+-]{1,64}$/, "must be a bare program name"))
          .default(["git", "ls", "df", "du", "uptime", "whoami", "date", "echo"]),
        timeout_s: z.number().positive().max(3600).default(30),
        max_output_bytes: z.number().int().positive().default(65_536),
      })
      .strict()
      .prefault({}),
    models: z
      .object({
        primary: modelSchema.optional(),
        heavy: modelSchema.optional(),
        fallbacks: z.array(modelSchema).default([]),
        fast_path_threshold: z.number().min(0).max(1).default(0.9),
      })
      .strict()
      .prefault({}),
    embeddings: z
      .object({
        provider: z.enum(["none", "openai-compatible", "ollama", "onnx"]).default("none"),
        model: z.string().optional(),
        base_url: z.url().optional(),
        model_dir: z.string().optional(),
        api_key_env: z.string().optional(),
      })
      .strict()
      .prefault({}),
    web: z
      .object({
        search: z
          .object({
            provider: z.enum(["searxng", "brave", "duckduckgo", "none"]).default("duckduckgo"),
            base_url: z.url().optional(),
            api_key_env: z.string().optional(),
          })
          .strict()
          .prefault({}),
        allow_private: z.array(z.string()).default([]),
        max_bytes: z.number().int().positive().default(5_000_000),
      })
      .strict()
      .prefault({}),
    browser: z
      .object({
        executable: z.string().optional(),
        attach_cdp: z.url().nullable().default(null),
        headless: z.boolean().default(true),
      })
      .strict()
      .prefault({}),
    weather: z
      .object({
        base_url: z.url().default("https://api.open-meteo.com"),
        geocoding_url: z.url().default("https://geocoding-api.open-meteo.com"),
        default_city: z.string().optional(),
        units: z.enum(["metric", "imperial"]).default("metric"),
      })
      .strict()
      .prefault({}),
    mail: z
      .object({ accounts: z.array(z.looseObject({ name: z.string().min(1) })).default([]) })
      .strict()
      .prefault({}),
    calendar: z
      .object({ accounts: z.array(z.looseObject({ name: z.string().min(1) })).default([]) })
      .strict()
      .prefault({}),
    voice: z
      .object({
        wake_word: z.string().default("hey_jarvis"),
        threshold: z.number().min(0).max(1).default(0.8),
        stt: z.enum(["pocketsphinx", "openai-compatible", "none"]).default("pocketsphinx"),
        tts: z.enum(["espeak-ng", "piper", "openai-compatible", "none"]).default("espeak-ng"),
        models_dir: z.string().optional(),
        stt_base_url: z.url().optional(),
        tts_base_url: z.url().optional(),
      })
      .strict()
      .prefault({}),
    server: z
      .object({
        host: z.string().default("127.0.0.1"),
        port: z.number().int().min(0).max(65_535).default(7777),
      })
      .strict()
      .prefault({}),
  })
  .strict();

export type JarvisConfig = z.infer<typeof configSchema>;
export type ModelConfig = z.infer<typeof modelSchema>;
export type Autonomy = z.infer<typeof autonomy>;
export type PolicyOverride = z.infer<typeof override>;

export function defaultConfig(): JarvisConfig {
  return configSchema.parse({});
}
