import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { createOllama } from "ollama-ai-provider-v2";
import { ollamaFetch } from "./quirks.js";
import type { ModelSpec } from "./types.js";
import { ollamaApiUrl, withPath } from "./urls.js";

/**
 * Builds the AI SDK model for one spec. Ollama goes through its native `/api/chat` (its `/v1`
 * endpoint is known to mangle tool calls); OpenAI itself through chat completions like every
 * OpenAI-compatible server (llama.cpp, Jan, LM Studio, vLLM).
 */
export function languageModelFor(spec: ModelSpec): LanguageModel {
  switch (spec.provider) {
    case "openai-compatible":
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL: withPath(spec.baseUrl ?? "http://127.0.0.1:8080", "/v1"),
        ...(spec.apiKey ? { apiKey: spec.apiKey } : {}),
        includeUsage: true,
      }).chatModel(spec.model);
    case "ollama":
      return createOllama({
        baseURL: ollamaApiUrl(spec.baseUrl ?? "http://127.0.0.1:11434"),
        fetch: ollamaFetch(),
        ...(spec.apiKey ? { headers: { authorization: `Bearer ${spec.apiKey}` } } : {}),
      }).chat(spec.model);
    case "anthropic":
      return createAnthropic({
        ...(spec.baseUrl ? { baseURL: withPath(spec.baseUrl, "/v1") } : {}),
        ...(spec.apiKey ? { apiKey: spec.apiKey } : {}),
      })(spec.model);
    case "openai":
      return createOpenAI({
        ...(spec.baseUrl ? { baseURL: withPath(spec.baseUrl, "/v1") } : {}),
        ...(spec.apiKey ? { apiKey: spec.apiKey } : {}),
      }).chat(spec.model);
  }
}
