import type { Logger } from "../../core/logger.js";

/**
 * The AI SDK prints provider warnings to stderr through a process-wide hook; a terminal app
 * sends them to its log instead. Call once from a composition root (CLI, server).
 */
export function routeSdkWarnings(logger: Logger): void {
  (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = (options: {
    warnings: unknown[];
    provider: string;
    model: string;
  }) =>
    logger.warn(
      { provider: options.provider, model: options.model, warnings: options.warnings },
      "model warning",
    );
}
