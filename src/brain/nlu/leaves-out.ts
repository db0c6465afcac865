import type { Catalog } from "./catalog.js";
import { kindOf } from "./slot-filling.js";
import { leavesOutLength } from "./typed-args.js";
import type { NluCall } from "./types.js";

/**
 * What a classifier reading of the sentence leaves unexplained, so that acting on it would drop
 * part of the request: asked instead (guess.ts). Three shapes, each a value or a structure:
 * - a length said as an amount the tool has nowhere to put (typed-args.ts);
 * - a clock time said ("if it's 9 pm here", "at 9 my time") to a tool that takes no time of day:
 *   the time is what the request is about (what it is elsewhere then, what happens then), and a
 *   reading of the time now or of a listing answers another question;
 * - the things searched named by their own group's word ("which of my notes …", "which file
 *   mentions …") while the reading is another group's: the sentence says where to look;
 * - a value of the reading that opens on a verb of change and names the reading's own kind of
 *   thing ("change the vet reminder to" as a new reminder's title): the sentence edits one that
 *   exists, and a new one would be a second.
 */
export function leavesOut(catalog: Catalog, call: NluCall, words: readonly string[]): boolean {
  const { tool } = call;
  return (
    leavesOutLength(catalog, tool, words) ||
    leavesOutClock(catalog, tool, words) ||
    namesOtherThings(catalog, tool, words) ||
    editsOwnThing(catalog, call)
  );
}

/** Verbs that change a thing that exists rather than make one. */
const CHANGE =
  /^(?:change|move|rename|update|edit|push|shift|reschedule|postpone|bring forward|bump|bring back)\b/i;

function editsOwnThing(catalog: Catalog, call: NluCall): boolean {
  const group = catalog.groupOf.get(call.tool) ?? "";
  return Object.values(call.args).some(
    (value) =>
      typeof value === "string" &&
      CHANGE.test(value) &&
      value
        .toLowerCase()
        .split(/[^a-z]+/)
        .some((word) => word.length > 2 && ownersOf(catalog, word).has(group)),
  );
}

/** A time of day written with its mark (am/pm, a colon, "o'clock"), or "at N" / "N my time". */
const CLOCK =
  /\b\d{1,2}(?:[:.]\d{2})? ?(?:am|pm|a\.m\.?|p\.m\.?|o 'clock|o'clock|oclock)(?= |$)|\b\d{1,2}:\d{2}\b|\bat \d{1,2}(?:[:.]\d{2})?(?= |$)|\b\d{1,2}(?:[:.]\d{2})? (?:my time|here|our time|local time|your time)\b/;

function leavesOutClock(catalog: Catalog, tool: string, words: readonly string[]): boolean {
  const properties = catalog.properties.get(tool) ?? {};
  if (Object.keys(properties).some((arg) => kindOf(arg, properties) === "when")) return false;
  return CLOCK.test(words.join(" "));
}

/** "which of my notes …", "which file has …": the noun after "which" names the things searched. */
const WHICH = /\bwhich (?:(?:one )?of (?:my|the|our) )?([a-z-]+)/;
/** A string no tool's own words hold: anchors that match it match anything and name no group. */
const NO_WORD = "qqzx";

/**
 * The groups whose things a noun names: a group named by it ("notes", "file" for "files"), or
 * whose look-up nouns hold it (nouns that match anything name no group).
 */
function ownersOf(catalog: Catalog, noun: string): Set<string> {
  const owners = new Set<string>();
  const singular = noun.replace(/s$/, "");
  for (const group of catalog.groupOf.values())
    if (group === noun || group === `${noun}s` || group.replace(/s$/, "") === singular) owners.add(group);
  // Look-up nouns name things; anchors also hold words of time and manner ("which day")
  const names = (re: RegExp | undefined) => !!re && re.test(noun) && !re.test(NO_WORD);
  for (const [t, specs] of catalog.intentsOf)
    if (specs.some((spec) => names(spec.lookup?.nouns))) owners.add(catalog.groupOf.get(t) ?? "");
  return owners;
}

function namesOtherThings(catalog: Catalog, tool: string, words: readonly string[]): boolean {
  const noun = WHICH.exec(words.join(" "))?.[1];
  if (!noun) return false;
  const owners = ownersOf(catalog, noun);
  return owners.size > 0 && !owners.has(catalog.groupOf.get(tool) ?? "");
}
