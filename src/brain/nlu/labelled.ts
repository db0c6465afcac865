/**
 * Values labelled by their schema's own names (issue 16, the middle band reaching any request):
 * a request written as a field list — "to ana@example.org, subject Rota, body Swapped with Ben" or
 * "a popup titled Tea saying kettle's on" — names each value by the parameter it fills. The names
 * are the catalog's words, not the classifier's: where two or more values are labelled so, the
 * structure says which value is which even when no template or reader has this phrasing.
 */

/** The fields that hold the words of a message: each labels the others ("text All quiet" is its body). */
const CONTENT = new Set(["body", "message", "text", "content"]);
/** Ways of introducing a message's words without naming the field. */
const CONTENT_LABELS = ["saying", "that says", "which says"];
/** A field named like a preposition ("from", "to") is read by its type: the word is said in any request. */
const PREPOSITION = /^(?:to|from|at|in|on|by|for|with|as|of|into|onto|after|before|until|via)$/;
/** A label is a word of the sentence, not a noun with its article ("a message", "the title"). */
const NOUN_BEFORE = /\b(?:a|an|the|my|this|that|your|his|her|their|its|new)\s*$/i;

interface Label {
  field: string;
  at: number;
  end: number;
}

/** The string fields a schema has room for, and the words that may label each. */
function labelsOf(properties: Record<string, Record<string, unknown>>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const names = Object.keys(properties);
  for (const name of names) {
    const schema = properties[name]!;
    // Free text only: a typed value (an address, a handle, a path) is read by its own parser
    if (
      PREPOSITION.test(name) ||
      schema.type !== "string" ||
      schema.pattern ||
      schema.enum ||
      schema["x-handle"] ||
      schema["x-path"]
    )
      continue;
    const said = name.replace(/_/g, " ");
    const words = [said, said.endsWith("e") ? `${said}d` : `${said}ed`];
    if (CONTENT.has(name)) words.push(...CONTENT_LABELS, ...[...CONTENT].filter((c) => !names.includes(c)));
    out.set(name, words);
  }
  return out;
}

function escapeRegExp(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The free-text values a sentence labels by their fields' names, when it labels at least two
 * (one label alone is as likely a word of the request: "change the title"); undefined otherwise.
 */
export function labelledValues(
  properties: Record<string, Record<string, unknown>>,
  text: string,
): Record<string, string | string[]> | undefined {
  const labels: Label[] = [];
  for (const [field, words] of labelsOf(properties)) {
    const pattern = new RegExp(
      `(^|[\\s,;(])(${words.map(escapeRegExp).join("|")})\\s*[:=-]?\\s+(?=\\S)`,
      "gi",
    );
    for (const m of text.matchAll(pattern)) {
      const at = m.index + m[1]!.length;
      if (NOUN_BEFORE.test(text.slice(0, at))) continue;
      labels.push({ field, at, end: m.index + m[0].length });
    }
  }
  labels.sort((a, b) => a.at - b.at);
  const values: Record<string, string> = {};
  for (const [i, label] of labels.entries()) {
    // A field labelled twice is no field list
    if (values[label.field] !== undefined) return undefined;
    const next = labels[i + 1]?.at ?? text.length;
    const value = text
      .slice(label.end, next)
      .replace(/[\s,;:-]+$/, "")
      .replace(/^["'“‘]|["'”’]$/g, "")
      .trim();
    if (!value) return undefined;
    values[label.field] = value;
  }
  if (Object.keys(values).length < 2) return undefined;
  // The addresses said outside the labelled values go where the schema takes addresses
  const outside = labels.length > 0 ? text.slice(0, labels[0]!.at) : text;
  return { ...addressed(properties, outside), ...values };
}

/** An address as a mail schema's pattern takes it. */
const ADDRESS = /[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:".]+(?:\.[^\s@<>(),;:".]+)*/g;

/**
 * The addresses in `text`, given to the first field whose schema says it holds addresses (its
 * own or its items' provenance): a list where it takes a list.
 */
function addressed(
  properties: Record<string, Record<string, unknown>>,
  text: string,
): Record<string, string | string[]> {
  const found = [...text.matchAll(ADDRESS)].map((m) => m[0]);
  if (found.length === 0) return {};
  for (const [name, schema] of Object.entries(properties)) {
    const items = (schema.items ?? {}) as Record<string, unknown>;
    if (schema.type === "array" && items["x-provenance"] === "email") return { [name]: found };
    if (schema.type === "string" && schema["x-provenance"] === "email") return { [name]: found[0]! };
  }
  return {};
}

/** Words that may stand before a kept thing's name at the head of a request ("quick note - …"). */
const HEAD_BEFORE = "(?:(?:a|an|the|new|quick|short|little)\\s+)?";

/**
 * A request headed by the name of what a tool's group keeps, then the words to keep ("note:
 * boiler pressure low", "quick note - van in bay 3"): the words are the one free-text value the
 * tool needs. The name is the catalog's own (the group's, singular or plural); a tool that only
 * reads, or needs more than that one value, is never read so.
 */
export function headedValue(
  group: string,
  required: readonly string[],
  properties: Record<string, Record<string, unknown>>,
  text: string,
): Record<string, string> | undefined {
  const [field] = required;
  // Words to keep: the field holds a message's words, not a name or a query ("contact Bob")
  if (!field || required.length !== 1 || !CONTENT.has(field) || !labelsOf(properties).has(field))
    return undefined;
  const noun = group.replace(/s$/, "");
  const head = new RegExp(`^\\s*${HEAD_BEFORE}${escapeRegExp(noun)}s?\\s*[:=\\-–]?\\s+(\\S.*)$`, "i");
  const rest = head.exec(text)?.[1]?.trim();
  if (!rest || rest.split(/\s+/).length < 2) return undefined;
  return { [field]: rest };
}
