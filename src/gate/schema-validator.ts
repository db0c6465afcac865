import { createRequire } from "node:module";
import type { Ajv2020, ValidateFunction } from "ajv/dist/2020.js";
import { JarvisError } from "../core/errors.js";
import type { JsonSchema } from "../core/tool.js";

/**
 * ajv, as the validator needs it: the compiler, ajv-formats and the standalone code generator.
 * This module does not import them, so the gate's own checks (`prepare.ts`) load without the
 * 314 KB library: the bundled copy comes from `ajv-library.ts` (imported where ajv is always
 * needed, or awaited by the registry before a call), and code that needs a validator at once
 * with nothing loaded gets the package's CommonJS build (`requireAjvLibrary`: correct, slower).
 */
export interface AjvLibrary {
  Ajv2020: typeof Ajv2020;
  addFormats: (ajv: Ajv2020) => void;
  /** ajv's standalone code of a compiled validator (the compiling ajv keeps its source). */
  standaloneCode: (ajv: Ajv2020, validate: ValidateFunction) => string;
}

/** ajv from node_modules' CommonJS build, synchronously: for a validator wanted before any was loaded. */
export function requireAjvLibrary(): AjvLibrary {
  const require = createRequire(import.meta.url);
  const unwrap = <T>(module: unknown): T => ((module as { default?: unknown }).default ?? module) as T;
  return {
    Ajv2020: unwrap<typeof Ajv2020>(require("ajv/dist/2020")),
    addFormats: unwrap<(ajv: Ajv2020) => void>(require("ajv-formats")),
    standaloneCode: unwrap<AjvLibrary["standaloneCode"]>(require("ajv/dist/standalone")),
  };
}

/** Longest string any tool argument may carry unless its schema says less. */
export const MAX_STRING_LENGTH = 200_000;
/** Largest JSON encoding of one call's arguments. */
export const MAX_ARGS_BYTES = 1_000_000;

/**
 * Compiles tool parameter schemas with ajv in strict mode. Every object schema is closed
 * (`additionalProperties: false`) so the model cannot smuggle in keys the tool never declared.
 * A schema from outside the code (an MCP server, a generated tool, a skill) is first checked
 * against the JSON Schema meta-schema; a built-in one (`trusted`) is not: compiling the
 * meta-schema's validator costs ~100 ms, the largest part of a one-shot `jarvis ask`'s only
 * tool call, and the built-in schemas are all checked by `ToolRegistry.compileAll` (tests,
 * doctor).
 */
export class SchemaValidator {
  private readonly ajv: Ajv2020;
  /** Checks schemas from outside the code against the meta-schema: built on the first such schema. */
  private checker: Ajv2020 | undefined;

  /**
   * `keepSource`: the compiled validators keep their code, for `standalone` (the registry's
   * kept validators, `kept-validators.ts`).
   */
  constructor(
    private readonly library: AjvLibrary = requireAjvLibrary(),
    private readonly options: { keepSource?: boolean } = {},
  ) {
    this.ajv = newAjv(library, false, options.keepSource ?? false);
  }

  compile(toolName: string, schema: JsonSchema, options: { trusted?: boolean } = {}): ValidateFunction {
    if (schema.type !== "object") {
      throw new JarvisError("INTERNAL", `tool ${toolName}: parameters must be an object schema`);
    }
    try {
      const closed = closeObjects(structuredClone(schema));
      if (!options.trusted) {
        this.checker ??= newAjv(this.library, true, false);
        this.checker.validateSchema(closed, true);
      }
      return this.ajv.compile(closed);
    } catch (cause) {
      throw new JarvisError(
        "INTERNAL",
        `tool ${toolName}: parameter schema does not compile: ${(cause as Error).message}`,
        {
          cause,
        },
      );
    }
  }

  /**
   * ajv's standalone code of `validate` (compiled here with `keepSource`): the same checks, a
   * CommonJS module text. Undefined without kept source.
   */
  standalone(validate: ValidateFunction): string | undefined {
    if (!this.options.keepSource) return undefined;
    return this.library.standaloneCode(this.ajv, validate);
  }
}

