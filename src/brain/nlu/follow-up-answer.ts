import type { Catalog } from "./catalog.js";
import { pointerVerb } from "./follow-up-sibling.js";
import { kindOf } from "./slot-filling.js";
import { openings } from "./template.js";
import type { NluCall } from "./types.js";

/*
 * A verb on the answer just given (issue 16, follow-ups): "copy that" after a sum, "copy the
 * result" after a conversion. The last call only read or worked something out, and no tool of
 * its own group opens with the verb (follow-up-sibling.ts looked first), so the verb is looked
 * up among every group's requests: the one tool whose requests open with it and that needs one
 * value, a text. The answer itself is not known while reading (the tool gives it when it runs),
 * so the call is asked for that value, never acted on. Seen in dev14, dev20, dev21, dev22.
 */

/** Nouns for what an answer is ("copy that answer", "copy the total"): they point, as "that" does. */
const ANSWER = /^(?:answer|result|number|total|figure|sum|value|amount)$/;

export function verbOnAnswer(
  words: readonly string[],
  last: NluCall,
  catalog: Catalog,
): { call: NluCall; missing: string[] } | undefined {
  if (!catalog.readsOnly.has(last.tool) || words.length > 6) return undefined;
  const pointed = words.some((w) => w === "that" || w === "it" || w === "this" || ANSWER.test(w));
  if (!pointed) return undefined;
  const said = pointerVerb(
    words.map((w) => (ANSWER.test(w) ? "it" : w)),
    true,
  );
  if (!said || said.verb.includes(" ")) return undefined;
  const group = catalog.groupOf.get(last.tool);
  // A tool of another group whose one required value is a text, asked for right after the verb
  // ("copy {text} to the clipboard"): the answer is the thing it takes. A key press named by the
  // verb alone ("copy" as ctrl+c) takes no thing after it
  const tools = new Set<string>();
  for (const t of [...catalog.templates, ...catalog.shapes]) {
    // A verb the last call's own group opens with is about what it showed ("delete that" after
    // files were found), never the answer's
    if (
      catalog.groupOf.get(t.tool) === group &&
      openings(t.template.nodes).some((o) => o.phrase === said.verb)
    )
      return undefined;
    if (catalog.groupOf.get(t.tool) === group || t.incomplete) continue;
    const required = catalog.required.get(t.tool) ?? [];
    const properties = catalog.properties.get(t.tool) ?? {};
    if (required.length !== 1 || kindOf(required[0]!, properties) !== "text") continue;
    const next = t.template.nodes[1];
    if (next?.k !== "slot" || next.name !== required[0]) continue;
    if (openings(t.template.nodes).some((o) => o.phrase === said.verb)) tools.add(t.tool);
  }
  const fits = [...tools];
  if (fits.length !== 1) return undefined;
  const tool = fits[0]!;
  return { call: { tool, args: {} }, missing: [...(catalog.required.get(tool) ?? [])] };
}
