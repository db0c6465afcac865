import type { Catalog } from "./catalog.js";
import { kindOf } from "./slot-filling.js";
import { literalWords, openings } from "./template.js";
import type { Token } from "./text/normalize.js";
import { parseNumber, parseOrdinal } from "./text/numbers.js";
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

/**
 * Words that point at what was done or shown; the rest of a short follow-up is its verb. "its"
 * and "their" point too ("now run its extract script" after a skill was opened): the thing they
 * own is the thing the last call named.
 */
const POINTER = new Set(["it", "its", "their", "that", "this", "them", "those", "these", "one", "ones"]);
/** Pointers at one thing. */
const SINGULAR = new Set(["it", "that", "this", "one"]);
/** Words around a verb that add nothing to which verb it is. */
const FILLER = new Set([
  "looks",
  "good",
  "great",
  "perfect",
  "fine",
  "yes",
  "yeah",
  "and",
  "a",
  "new",
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

/** Words after a verb that say how, not what ("read it back", "read it out loud", "read it to me"). */
const MANNER = /^(?:back|out|aloud|loud|over|to|through)$/;

/** The verb without the words of manner after it, when it has any ("read back" → "read"). */
function plainVerb(verb: string): string | undefined {
  const words = verb.split(" ");
  let end = words.length;
  while (end > 1 && MANNER.test(words[end - 1]!)) end--;
  return end < words.length ? words.slice(0, end).join(" ") : undefined;
}

/** The templates of the last call's siblings (its group's other tools), questions left out. */
function siblingsOf(last: NluCall, catalog: Catalog) {
  const group = catalog.groupOf.get(last.tool);
  return [...catalog.templates, ...catalog.shapes, ...catalog.trainingOnly].filter(
    (t) => t.tool !== last.tool && catalog.groupOf.get(t.tool) === group && !t.incomplete,
  );
}

/** The family of a tool name (the part before its first "_"), to break ties. */
const family = (tool: string) => tool.slice(0, tool.indexOf("_") + 1);

/** The one sibling whose templates open with this verb (see `siblingCall`). */
function siblingsOpenedBy(verb: string, last: NluCall, catalog: Catalog, one = false): string | undefined {
  const tools = new Set<string>();
  const whole = new Set<string>();
  for (const t of siblingsOf(last, catalog))
    for (const opening of openings(t.template.nodes)) {
      // "put it back": opened by "put", its "back" further on in the same request
      const beyond = verb.startsWith(`${opening.phrase} `)
        ? verb.slice(opening.phrase.length + 1).split(" ")
        : undefined;
      const literal = beyond && new Set(literalWords(t.template.nodes));
      if (opening.phrase !== verb && !(literal && beyond!.every((w) => literal.has(w)))) continue;
      tools.add(t.tool);
      if (opening.whole && opening.phrase === verb) whole.add(t.tool);
    }
  // The sibling the verb alone asks for ("go back" is the previous song, not a seek by some
  // seconds), else the one of the last call's own family
  let found = whole.size === 1 ? [...whole] : [...tools];
  if (found.length > 1) found = found.filter((tool) => family(tool) === family(last.tool));
  // "read it back" after a note was written: one thing pointed at is read by the sibling that
  // takes one (a required value), not by the one that lists them all
  if (found.length > 1 && one) found = found.filter((tool) => (catalog.required.get(tool) ?? []).length > 0);
  // "open it" after a skill was installed: the pointer names one thing, so of the siblings that
  // open with the verb it is the one that needs the fewest values (the thing alone), not the one
  // that also needs a part of it said ("open <file> of the skill")
  // (only after a call that made or changed something: "delete that" after a search points at
  // one of what was found, which the search's values do not name)
  if (found.length > 1 && one && !catalog.readsOnly.has(last.tool)) {
    const need = (tool: string) => (catalog.required.get(tool) ?? []).length;
    const fewest = Math.min(...found.map(need));
    const least = found.filter((tool) => need(tool) === fewest);
    const carried = (tool: string) => (catalog.required.get(tool) ?? []).some((name) => name in last.args);
    if (least.length === 1 && !carried(least[0]!)) found = least;
  }
  return found.length === 1 ? found[0] : undefined;
}

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
  // "summarise that whole thread": the verb before the pointer, when the words around it say more
  const pointed = words.findIndex((w) => POINTER.has(w));
  const before = pointed > 0 ? pointerVerb([...words.slice(0, pointed), words[pointed]!], true) : undefined;
  const whole = pointerVerb(words, pointer);
  const bare = whole && plainVerb(whole.verb);
  const one = words.some((w) => SINGULAR.has(w));
  const said =
    whole && siblingsOpenedBy(whole.verb, last, catalog, one)
      ? whole
      : bare && siblingsOpenedBy(bare, last, catalog, one)
        ? { ...whole, verb: bare }
        : before;
  const found = said && siblingsOpenedBy(said.verb, last, catalog, one);
  if (!said || !found) return undefined;
  const tool = found;
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
  // "now search it for the 1922 fire" after a folder was added: what it is searched for is said
  // after the pointer, and it is the value, not the last call's wording
  const sought =
    pointed >= 0 && /^(?:for|about)$/.test(words[pointed + 1] ?? "") ? words.slice(pointed + 2) : [];
  if (target && sought.length > 0 && !said.label) args[target] = sought.join(" ");
  else if (target && wordings.length === 1 && !said.label) args[target] = wordings[0]![1];
  const missing = required.filter((name) => args[name] === undefined);
  return { call: { tool, args }, missing };
}

/** Words before what a request is done to ("remove the apples"). */
const DETERMINER = /^(?:the|my|our|that|those|these|this|some|all|any)$/;
/** Words that go with a verb ("take off", "put back"), not with the thing. */
const PARTICLE = /^(?:off|out|up|down|back|away)$/;

/**
 * A verb and a thing right after a listing ("remove the apples" after the shopping list was
 * read): the sibling whose templates open with the verb, the thing as the one text or list
 * value it still lacks, the listing's values kept. Only after a call that changed nothing
 * (a listing or a reading), and only ever asked.
 */
export function objectCall(
  tokens: readonly Token[],
  text: string,
  last: NluCall,
  catalog: Catalog,
): { call: NluCall; missing: string[] } | undefined {
  const words = tokens.map((t) => t.w);
  if (!catalog.readsOnly.has(last.tool) || words.length < 2 || words.length > 6) return undefined;
  for (const size of [2, 1]) {
    const verb = words.slice(0, size).join(" ");
    const literal = new Map<string, Set<string>>();
    for (const t of siblingsOf(last, catalog))
      if (openings(t.template.nodes).some((o) => o.phrase === verb))
        literal.set(t.tool, new Set([...(literal.get(t.tool) ?? []), ...literalWords(t.template.nodes)]));
    // The sibling that lacks exactly one value the thing can be, the listing's values carried
    const calls = [...literal].flatMap(([tool, own]) => {
      // "take off the oat milk": a particle of the sibling's own requests is not the thing
      let start = size;
      while (start < words.length && (DETERMINER.test(words[start]!) || PARTICLE.test(words[start]!)))
        if (PARTICLE.test(words[start]!) && !own.has(words[start]!)) break;
        else start++;
      const thing = words.slice(start);
      if (thing.length === 0 || thing.length > 4 || thing.some((w) => POINTER.has(w) || ORDINAL.test(w)))
        return [];
      const properties = catalog.properties.get(tool) ?? {};
      const args: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(last.args)) if (name in properties) args[name] = value;
      const required = catalog.required.get(tool) ?? [];
      const open = required.filter(
        (name) => args[name] === undefined && ["text", "list"].includes(kindOf(name, properties)),
      );
      if (open.length !== 1) return [];
      const name = open[0]!;
      const said = text.slice(tokens[start]!.start, tokens.at(-1)!.end).replace(/^[\s:,]+|[\s.!?]+$/g, "");
      args[name] = kindOf(name, properties) === "list" ? [said] : said;
      return [{ call: { tool, args }, missing: required.filter((n) => args[n] === undefined) }];
    });
    if (calls.length === 1) return calls[0];
  }
  return undefined;
}

