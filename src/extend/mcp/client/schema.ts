import { JarvisError } from "../../../core/errors.js";
import type { JsonSchema } from "../../../core/tool.js";

/** JSON Schema keywords a server's schema may use; anything else is dropped before ajv sees it. */
const KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "items",
  "prefixItems",
  "additionalProperties",
  "patternProperties",
  "propertyNames",
  "enum",
  "const",
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minItems",
  "maxItems",
  "uniqueItems",
  "contains",
  "minContains",
  "maxContains",
  "minProperties",
  "maxProperties",
  "dependentRequired",
  "dependentSchemas",
  "$defs",
  "definitions",
  "$ref",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$comment",
  "contentEncoding",
  "contentMediaType",
]);
/** Keywords whose value maps arbitrary names (property names, definitions) to schemas. */
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
const SCHEMA_LISTS = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);
const SCHEMA_VALUES = new Set([
  "items",
  "additionalProperties",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
  "contains",
]);
const MAX_DEPTH = 24;
const MAX_SCHEMA_BYTES = 64_000;

export interface SanitizedSchema {
  schema: JsonSchema;
  /** Gate annotations the server put in its schema (removed; reported). */
  smuggled: string[];
}

/**
 * A server's `inputSchema` made safe for the gate: only standard keywords survive (ajv runs in
 * strict mode, and `x-` keys are Jarvis' own), references stay local, the root is an object.
 * Throws a JarvisError naming what cannot be used; the tool is then left out of the catalog.
 */
export function sanitizeInputSchema(raw: unknown): SanitizedSchema {
  if (raw !== undefined && (typeof raw !== "object" || raw === null || Array.isArray(raw))) {
    throw new JarvisError("TOOL_FAILED", "its input schema is not a JSON object");
  }
  const size = JSON.stringify(raw ?? {}).length;
  if (size > MAX_SCHEMA_BYTES) {
    throw new JarvisError(
      "TOOL_FAILED",
      `its input schema is ${size} bytes (the limit is ${MAX_SCHEMA_BYTES})`,
    );
  }
  const smuggled: string[] = [];
  const schema = clean((raw ?? {}) as JsonSchema, 0, smuggled);
  if (schema.type === undefined) schema.type = "object";
  if (schema.type !== "object") {
    throw new JarvisError(
      "TOOL_FAILED",
      `its input schema is of type ${JSON.stringify(schema.type)}, not object`,
    );
  }
  return { schema, smuggled: [...new Set(smuggled)] };
}

function clean(schema: JsonSchema, depth: number, smuggled: string[]): JsonSchema {
  if (depth > MAX_DEPTH) throw new JarvisError("TOOL_FAILED", "its input schema is nested too deeply");
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith("x-")) {
      smuggled.push(key);
      continue;
    }
    if (!KEYWORDS.has(key)) continue;
    if (key === "$ref") {
      if (typeof value !== "string" || !value.startsWith("#")) {
        throw new JarvisError("TOOL_FAILED", "its input schema refers to a schema outside itself");
      }
      out[key] = value;
    } else if (SCHEMA_MAPS.has(key)) {
      if (!isObject(value)) continue;
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, asSchema(child, depth, smuggled)]),
      );
    } else if (SCHEMA_LISTS.has(key)) {
      if (Array.isArray(value)) out[key] = value.map((child) => asSchema(child, depth, smuggled));
    } else if (SCHEMA_VALUES.has(key)) {
      out[key] = typeof value === "boolean" ? value : asSchema(value, depth, smuggled);
    } else {
      out[key] = value;
    }
  }
  // A required key that is never declared can only fail once objects are closed.
  if (Array.isArray(out.required) && isObject(out.properties) && out.additionalProperties === undefined) {
    const declared = out.properties;
    out.required = out.required.filter((name) => typeof name === "string" && name in declared);
  }
  return out;
}

function asSchema(value: unknown, depth: number, smuggled: string[]): JsonSchema | boolean {
  if (typeof value === "boolean") return value;
  return isObject(value) ? clean(value, depth + 1, smuggled) : {};
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
