import { parseLenient } from "./lenient-json.js";

type Schema = Record<string, unknown>;

export interface Coerced {
  value: unknown;
  /** What was changed, in words ("limit: \"5\" → 5"). */
  fixes: string[];
}

/**
 * Brings a tool call's arguments to the tool's JSON Schema where there is exactly one way to
 * read them: "5" for an integer is 5, a lone value for an array is a one-item array, "TRUE"
 * for a boolean is true, a JSON string where an object belongs is that object, a key spelled
 * `maxResults` for `max_results` is that key, an enum value in the wrong case is that value,
 * a null for an optional key is no key. A missing required value is never invented and an
 * unknown key is never dropped: the gate refuses those and the model is told why.
 */
export function coerceArguments(input: unknown, schema: Schema): Coerced {
  const fixes: string[] = [];
  let value = input;
  if (typeof value === "string") {
    let parsed = parseLenient(value);
    if (parsed.ok && typeof parsed.value === "string") {
      const inner = parseLenient(parsed.value);
      if (inner.ok && isObject(inner.value)) {
        fixes.push("arguments encoded as JSON twice");
        parsed = inner;
      }
    }
    if (parsed.ok && isObject(parsed.value)) {
      value = parsed.value;
      fixes.push("arguments sent as a JSON string", ...parsed.fixes);
    }
  }
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
    if (!hasRequired(schema)) {
      fixes.push("no arguments: an empty object");
      return { value: {}, fixes };
    }
    return { value, fixes };
  }
  if (isObject(value)) value = unwrap(value, schema, fixes);
  return { value: coerce(value, schema, "", fixes), fixes };
}

/** `{"arguments": {...}}` around the real arguments, when the schema has no such key. */
function unwrap(value: Record<string, unknown>, schema: Schema, fixes: string[]): Record<string, unknown> {
  const keys = Object.keys(value);
  const properties = propertiesOf(schema);
  if (keys.length !== 1) return value;
  const key = keys[0]!;
  if (!["arguments", "args", "parameters", "params", "input", "kwargs"].includes(key) || key in properties)
    return value;
  let inner = value[key];
  if (typeof inner === "string") {
    const parsed = parseLenient(inner);
    inner = parsed.ok ? parsed.value : inner;
  }
  if (!isObject(inner)) return value;
  fixes.push(`arguments wrapped in "${key}"`);
  return inner;
}

function coerce(value: unknown, schema: Schema, path: string, fixes: string[]): unknown {
  const type = schema.type;
  const at = path || "arguments";
  if (type === "object" || (type === undefined && isObject(schema.properties))) {
    if (typeof value === "string") {
      const parsed = parseLenient(value);
      if (parsed.ok && isObject(parsed.value)) {
        fixes.push(`${at}: JSON text read as an object`);
        value = parsed.value;
      }
    }
    if (!isObject(value)) return value;
    return coerceObject(value, schema, path, fixes);
  }
  if (type === "array") {
    if (typeof value === "string" && /^\s*\[/.test(value)) {
      const parsed = parseLenient(value);
      if (parsed.ok && Array.isArray(parsed.value)) {
        fixes.push(`${at}: JSON text read as a list`);
        value = parsed.value;
      }
    }
    if (!Array.isArray(value)) {
      if (value === null || value === undefined) return value;
      fixes.push(`${at}: one value made a list`);
      value = [value];
    }
    const items = isObject(schema.items) ? (schema.items as Schema) : undefined;
    return items ? (value as unknown[]).map((item, i) => coerce(item, items, `${at}[${i}]`, fixes)) : value;
  }
  if ((type === "integer" || type === "number") && typeof value === "string") {
    const trimmed = value.trim();
    if (/^-?\d+(?:\.\d+)?$/.test(trimmed)) {
      const number = Number(trimmed);
      if (type === "number" || Number.isInteger(number)) {
        fixes.push(`${at}: "${trimmed}" → ${number}`);
        return number;
      }
    }
    return value;
  }
  if (type === "boolean" && typeof value === "string" && /^(?:true|false)$/i.test(value.trim())) {
    fixes.push(`${at}: "${value}" → ${value.trim().toLowerCase()}`);
    return value.trim().toLowerCase() === "true";
  }
  if (type === "string" && (typeof value === "number" || typeof value === "boolean")) {
    fixes.push(`${at}: ${value} → "${value}"`);
    return String(value);
  }
  if (Array.isArray(schema.enum) && typeof value === "string" && !schema.enum.includes(value)) {
    const matches = schema.enum.filter(
      (e) => typeof e === "string" && e.toLowerCase() === value.trim().toLowerCase(),
    );
    if (matches.length === 1) {
      fixes.push(`${at}: "${value}" → "${String(matches[0])}"`);
      return matches[0];
    }
  }
  return value;
}

function coerceObject(value: Record<string, unknown>, schema: Schema, path: string, fixes: string[]) {
  const properties = propertiesOf(schema);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const target = key in properties ? key : sameKey(key, Object.keys(properties));
    if (target === undefined || (target !== key && Object.hasOwn(value, target))) {
      out[key] = inner; // unknown: the gate refuses it by name
      continue;
    }
    if (target !== key) fixes.push(`key "${key}" → "${target}"`);
    const at = path ? `${path}.${target}` : target;
    if (inner === null && !required.has(target) && !allowsNull(properties[target]!)) {
      fixes.push(`${at}: null for an optional key left out`);
      continue;
    }
    out[target] = coerce(inner, properties[target]!, at, fixes);
  }
  return out;
}

/** The one property a key means when only its spelling differs (case, camelCase, dashes). */
function sameKey(key: string, names: readonly string[]): string | undefined {
  const flat = (s: string) =>
    s
      .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
      .replace(/[-\s]/g, "_")
      .toLowerCase();
  const matches = names.filter((name) => flat(name) === flat(key));
  return matches.length === 1 ? matches[0] : undefined;
}

function allowsNull(schema: Schema): boolean {
  const type = schema.type;
  return type === "null" || (Array.isArray(type) && type.includes("null"));
}

function propertiesOf(schema: Schema): Record<string, Schema> {
  return isObject(schema.properties) ? (schema.properties as Record<string, Schema>) : {};
}

function hasRequired(schema: Schema): boolean {
  return Array.isArray(schema.required) && schema.required.length > 0;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
