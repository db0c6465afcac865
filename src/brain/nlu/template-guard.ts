import type { Catalog } from "./catalog.js";
import type { Classification } from "./classifier.js";
import type { Candidate } from "./matcher.js";
import { kindOf } from "./slot-filling.js";
import { tokenize } from "./text/normalize.js";
import type { NluCall } from "./types.js";

/**
 * Words that only join a template's slots as clauses ("{keys} so {tail}", "{label}, {duration}"):
 * a template whose fixed words are all of these rests on its slot values alone. A word that says
 * what a value is for ("… with du", "350 F in C") is the template's own and not among them.
 */
const JOINING = new Set(["to", "so", "and", "then", "or", "but", "please", "just", "now", "the", "a", "an"]);

/** Fixed words that make a free slot the words of a message, whatever they hold. */
const MESSAGE = new Set([
  "saying",
  "says",
  "say",
  "said",
  "that",
  "message",
  "msg",
  "text",
  "note",
  "reading",
  "words",
]);

/** A particle that makes the verb before it another verb ("write out", "take note of"). */
const PARTICLE = new Set(["out", "up", "down", "off", "of", "over", "back", "away"]);

/** How clearly the classifier must read another group, and how little the template's own. */
const OTHER = { bare: 0.4, particle: 0.9 } as const;
const OWN_AT_MOST = 0.1;

/**
 * A free-text template reading that swallowed a sentence about another group's thing: acted on,
 * it would do what the person did not ask. Two shapes, each only when the classifier reads the
 * whole sentence as another group's, clearly, and the template's own group barely at all:
 * - the template's fixed words are only joining words, so the reading rests on its slot values,
 *   and its free text says another group's own words ("Tokyo weather, one week": a timer whose
 *   label is a forecast request; "right so …, can you set an alarm …": a key press from a
 *   discourse marker at the start of a sentence);
 * - a free slot opens on a particle, so the template's verb was another verb ("write out what's
 *   said in memo.wav" is no file written; "take note of today as …").
 * Such a reading is left to the classifier, or asked (parser.ts).
 */
export function swallowsAnother(
  catalog: Catalog,
  candidate: Candidate,
  classify: () => Classification,
): boolean {
  const said = candidate.said;
  if (!said || candidate.missing) return false;
  const free = said.free.map((words) => words.join(" ")).join(" ");
  const bare = said.fixed.every((w) => JOINING.has(w));
  const particle = said.free.some((words) => PARTICLE.has(words[0] ?? ""));
  // Digits read from inside a file's name, the name itself unused: they are no values
  // ("sum up the report in 5 points, it's in ~/work/report-2024.pdf" adds nothing up)
  const pathDigits = readsDigitsOfPath(free, candidate.args);
  const where = destinationOf(catalog, candidate.tool, said.free);
  // A message's words may hold any time ("saying see you at 6"): only text that is no message
  const timed = !said.fixed.some((w) => MESSAGE.has(w)) && holdsClockTime(catalog, candidate.tool, free);
  // The shapes first: most template readings have none, and then the classifier need not run
  if (!bare && !particle && !pathDigits && !where && !timed) return false;
  const result = classify();
  const own = catalog.groupOf.get(candidate.tool);
  const byGroup = new Map<string, number>();
  for (const { label, probability } of result.ranked) {
    const group = catalog.groupOf.get(label);
    if (group) byGroup.set(group, (byGroup.get(group) ?? 0) + probability);
  }
  if ((byGroup.get(own ?? "") ?? 0) > OWN_AT_MOST) return false;
  const [other, p] = [...byGroup].filter(([g]) => g !== own).sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
  if (bare && p >= OTHER.bare) {
    // The other group's own words are in the free text: the sentence is about its thing
    return [...catalog.intentsOf].some(
      ([tool, specs]) =>
        catalog.groupOf.get(tool) === other && specs.some((spec) => spec.anchors?.test(free)),
    );
  }
  // A time the template had nowhere to put, which the other group's tools take
  if (timed && p >= OTHER.bare && takesTime(catalog, other)) return true;
  if (p >= OTHER.bare && (pathDigits || where === other)) return true;
  return p >= OTHER.particle && particle;
}

