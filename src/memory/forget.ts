import { JarvisError } from "../core/errors.js";
import { type Memory, type MemoryItem, parseMemoryId } from "./memory.js";

/**
 * Forgets every memory named, or none: a malformed id is a usage error and an unknown one is
 * NOT_FOUND, both before anything goes (`jarvis memory forget`, in-process or in the service).
 */
export function forgetAll(memory: Memory, ids: readonly string[]): MemoryItem[] {
  for (const id of ids) parseMemoryId(id);
  const missing = ids.filter((id) => !memory.get(id));
  if (missing.length > 0) {
    throw new JarvisError("NOT_FOUND", `no memory ${missing.join(", ")}`, {
      fix: "see `jarvis memory list` for ids; nothing was forgotten",
    });
  }
  return ids.map((id) => memory.forget(id));
}