/**
 * An ajv configured as every Jarvis validator is. Only one made to check schemas (`meta`) loads
 * the 2020-12 meta-schema: resolving its refs is ~10 ms of building an ajv, and compiling a
 * tool's schema does not need it (`validateSchema: false`), so a one-shot `jarvis ask` calling
 * only built-in tools never builds it (docs/decisions/0040).
 */
function newAjv(library: AjvLibrary, meta: boolean, keepSource: boolean): Ajv2020 {
  const ajv = new library.Ajv2020({
    strict: true,
    allErrors: false,
    coerceTypes: false,
    useDefaults: true,
    validateSchema: false, // checked in `compile` unless trusted
    meta,
    ...(keepSource ? { code: { source: true } } : {}),
  });
  library.addFormats(ajv);
  ajv.addKeyword({ keyword: "x-provenance", schemaType: "string" });
  ajv.addKeyword({ keyword: "x-path", schemaType: "string" });
  ajv.addKeyword({ keyword: "x-handle", schemaType: "string" });
  ajv.addKeyword({ keyword: "x-ref", schemaType: "boolean" });
  return ajv;
}

/** Adds `additionalProperties: false` to every object schema that does not say otherwise. */
export function closeObjects(schema: JsonSchema): JsonSchema {
  if (schema.type === "object" && schema.additionalProperties === undefined)
    schema.additionalProperties = false;
  for (const key of ["properties", "$defs", "definitions", "patternProperties"]) {
    const children = schema[key];
    if (children && typeof children === "object") {
      for (const child of Object.values(children as Record<string, JsonSchema>)) closeObjects(child);
    }
  }
  for (const key of ["items", "additionalProperties", "not"]) {
    const child = schema[key];
    if (child && typeof child === "object" && !Array.isArray(child)) closeObjects(child as JsonSchema);
  }
  for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"]) {
    const children = schema[key];
    if (Array.isArray(children)) for (const child of children) closeObjects(child as JsonSchema);
  }
  return schema;
}

/** Plain-language first error: `path must be string`, `unexpected key "x"`. */
export function describeAjvError(validate: ValidateFunction): string {
  const error = validate.errors?.[0];
  if (!error) return "arguments do not match the schema";
  const where = error.instancePath ? error.instancePath.slice(1).replaceAll("/", ".") : "arguments";
  if (error.keyword === "additionalProperties") {
    return `unexpected key "${String((error.params as { additionalProperty: string }).additionalProperty)}"`;
  }
  if (error.keyword === "required") {
    return `missing required key "${String((error.params as { missingProperty: string }).missingProperty)}"`;
  }
  if (error.keyword === "enum") {
    return `${where} must be one of ${((error.params as { allowedValues: unknown[] }).allowedValues ?? []).join(", ")}`;
  }
  return `${where} ${error.message ?? "is invalid"}`;
}

/**
 * Checks that hold for every string in every call, whatever the schema: bounded size, no NUL
 * bytes, no bidi/override control characters (they make a preview lie about what runs).
 */
export function checkUniversalLimits(value: unknown, depth = 0): string | undefined {
  if (depth > 32) return "arguments are nested too deeply";
  if (typeof value === "string") {
    if (value.length > MAX_STRING_LENGTH) return `a string is longer than ${MAX_STRING_LENGTH} characters`;
    if (value.includes("\u0000")) return "a string contains a NUL byte";
    if (/[\u202A-\u202E\u2066-\u2069]/.test(value))
      return "a string contains bidirectional override characters";
    return undefined;
  }
  if (Array.isArray(value)) {
    if (value.length > 10_000) return "an array has more than 10000 items";
    for (const item of value) {
      const problem = checkUniversalLimits(item, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.length > 256 || key.includes("\u0000")) return "an argument key is malformed";
      const problem = checkUniversalLimits(item, depth + 1);
      if (problem) return problem;
    }
  }
  return undefined;
}