/** A time of day written with its mark (14:30, 3pm, "at 9"), said with a day or not. */
const CLOCK_TIME = /(?<![£$€\d.])\b\d{1,2}:\d{2}\b|\b\d{1,2} ?(?:am|pm|o'clock|oclock)\b|\bat \d{1,2}\b/;

/**
 * A free slot holding a time of day, for a tool that takes no time ("enter a conference on
 * Thursday at 14:30 for ninety minutes" as words typed): the words are a request of their own
 * with a value the template had nowhere to put, not text to pass on.
 */
function holdsClockTime(catalog: Catalog, tool: string, free: string): boolean {
  return !takesTime(catalog, undefined, tool) && CLOCK_TIME.test(free);
}

/** Whether a tool (or any tool of a group) takes a time or a date. */
function takesTime(catalog: Catalog, group: string | undefined, only?: string): boolean {
  for (const [tool, properties] of catalog.properties) {
    if (only ? tool !== only : catalog.groupOf.get(tool) !== group) continue;
    if (Object.keys(properties).some((arg) => ["when", "date"].includes(kindOf(arg, properties))))
      return true;
  }
  return false;
}

/** Where a thing is put, said last: "… into my calendar", "… on the shopping list". */
const DESTINATION = /\b(?:in|into|on|onto|to) (?:my|the|our) ((?:[\w'-]+ ){0,2}[\w'-]+)$/;

/** A string no tool's own words hold: anchors that match it match anything and name no group. */
const NO_WORD = "qqzx";

/**
 * The group whose own thing a free slot ends on as where its words go ("enter the parish
 * meeting on Tuesday into my calendar": a typed text whose destination is the calendar's), when
 * that is another group than the template's: the sentence asks that group to keep it.
 */
function destinationOf(
  catalog: Catalog,
  tool: string,
  free: readonly (readonly string[])[],
): string | undefined {
  const last = free.at(-1)?.join(" ") ?? "";
  // The thing itself, without the words that place it (which other groups' anchors may hold)
  const where = DESTINATION.exec(last)?.[1];
  if (!where) return undefined;
  const own = catalog.groupOf.get(tool);
  const owners = new Set<string>();
  for (const [t, specs] of catalog.intentsOf)
    if (specs.some((spec) => spec.anchors?.test(where) && !spec.anchors.test(NO_WORD)))
      owners.add(catalog.groupOf.get(t) ?? "");
  if (owners.has(own ?? "") || owners.size !== 1) return undefined;
  return [...owners][0];
}

/** A file or folder written as a path or a name with its extension. */
const PATH =
  /(?:~|\.{1,2})?\/[\w./-]+|[\w-]+\.(?:pdf|docx?|txt|md|csv|xlsx?|pptx?|odt|rtf|json|html?|png|jpe?g)\b/g;

/** Whether a value the template built holds a number written only inside a file's name. */
function readsDigitsOfPath(free: string, args: Record<string, unknown>): boolean {
  const built = JSON.stringify(args);
  const outside = free.replace(PATH, " ");
  // The whole name taken as a value (a path, a link, a command's file) is the name, not its digits
  return [...free.matchAll(PATH)].some(
    (m) =>
      !built.includes(m[0]) &&
      (m[0].match(/\d+/g) ?? []).some((n) => built.includes(n) && !new RegExp(`\\b${n}\\b`).test(outside)),
  );
}

/** "the … one" said as a noun ("the 2 o'clock one", "the one from …"), not "the one o'clock". */
const POINTS_AT_ONE =
  /\b(?:the|that|this)(?: \S+){0,3} one(?: (?:from|with|about|at|on|in|for|that|which|you)\b|$)/;

/**
 * A free-text template of one group that names its thing by words ("cross off {id}") just after
 * a call of another group that showed something one can point at ("read the shopping list", then
 * "cross off the milk"): the words may as well name what was just shown, so the reading is asked,
 * not acted on; so is any template of another group when the sentence points at one of several
 * things just listed. A handle written out ("#r3") or a call of the same group is not in doubt.
 */
export function namesWhatWasShown(
  catalog: Catalog,
  candidate: Candidate,
  last: NluCall | undefined,
  words: readonly string[] = [],
): boolean {
  if (!last) return false;
  const group = catalog.groupOf.get(candidate.tool);
  if (!group || catalog.groupOf.get(last.tool) === group) return false;
  const refers = (catalog.intentsOf.get(last.tool) ?? []).map((spec) => spec.refersTo?.(last.args));
  if (!refers.some(Boolean)) return false;
  // One of several things just listed, pointed at ("delete the 2 o'clock one", "the one from
  // the bank"): the last call's things, whatever another group's template read in its words
  if (refers.some((r) => r?.one) && POINTS_AT_ONE.test(words.join(" "))) return true;
  if (!candidate.said) return false;
  const properties = catalog.properties.get(candidate.tool);
  const free = new Set(candidate.said.free.map((words) => words.join(" ")));
  return Object.entries(candidate.args).some(
    ([arg, value]) =>
      typeof value === "string" &&
      kindOf(arg, properties) === "handle" &&
      free.has(
        tokenize(value)
          .map((t) => t.w)
          .join(" "),
      ),
  );
}
