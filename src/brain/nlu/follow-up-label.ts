import type { Catalog } from "./catalog.js";
import { siblingCall } from "./follow-up-sibling.js";
import type { NluCall } from "./types.js";

/*
 * One of what was just listed, pointed at by what it is called or where it is from (issue 16,
 * follow-ups): "run the stock check one now" after the routines were listed, "delete the 2
 * o'clock one" after a day's events, "read me the one from the council" after a mail search.
 * The label is said where an ordinal would stand ("the second one"), so the request is read as
 * the pointer it is: the words around it name the verb, the last call's group the sibling that
 * does it to one thing (follow-up-sibling.ts). Which one of the listing is asked; the label
 * fills the sibling's one name-like value when it has one. Only after a call that read or
 * listed something (there is a list to point into). Seen in dev17 (1) and dev18 (2); the thing
 * said between a verb and its particle ("put the rota back") in dev17 (1) and dev18 (1).
 */

/** Words that are an ordinal or a kind of pointer, never a label ("the other one", "the same one"). */
const NOT_A_LABEL =
  /^(?:first|second|third|fourth|fifth|last|next|other|same|new|old|right|wrong|latest|top|bottom|\d{1,2}(?:st|nd|rd|th)|that|this|one)$/;

/** "the ⟨one to three words⟩ one", or "the one from/about/at/with/called ⟨up to four words⟩". */
const LABELLED =
  /(?:^|\s)the ((?:[^\s]+ ){0,2}[^\s]+) one(?=\s|$)|(?:^|\s)the one (?:from|about|at|with|for|called|named) ((?:[^\s]+ ?){1,4})$/;

/**
 * "put the rota back where it was", "take the oat milk one off": a verb, the thing, and the
 * particle that goes with the verb; where it goes back to adds nothing.
 */
const PUT_BACK =
  /^(\S+) the ((?:\S+ ){0,2}?\S+)(?: one)? (back|off|out|away)(?: (?:where|to where) (?:it|they) (?:was|were|came from|belongs?))?(?: please| again)?$/;

export function labelledPick(
  words: readonly string[],
  last: NluCall,
  catalog: Catalog,
): { call: NluCall; missing: string[] } | undefined {
  if (!catalog.readsOnly.has(last.tool) || words.length > 10) return undefined;
  const said = words.join(" ");
  const moved = PUT_BACK.exec(said);
  const m = moved ? null : LABELLED.exec(said);
  const label = (m?.[1] ?? m?.[2] ?? moved?.[2])?.trim();
  if (!(m || moved) || !label || label.split(" ").some((w) => NOT_A_LABEL.test(w))) return undefined;
  // The request with the label said as a pointer ("run that one now", "put that one back")
  const pointed = moved
    ? `${moved[1]} that one ${moved[3]}`
    : `${said.slice(0, m!.index)} that one ${m![1] ? said.slice(m!.index + m![0].length) : ""}`;
  const found = siblingCall(pointed.split(" ").filter(Boolean), last, catalog);
  if (!found || found.call.tool === last.tool) return undefined;
  if (catalog.groupOf.get(found.call.tool) !== catalog.groupOf.get(last.tool)) return undefined;
  const required = catalog.required.get(found.call.tool) ?? [];
  if (required.length !== 1) return undefined;
  // Which of the listing it is: asked, the label kept where the sibling names a thing
  const properties = catalog.properties.get(found.call.tool) ?? {};
  const named = Object.keys(properties).filter(
    (name) => name !== required[0] && /^(?:label|title|name)$/.test(name),
  );
  const args = named.length === 1 ? { [named[0]!]: label } : {};
  return { call: { tool: found.call.tool, args }, missing: [required[0]!] };
}
