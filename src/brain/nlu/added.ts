import type { Catalog } from "./catalog.js";
import { kindOf } from "./slot-filling.js";
import type { NluCall } from "./types.js";

/**
 * One more of what was just made, said as an addition with no verb of its own ("and also to
 * book the room" after a reminder, "also write that the tyres are due" after a note, "bananas
 * too" after adding to a list): the same call with the new wording in place of the old, every
 * other value kept (the list, the day). The words must say it is an addition (a leading "and",
 * "also", "plus" or a closing "too", "as well"); a verb of another request or a value the last
 * call's own follow-up reads (a time, a length) is never one.
 */

/** The addition's words, as said: the leads and closings around them set apart. */
const ADDITION =
  /^(?:(?:oh|ok|okay|and|also|plus)[\s,]+)+(?:(?:add|write|put|note|jot)(?: down)?(?: (?:that|this|in))?\s+)?(?<lead>.+?)(?:\s+(?:too|as well|also))?[\s.!]*$|^(?<tail>.+?)\s+(?:too|as well)[\s.!]*$/i;

/**
 * An addition said with its own verb and what it adds to: "add to it: the blue one", "add
 * that the hinge is loose", "append: call the plumber". After "add that" the words must read
 * as a clause (three words or more, not a place it goes to: "add that to my calendar" is none).
 */
const APPENDED =
  /^(?:(?:oh|ok|okay|and|also)[\s,]+)*(?:(?:add|append)(?: (?:to (?:it|that|this|the note))| on)?\s*:\s*|(?:add|append)(?: to (?:it|that|this|the note))\s+|add that\s+(?!(?:to|on|in|onto|into)\b)(?=\S+\s+\S+\s+\S+))(?<text>.+?)(?:\s+(?:too|as well))?[\s.!]*$/i;

/** Words that open a request of its own (or a question), never the wording of a second item. */
const OWN_REQUEST =
  /^(?:what|what's|whats|how|when|where|who|why|is|are|can|could|would|will|do|does|did|set|remind|play|open|close|turn|call|text|email|send|show|tell|find|search|start|stop|cancel|delete|remove|read|check|make|change|move|order|buy|book|get|pay|bring|fetch|ask|let|then|at|on|in|for|by|from|tomorrow|today|tonight|next|this|every)\b/i;

/** A word pointing at what was already said or made. */
const POINTER = /\b(?:it|them|that|this|those|these|him|her|one|ones)\b/i;

/** A day, a clock time or a length: a value the last call's own follow-up reads, no wording. */
const MOMENT_OR_LENGTH =
  /\b\d+\s*(?:min|mins|minutes?|hours?|hrs?|secs?|seconds?|days?|weeks?|am|pm)\b|\b\d{1,2}[:.]\d{2}\b|\b(?:tomorrow|today|tonight|morning|afternoon|evening|noon|midnight)\b/i;

/** Arguments whose value is the wording of the thing made (a note's text, a reminder's title). */
const WORDING = /^(?:title|text|content|note|items|item)$/;

export function addedLike(input: string, last: NluCall, catalog: Catalog): NluCall | undefined {
  const appended = APPENDED.exec(input.trim())?.groups?.text?.trim();
  const m = appended ? null : ADDITION.exec(input.trim());
  const raw = appended ?? (m?.groups?.lead ?? m?.groups?.tail)?.trim();
  if (!raw) return undefined;
  // "to book the room", "that the tyres are due": the wording of an item, whatever its verb
  const marked = /^(?:to|that|about)\s+/i.test(raw);
  const said = appended ? raw : raw.replace(/^(?:to|that|about)\s+/i, "");
  if (!said || said.split(/\s+/).length > 12 || (!marked && !appended && OWN_REQUEST.test(said)))
    return undefined;
  // "and order them from the shop": what was made, pointed at, is no new item's wording; said
  // after "add to it:" the words are the wording whatever they point at
  if ((!appended && POINTER.test(said)) || MOMENT_OR_LENGTH.test(said)) return undefined;
  const properties = catalog.properties.get(last.tool) ?? {};
  const worded = (catalog.required.get(last.tool) ?? []).filter(
    (arg) => WORDING.test(arg) && last.args[arg] !== undefined,
  );
  if (worded.length !== 1) return undefined;
  const arg = worded[0]!;
  const list = kindOf(arg, properties) === "list";
  // A handle the last call carried points at the thing it made or changed, never at a new one
  const kept = Object.fromEntries(
    Object.entries(last.args).filter(([name]) => properties[name]?.["x-handle"] === undefined),
  );
  return { tool: last.tool, args: { ...kept, [arg]: list ? [said] : said } };
}
