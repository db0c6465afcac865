import type { Catalog } from "./catalog.js";
import { kindOf } from "./slot-filling.js";
import type { TemplateNode } from "./template.js";
import type { NluCall } from "./types.js";

/**
 * The follow-up reader's verbs on what was just done (issue 16, mechanism 1.3): "forget that"
 * after a remember, "send it" after a draft, "turn it off" after a snooze, "cancel that" after
 * an event was made, "pause the first one" after a listing. The verb is looked up among the
 * words the last call's own group opens its templates with, so the tool is the sibling whose
 * requests start that way; its values come from the last call (same names first, then the one
 * wording the last call carried into the one text value the sibling still lacks). The engine
 * names no tool: the group, its templates and the schemas say everything. What this finds is
 * a change of tool, so it is only ever asked (the middle band), never acted on.
 */

/** Words that point at what was done or shown; the rest of a short follow-up is its verb. */
const POINTER = new Set(["it", "that", "this", "them", "those", "these", "one", "ones"]);
/** Words around a verb that add nothing to which verb it is. */
const FILLER = new Set([
  "just",
  "please",
  "now",
  "then",
  "again",
  "all",
  "of",
  "the",
  "actually",
  "ok",
  "okay",
  "no",
  "wait",
  "sorry",
  "oh",
  "can",
  "you",
  "could",
  "would",
  "instead",
  "right",
  "away",
  "for",
  "me",
]);
const ORDINAL = /^(?:first|second|third|fourth|fifth|sixth|last|top|bottom|other|\d{1,2}(?:st|nd|rd|th))$/;

/**
 * The phrases a template opens with (each alternative of its first node, or its first words),
 * and whether the phrase alone is the whole request (all that follows is optional).
 */
function openings(nodes: readonly TemplateNode[]): Array<{ phrase: string; whole: boolean }> {
  const first = nodes[0];
  if (!first) return [];
  const optional = (from: number) => nodes.slice(from).every((n) => n.k === "alt" && n.optional);
  if (first.k === "w") {
    // "go back [one] [song]": "go" and "go back" both open it
    const run: string[] = [];
    for (const node of nodes.slice(0, 3)) {
      if (node.k !== "w") break;
      run.push(node.w);
    }
    return run.map((_w, i) => ({ phrase: run.slice(0, i + 1).join(" "), whole: optional(i + 1) }));
  }
  if (first.k !== "alt" || first.optional) return [];
  return first.opts.flatMap((option) =>
    option.every((n) => n.k === "w")
      ? [{ phrase: option.map((n) => (n as { w: string }).w).join(" "), whole: optional(1) }]
      : [],
  );
}

/** The verb of a short follow-up on a pointer ("turn it back on" → "turn back on"), and its label. */
export function pointerVerb(
  words: readonly string[],
  pointer = true,
): { verb: string; label?: string } | undefined {
  if (words.length === 0 || words.length > 8) return undefined;
  const pointed = words.findIndex((w) => POINTER.has(w));
  if (pointed < 0 && pointer) return undefined;
  // "the rice one": a label of what was listed, said before "one"
  const label =
    words[pointed] === "one" &&
    pointed >= 2 &&
    words[pointed - 2] === "the" &&
    !ORDINAL.test(words[pointed - 1]!)
      ? words[pointed - 1]
      : undefined;
  const verb = words.filter(
    (w, i) => !POINTER.has(w) && !FILLER.has(w) && !ORDINAL.test(w) && !(label && i === pointed - 1),
  );
  if (verb.length === 0 || verb.length > 3) return undefined;
  return { verb: verb.join(" "), ...(label ? { label } : {}) };
}

/** The family of a tool name (the part before its first "_"), to break ties. */
const family = (tool: string) => tool.slice(0, tool.indexOf("_") + 1);

/**
 * The sibling of the last call's tool whose templates open with this verb, with the values the
 * last call carried; undefined when no sibling or more than one (outside the last call's
 * family) opens that way. Without `pointer`, a verb alone counts ("no, go back" after the next
 * song): only for what follows a correction's lead-in.
 */
export function siblingCall(
  words: readonly string[],
  last: NluCall,
  catalog: Catalog,
  pointer = true,
): { call: NluCall; missing: string[] } | undefined {
  const said = pointerVerb(words, pointer);
  if (!said) return undefined;
  const group = catalog.groupOf.get(last.tool);
  const tools = new Set<string>();
  const whole = new Set<string>();
  for (const t of [...catalog.templates, ...catalog.shapes, ...catalog.trainingOnly]) {
    if (t.tool === last.tool || catalog.groupOf.get(t.tool) !== group || t.incomplete) continue;
    for (const opening of openings(t.template.nodes))
      if (opening.phrase === said.verb) {
        tools.add(t.tool);
        if (opening.whole) whole.add(t.tool);
      }
  }
  // The sibling the verb alone asks for ("go back" is the previous song, not a seek by some
  // seconds), else the one of the last call's own family
  let found = whole.size === 1 ? [...whole] : [...tools];
  if (found.length > 1) found = found.filter((tool) => family(tool) === family(last.tool));
  if (found.length !== 1) return undefined;
  const tool = found[0]!;
  const properties = catalog.properties.get(tool) ?? {};
  const args: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(last.args)) if (name in properties) args[name] = value;
  const required = catalog.required.get(tool) ?? [];
  const textual = (name: string) =>
    properties[name]?.type === "string" && kindOf(name, properties) === "text" && !/^id$/.test(name);
  // "the rice one": the label goes to the sibling's one text value that names a thing
  if (said.label) {
    const named = Object.keys(properties).filter((name) => textual(name) && /label|title|name/.test(name));
    if (named.length === 1) args[named[0]!] = said.label;
  }
  // "forget that" after a remember: the wording the last call carried is what to forget
  const lacking = required.filter((name) => args[name] === undefined && textual(name));
  const wordings = Object.entries(last.args).filter(
    ([name, value]) => typeof value === "string" && !(name in args) && value.length > 1,
  );
  const emptyOptional = Object.keys(properties).filter(
    (name) => !required.includes(name) && args[name] === undefined && textual(name) && /query/.test(name),
  );
  const target = lacking.length === 1 ? lacking[0] : lacking.length === 0 ? emptyOptional[0] : undefined;
  if (target && wordings.length === 1 && !said.label) args[target] = wordings[0]![1];
  const missing = required.filter((name) => args[name] === undefined);
  return { call: { tool, args }, missing };
}
