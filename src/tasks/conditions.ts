import { JarvisError } from "../core/errors.js";

/** A deterministic predicate over the trigger's data: no model, no I/O. */
export interface Condition {
  field: string;
  op: ConditionOp;
  value?: string | number | string[] | undefined;
}

export const CONDITION_OPS = [
  "equals",
  "not_equals",
  "contains",
  "not_contains",
  "starts_with",
  "ends_with",
  "matches",
  "in",
  "gt",
  "lt",
  "exists",
] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];

/** What a trigger hands to conditions and `{{templates}}`: nested plain values. */
export type TriggerData = Record<string, unknown>;

/** The fields each kind of trigger provides, with a sample value (validation of templated calls). */
export const TRIGGER_FIELDS: Record<string, Record<string, string | number>> = {
  time: { iso: "2026-01-05T07:00:00+01:00", date: "2026-01-05", weekday: 1, hour: 7, minute: 0 },
  routine: { id: "routine_1", name: "routine" },
  mail: {
    from: "someone@example.com",
    from_name: "Someone",
    subject: "subject",
    to: "me@example.com",
    account: "mail",
    date: "2026-01-05T07:00:00Z",
  },
  event: {
    title: "meeting",
    start: "2026-01-05T09:00:00+01:00",
    minutes: 15,
    location: "room",
    calendar: "work",
  },
  file: { path: "/tmp/file.pdf", name: "file.pdf", ext: "pdf", folder: "/tmp", size: 1, event: "added" },
  page: { url: "https://example.com/", text: "text", previous: "text" },
  webhook: { body: "{}" },
};

/** Which data namespaces a trigger type provides (time and routine always). */
export function namespacesFor(triggerType: string): string[] {
  const own: Record<string, string> = {
    mail: "mail",
    calendar: "event",
    file: "file",
    page: "page",
    webhook: "webhook",
  };
  return ["time", "routine", ...(own[triggerType] ? [own[triggerType]] : [])];
}

/** Checks a condition against what the trigger provides; throws naming the field or operator. */
export function checkCondition(condition: Condition, triggerType: string, index: number): void {
  const where = `condition ${index + 1}`;
  const [namespace, key, ...rest] = condition.field.split(".");
  const namespaces = namespacesFor(triggerType);
  const fields = namespace ? TRIGGER_FIELDS[namespace] : undefined;
  const open = namespace === "webhook" && key === "body";
  if (
    !namespace ||
    !fields ||
    !namespaces.includes(namespace) ||
    !key ||
    (!(key in fields) && !open) ||
    (rest.length > 0 && !open)
  ) {
    const offered = namespaces.flatMap((n) => Object.keys(TRIGGER_FIELDS[n] ?? {}).map((k) => `${n}.${k}`));
    throw new JarvisError(
      "ARGS_INVALID",
      `${where}: this trigger has no field "${condition.field.slice(0, 60)}"`,
      {
        fix: `use one of ${offered.join(", ")}`,
      },
    );
  }
  if (!(CONDITION_OPS as readonly string[]).includes(condition.op)) {
    throw new JarvisError(
      "ARGS_INVALID",
      `${where}: "${String(condition.op).slice(0, 30)}" is not an operator`,
      {
        fix: `use one of ${CONDITION_OPS.join(", ")}`,
      },
    );
  }
  if (condition.op !== "exists" && condition.value === undefined) {
    throw new JarvisError("ARGS_INVALID", `${where}: ${condition.op} needs a value`, {
      fix: 'e.g. {"field": "mail.from", "op": "contains", "value": "ana"}',
    });
  }
  if ((condition.op === "gt" || condition.op === "lt") && !Number.isFinite(Number(condition.value))) {
    throw new JarvisError("ARGS_INVALID", `${where}: ${condition.op} compares numbers`, {
      fix: "give a number as the value",
    });
  }
}

/** Reads a dotted field; `webhook.body.x` looks inside a JSON body. */
export function fieldValue(data: TriggerData, field: string): unknown {
  let current: unknown = data;
  const parts = field.split(".");
  for (const [i, part] of parts.entries()) {
    if (typeof current === "string" && i >= 2 && parts[0] === "webhook") current = parseJson(current);
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every condition holds (an empty list always does). Strings compare case-insensitively. */
export function conditionsHold(conditions: readonly Condition[], data: TriggerData): boolean {
  return conditions.every((condition) => holds(condition, fieldValue(data, condition.field)));
}

function holds(condition: Condition, actual: unknown): boolean {
  if (condition.op === "exists") return actual !== undefined && actual !== null && actual !== "";
  if (actual === undefined || actual === null)
    return condition.op === "not_equals" || condition.op === "not_contains";
  const text = String(actual).toLowerCase();
  const wanted = condition.value;
  const value = String(wanted ?? "").toLowerCase();
  switch (condition.op) {
    case "equals":
      return text === value;
    case "not_equals":
      return text !== value;
    case "contains":
      return text.includes(value);
    case "not_contains":
      return !text.includes(value);
    case "starts_with":
      return text.startsWith(value);
    case "ends_with":
      return text.endsWith(value);
    case "matches":
      return globMatches(value, text);
    case "in":
      return (Array.isArray(wanted) ? wanted : value.split(",")).some(
        (item) => String(item).trim().toLowerCase() === text,
      );
    case "gt":
      return Number(actual) > Number(wanted);
    case "lt":
      return Number(actual) < Number(wanted);
  }
}

/** `*` any run, `?` one character; linear time (no regular expression to blow up). */
export function globMatches(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    if (p < pattern.length && (pattern[p] === "?" || pattern[p] === text[t])) {
      p++;
      t++;
    } else if (p < pattern.length && pattern[p] === "*") {
      star = p++;
      mark = t;
    } else if (star >= 0) {
      p = star + 1;
      t = ++mark;
    } else return false;
  }
  while (pattern[p] === "*") p++;
  return p === pattern.length;
}

const TEMPLATE = /\{\{\s*([a-z_]+(?:\.[a-z0-9_]+)+)\s*\}\}/gi;

/** The `{{field}}` references in a call's arguments. */
export function templateFields(value: unknown): string[] {
  const out: string[] = [];
  walkStrings(value, (text) => {
    for (const match of text.matchAll(TEMPLATE)) out.push(match[1]!);
  });
  return out;
}

/** Fills `{{field}}` in every string of the arguments with the trigger's data (bounded). */
export function fillTemplates<T>(value: T, data: TriggerData): T {
  return mapStrings(value, (text) =>
    text.replace(TEMPLATE, (_all, field: string) => {
      const found = fieldValue(data, field);
      return found === undefined || found === null ? "" : String(found).slice(0, 2000);
    }),
  ) as T;
}

function walkStrings(value: unknown, visit: (text: string) => void): void {
  if (typeof value === "string") visit(value);
  else if (Array.isArray(value)) for (const item of value) walkStrings(item, visit);
  else if (value && typeof value === "object")
    for (const item of Object.values(value)) walkStrings(item, visit);
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  }
  return value;
}

/** Sample data for a trigger type: what templated calls are validated with at creation. */
export function sampleData(triggerType: string): TriggerData {
  return Object.fromEntries(namespacesFor(triggerType).map((n) => [n, { ...TRIGGER_FIELDS[n] }]));
}