/** The handle kinds a tool takes: what its language uses and what its arguments accept. */
export function kindsOf(catalog: Catalog, tool: string): Set<string> {
  const kinds = new Set<string>();
  for (const spec of catalog.intentsOf.get(tool) ?? []) {
    for (const use of spec.handles ?? []) kinds.add(use.kind);
    for (const accepted of Object.values(spec.accepts ?? {})) for (const k of accepted) kinds.add(k);
  }
  return kinds;
}

/** "and another one", "one more please": one more of what was just made. */
const ANOTHER =
  /^(?:and |ok |okay |also )?(?:another(?: one)?|one more|a second one)(?: please| too| as well)?$/;

/**
 * One more of what the last call made ("and another one" after a timer was set): the same tool
 * with its required values asked afresh. Never after a call that only read something.
 */
export function anotherCall(
  words: readonly string[],
  last: NluCall,
  catalog: Catalog,
): { call: NluCall; missing: string[] } | undefined {
  if (!ANOTHER.test(words.join(" ")) || catalog.readsOnly.has(last.tool)) return undefined;
  const required = catalog.required.get(last.tool) ?? [];
  return required.length > 0 ? { call: { tool: last.tool, args: {} }, missing: [...required] } : undefined;
}

/**
 * Another of the last call's own actions on one of what it listed ("close number 3" after the
 * open tabs were listed): the same tool with its enum argument set to the verb said and its one
 * integer argument to the number or place said. Only a verb that is one of the enum's values
 * and other than the one the call had; asked, since it does something else.
 */
