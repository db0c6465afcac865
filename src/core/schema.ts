import { z } from "zod";
import type { JsonSchema } from "./tool.js";

/**
 * One schema, two jobs: tools author parameters with zod, and this exports them once as the
 * JSON Schema the model reads and the gate validates (with ajv, not zod, at run time).
 */
export function parametersFrom(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "throw" }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Marks a string as a filesystem path the gate canonicalizes and checks against roots. */
export function pathString(access: "read" | "write", description: string) {
  return z.string().min(1).max(4096).describe(description).meta({ "x-path": access, "x-provenance": "path" });
}

/** Marks a string as a URL whose origin the gate checks (handles like `#u3` are accepted). */
export function urlString(description: string) {
  return z.string().min(1).max(4096).describe(description).meta({ "x-provenance": "url" });
}

export function emailString(description: string) {
  return z.string().min(1).max(320).describe(description).meta({ "x-provenance": "email" });
}

/**
 * Marks a string as an opaque reference to something an earlier result showed (a page element
 * `e12`): its pattern leaves no room for free text, so after untrusted content the gate counts
 * picking one like picking a fixed choice. Clicking an element is following that page's own
 * link; with private data in the run, anything that leaves still asks.
 */
export function refString(pattern: RegExp, message: string, description: string) {
  return z.string().regex(pattern, message).describe(description).meta({ "x-ref": true });
}
