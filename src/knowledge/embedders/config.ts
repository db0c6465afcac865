import { expandPath } from "../../config/paths.js";
import type { JarvisConfig } from "../../config/schema.js";
import { JarvisError } from "../../core/errors.js";
import { OllamaEmbedder, OpenAICompatibleEmbedder } from "./http.js";
import { OnnxEmbedder } from "./onnx.js";
import { type Embedder, withPrefixes } from "./types.js";

export type EmbeddingsConfig = JarvisConfig["embeddings"];

/**
 * Builds the configured embedder, or undefined for `provider: none` (keyword search only).
 * Environment overrides (`JARVIS_EMBEDDINGS_PROVIDER`, `_BASE_URL`, `_MODEL`, `_MODEL_DIR`,
 * `_API_KEY`) make quick trials and benchmarks possible without editing config.yaml.
 */
export function embedderFromConfig(
  config: EmbeddingsConfig,
  env: NodeJS.ProcessEnv = {},
): Embedder | undefined {
  const provider = env.JARVIS_EMBEDDINGS_PROVIDER || config.provider;
  const baseUrl = env.JARVIS_EMBEDDINGS_BASE_URL || config.base_url;
  const model = env.JARVIS_EMBEDDINGS_MODEL || config.model;
  const modelDir = env.JARVIS_EMBEDDINGS_MODEL_DIR || config.model_dir;
  const apiKey = env.JARVIS_EMBEDDINGS_API_KEY || (config.api_key_env ? env[config.api_key_env] : undefined);
  const timeoutMs = config.timeout_s * 1000;
  let embedder: Embedder;
  switch (provider) {
    case "none":
      return undefined;
    case "openai-compatible":
      if (!model)
        throw missing("embeddings.model", "e.g. text-embedding-3-small or the model your server loaded");
      if (config.api_key_env && !apiKey) {
        throw new JarvisError("CONFIG_INVALID", `environment variable ${config.api_key_env} is not set`, {
          fix: `export ${config.api_key_env}=… or change embeddings.api_key_env`,
        });
      }
      embedder = new OpenAICompatibleEmbedder({
        baseUrl: baseUrl ?? "https://api.openai.com/v1",
        model,
        apiKey,
        timeoutMs,
      });
      break;
    case "ollama":
      embedder = new OllamaEmbedder({
        baseUrl: baseUrl ?? "http://127.0.0.1:11434",
        model: model ?? "nomic-embed-text",
        timeoutMs,
      });
      break;
    case "onnx":
      if (!modelDir) throw missing("embeddings.model_dir", "a folder with model.onnx and tokenizer.json");
      embedder = OnnxEmbedder.fromDirectory(expandPath(modelDir, env.HOME));
      break;
    default:
      throw new JarvisError("CONFIG_INVALID", `unknown embeddings provider "${provider}"`, {
        fix: "use none, openai-compatible, ollama or onnx",
      });
  }
  return withPrefixes(embedder, config.query_prefix, config.document_prefix);
}

function missing(key: string, what: string): JarvisError {
  return new JarvisError("CONFIG_INVALID", `${key} is required for this embeddings provider`, { fix: what });
}
