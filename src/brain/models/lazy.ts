import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { ModelEntry, ModelProvider, ModelSpec } from "./types.js";

/** What each AI SDK provider calls its chat model (`model.provider`), known before it loads. */
export const PROVIDER_NAMES: Record<ModelProvider, string> = {
  "openai-compatible": "openai-compatible.chat",
  ollama: "ollama.responses",
  anthropic: "anthropic.messages",
  openai: "openai.chat",
};

/**
 * The model for one spec, its provider package imported on the first call: a turn the NLU
 * answers never calls a model, and the providers cost a one-shot `jarvis ask` ~50-70 ms to
 * load (decision 0026). Says what the loaded model would (version, provider, id), so the SDK
 * records and logs the same.
 */
export function lazyLanguageModel(spec: ModelSpec): LanguageModelV4 {
  let loaded: Promise<LanguageModelV4> | undefined;
  const load = () =>
    (loaded ??= import("./providers.js").then(
      ({ languageModelFor }) => languageModelFor(spec) as LanguageModelV4,
    ));
  return {
    specificationVersion: "v4",
    provider: PROVIDER_NAMES[spec.provider],
    modelId: spec.model,
    get supportedUrls() {
      return load().then((model) => model.supportedUrls);
    },
    doGenerate: async (options) => (await load()).doGenerate(options),
    doStream: async (options) => (await load()).doStream(options),
  };
}

export function entryFor(spec: ModelSpec): ModelEntry {
  return {
    label: spec.label,
    role: spec.role,
    model: lazyLanguageModel(spec),
    timeoutMs: spec.timeoutMs,
    tools: spec.tools,
    contextTokens: spec.contextTokens,
  };
}