export function actionCall(
  words: readonly string[],
  last: NluCall,
  catalog: Catalog,
): { call: NluCall; missing: string[] } | undefined {
  if (words.length < 2 || words.length > 5) return undefined;
  const properties = catalog.properties.get(last.tool) ?? {};
  const verbs = Object.entries(properties).filter(
    ([name, p]) =>
      Array.isArray(p.enum) &&
      typeof last.args[name] === "string" &&
      p.enum.includes(words[0]) &&
      last.args[name] !== words[0],
  );
  if (verbs.length !== 1) return undefined;
  const rest = words.slice(1).filter((w) => !/^(?:the|to|number|no|one|tab|please)$/.test(w));
  const position = rest.length === 1 ? (parseNumber(rest) ?? parseOrdinal(rest[0]!)) : undefined;
  const counts = Object.entries(properties).filter(([, p]) => p.type === "integer");
  if (position === undefined || position < 1 || counts.length !== 1) return undefined;
  const required = catalog.required.get(last.tool) ?? [];
  const args = { ...last.args, [verbs[0]![0]]: words[0], [counts[0]![0]]: position };
  return { call: { tool: last.tool, args }, missing: required.filter((n) => args[n] === undefined) };
}

/** "reply: thanks, see you then": a verb of one or two words, a colon, and the words it passes on. */
const QUOTED = /^\s*([a-z]+(?: [a-z]+)?)\s*:\s*(\S.*)$/i;

/**
 * A sibling's verb with what it passes on after a colon ("reply: thanks, received" after a mail
 * was found): that sibling, the words after the colon as the one text value it still lacks, the
 * last call's values kept. Undefined when no one sibling opens with the verb or none lacks a text.
 */
export function quotedCall(
  text: string,
  last: NluCall,
  catalog: Catalog,
): { call: NluCall; missing: string[] } | undefined {
  const m = QUOTED.exec(text);
  if (!m) return undefined;
  const found = siblingCall(m[1]!.toLowerCase().split(" "), last, catalog, false);
  if (!found) return undefined;
  const properties = catalog.properties.get(found.call.tool) ?? {};
  // The text values the last call did not carry by name (a wording it lent is replaced by the quote)
  const lacking = (catalog.required.get(found.call.tool) ?? []).filter(
    (name) =>
      !(name in last.args) && properties[name]?.type === "string" && kindOf(name, properties) === "text",
  );
  if (lacking.length !== 1) return undefined;
  const args = { ...found.call.args, [lacking[0]!]: m[2]!.trim() };
  return { call: { tool: found.call.tool, args }, missing: found.missing.filter((n) => n !== lacking[0]) };
}
