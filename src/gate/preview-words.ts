import type { JsonSchema } from "../core/tool.js";

/**
 * The preview of a tool that has none of its own: the call's values as a person reads them,
 * one a line ("Duration: 2 seconds", "Label: tea"), long text indented below its name; never a
 * JSON blob and never an argument's name as the model knows it (`duration_s`). The question
 * above it already says what the call is, so the tool's name is not repeated here.
 *
 * Each line's name is the parameter's `title` in the tool's schema when it has one (the tool's
 * own words), else its name spelled out, with a unit suffix read as the value's unit (`_s`,
 * `_ms`, `_min`, `_mb`…). Schema descriptions are not used: they are written for the model
 * ("#e handle from reminders_list").
 */
export function previewInWords(args: Record<string, unknown>, parameters?: JsonSchema): string {
  const properties = (parameters?.properties ?? {}) as Record<string, JsonSchema | undefined>;
  return Object.entries(args)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => line(name, value, properties[name], "  "))
    .join("\n");
}

/** Suffix → the unit a number is in (singular, plural). */
const UNITS: Record<string, [string, string]> = {
  s: ["second", "seconds"],
  sec: ["second", "seconds"],
  seconds: ["second", "seconds"],
  ms: ["millisecond", "milliseconds"],
  min: ["minute", "minutes"],
  minutes: ["minute", "minutes"],
  h: ["hour", "hours"],
  hours: ["hour", "hours"],
  days: ["day", "days"],
  mb: ["MB", "MB"],
  kb: ["KB", "KB"],
  bytes: ["byte", "bytes"],
};

function line(name: string, value: unknown, schema: JsonSchema | undefined, pad: string): string {
  const { label, unit } = labelOf(name, schema);
  const said = spoken(value, unit, schema, `${pad}  `);
  return said.startsWith("\n") ? `${pad}${label}:${said}` : `${pad}${label}: ${said}`;
}

/** "duration_s" → Duration, in seconds; a schema `title` wins. */
function labelOf(name: string, schema: JsonSchema | undefined): { label: string; unit?: [string, string] } {
  const words = name.split(/[_\s]+|(?<=[a-z])(?=[A-Z])/).filter(Boolean);
  const last = words.at(-1)?.toLowerCase();
  const unit = last !== undefined && words.length > 1 ? UNITS[last] : undefined;
  const title = typeof schema?.title === "string" && schema.title.trim() ? schema.title.trim() : undefined;
  const spelled = (unit ? words.slice(0, -1) : words).join(" ").toLowerCase();
  const label = title ?? spelled;
  return { label: label.charAt(0).toUpperCase() + label.slice(1), ...(unit ? { unit } : {}) };
}

function spoken(
  value: unknown,
  unit: [string, string] | undefined,
  schema: JsonSchema | undefined,
  pad: string,
): string {
  if (value === null) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") return unit ? `${value} ${value === 1 ? unit[0] : unit[1]}` : String(value);
  if (typeof value === "string") {
    if (!value.includes("\n")) return value === "" ? "(empty)" : value;
    return `\n${value
      .split("\n")
      .map((text) => `${pad}${text}`)
      .join("\n")}`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    const items = schema?.items as JsonSchema | undefined;
    const simple = value.every((item) => item === null || typeof item !== "object");
    if (simple && !value.some((item) => typeof item === "string" && item.includes("\n")))
      return value.map((item) => spoken(item, unit, items, pad)).join(", ");
    return `\n${value.map((item) => `${pad}- ${spoken(item, unit, items, `${pad}  `).replace(/^\n\s*/, "")}`).join("\n")}`;
  }
  if (typeof value === "object") {
    const properties = (schema?.properties ?? {}) as Record<string, JsonSchema | undefined>;
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return "none";
    return `\n${entries.map(([key, item]) => line(key, item, properties[key], pad)).join("\n")}`;
  }
  return String(value);
}
