import type { LanguageModel, ModelMessage } from "ai";
import type { JsonSchema } from "../../core/tool.js";

export type ModelProvider = "openai-compatible" | "ollama" | "anthropic" | "openai";
export type ModelRole = "primary" | "heavy" | "fallback";

/** One configured model after config, env overrides and key lookup are applied. */
export interface ModelSpec {
  role: ModelRole;
  provider: ModelProvider;
  model: string;
  baseUrl?: string | undefined;
  /** Never logged; `apiKeySource` says where it came from. */
  apiKey?: string | undefined;
  apiKeySource?: string | undefined;
  timeoutMs: number;
  /** `provider:model`, used in notices and run records. */
  label: string;
  /** Most tools offered per request, and the context window (config or provider default). */
  tools: number;
  contextTokens: number;
}

/** What the agent sizes its requests by: how many tools, how many tokens. */
export interface ModelProfile {
  label: string;
  tools: number;
  contextTokens: number;
}

/** For a model whose provider said nothing (scripted models in tests). */
export const DEFAULT_PROFILE: Omit<ModelProfile, "label"> = { tools: 20, contextTokens: 32_768 };

/** A model the router can call: any AI SDK language model (real provider or ScriptedModel). */
export interface ModelEntry {
  label: string;
  role: ModelRole;
  model: LanguageModel;
  timeoutMs?: number;
  tools?: number;
  contextTokens?: number;
}

/** A tool as the model sees it (schema without the gate's `x-` annotations). */
export interface ModelToolSpec {
  name: string;
  description: string;
  parameters: JsonSchema;
}

export interface ModelRequest {
  system: string;
  messages: ModelMessage[];
  tools: ModelToolSpec[];
  /** Complex tasks start on the `heavy` model when one is configured. */
  preferHeavy?: boolean;
}

export interface ModelToolCall {
  id: string;
  name: string;
  /** Parsed JSON when it parsed; the raw text otherwise (the gate refuses it readably). */
  input: unknown;
  /** Why the SDK could not parse or match it, when it could not. */
  invalid?: string;
  /** What was repaired to read it (a call written as text, "5" → 5, …), for the record. */
  repairs?: string[];
}

export interface ModelTurn {
  text: string;
  toolCalls: ModelToolCall[];
  finishReason: string;
  usage?: { input?: number | undefined; output?: number | undefined };
  model: string;
  /**
   * The model tried to call a tool but what it wrote could not be read as a call (broken
   * markup, a server that failed to parse it): nothing runs and the model is told this.
   */
  problem?: string;
}

export interface ModelCallbacks {
  signal: AbortSignal;
  onText(delta: string): void;
  onNotice(message: string): void;
  /** Text streamed from an attempt that then failed should be discarded by the caller. */
  onReset?(reason: string): void;
}
