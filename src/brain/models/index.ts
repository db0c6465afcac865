import type { JarvisConfig } from "../../config/schema.js";
import { describeSpec, type ResolveOptions, resolveModelSpecs } from "./config.js";
import { entryFor } from "./lazy.js";
import { ModelRouter, type RouterOptions } from "./router.js";

export { describeSpec, type ResolveOptions, resolveModelSpecs } from "./config.js";
export { modelDoctorCheck } from "./doctor.js";
export { classifyFailure, type FailureKind, type ModelFailure } from "./failures.js";
export { entryFor, lazyLanguageModel } from "./lazy.js";
export { languageModelFor } from "./providers.js";
export { abortableSleep, ModelRouter, ModelSession, type RouterOptions } from "./router.js";
export { routeSdkWarnings } from "./sdk-warnings.js";
export { ModelAttemptError, streamOnce } from "./stream.js";
export type {
  ModelCallbacks,
  ModelEntry,
  ModelProfile,
  ModelProvider,
  ModelRequest,
  ModelRole,
  ModelSpec,
  ModelToolCall,
  ModelToolSpec,
  ModelTurn,
} from "./types.js";
export { DEFAULT_PROFILE } from "./types.js";
export { ollamaApiUrl, withPath } from "./urls.js";

/** The router for a config + environment (no models → a router whose `available` is false). */
export async function createModelRouter(
  config: JarvisConfig,
  env: NodeJS.ProcessEnv,
  options: RouterOptions & ResolveOptions = {},
): Promise<ModelRouter> {
  const specs = await resolveModelSpecs(config, env, options);
  options.logger?.info({ models: specs.map(describeSpec) }, "models configured");
  return new ModelRouter(specs.map(entryFor), options);
}
