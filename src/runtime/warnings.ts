import type { JarvisConfig } from "../config/schema.js";

/**
 * Settings that weaken a built-in protection on purpose. Each is said once at start (log and
 * terminal) and by `jarvis doctor`, so an opt-out is never silent.
 */
export function securityWarnings(config: JarvisConfig): string[] {
  const warnings: string[] = [];
  if (config.files.unprotect.length > 0) {
    warnings.push(
      `files.unprotect lets tools read and write credentials Jarvis protects by default: ${config.files.unprotect.join(", ")}`,
    );
  }
  if (config.store.encryption === "off") {
    warnings.push(
      "store.encryption is off: jarvis.db (history, memory, mail and calendar caches, documents) is stored unencrypted, readable by anyone who gets a copy of the file",
    );
  }
  return warnings;
}
