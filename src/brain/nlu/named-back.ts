import type { Catalog } from "./catalog.js";
import type { NluCall } from "./types.js";

/** "the second one", "the gym one": one of what the last call listed, by position or label. */
const ONE = /\b(?:the|that|this) ((?:[\p{L}\d'-]+ ){0,2}?)one\b/iu;
/** "it", "that", "all of that", "him": the whole of what the last call showed or did. */
const IT = /\b(?:(?:all of )?(?:that|this) one|all of (?:that|it|them)|it|that|this|them|him|her)\b/i;
/** Words that pass on what follows: a pointer after them is part of the message. */
const QUOTING = /\b(?:saying|says|say|tell|write|message)\b|[:'"“‘]/i;
/** A pointer further in is part of a value ("reply saying that works"), not the thing meant. */
const NEAR_START = 5;

/**
 * The utterance with its pointer replaced by what the last call's tool says it showed ("press
 * it" → "press the Save button"), or undefined when the tool names nothing or nothing points.
 */
export function namedBack(catalog: Catalog, text: string, last: NluCall): string | undefined {
  const names = (catalog.intentsOf.get(last.tool) ?? [])
    .map((spec) => spec.refersTo?.(last.args))
    .find((n) => n !== undefined);
  const there = thereNamed(text, names?.it ?? groupThing(catalog, last));
  if (there) return there;
  if (!names) return undefined;
  // Near the start, and not inside words being passed on ("reply saying that works")
  const early = (index: number) =>
    text.slice(0, index).split(/\s+/).filter(Boolean).length < NEAR_START &&
    !QUOTING.test(text.slice(0, index));
  const one = names.one ? ONE.exec(text) : null;
  if (one && early(one.index)) {
    const start = one.index + one[0].length - "one".length;
    return `${text.slice(0, start)}${names.one}${text.slice(start + "one".length)}`;
  }
  const it = names.it ? IT.exec(text) : null;
  if (it && early(it.index))
    return `${text.slice(0, it.index)}${names.it}${text.slice(it.index + it[0].length)}`;
  return undefined;
}

/** "there" at the end of a request, before words that only close it ("put 4417 there instead"). */
const THERE =
  /^(?!(?:is|are|was|were|what|who|how|when|where|why|anything|nothing)\b)(.+?) there((?: (?:instead|then|please|too|as well|now|for me))*)$/i;

/**
 * "put PO 7781 there instead" after the clipboard was read: the place is where the last call
 * looked, named as the thing it showed ("on the clipboard"). Seen in dev11 and dev18.
 */
function thereNamed(text: string, it: string | undefined): string | undefined {
  const m = it ? THERE.exec(text.trim()) : null;
  if (!m || /\b(?:over|in|on|at|from|to)$/i.test(m[1]!)) return undefined;
  return `${m[1]} on ${it}${m[2] ?? ""}`;
}

/**
 * What a call with no name of its own for what it showed looked at: its group's own thing, when
 * the group is one thing ("the clipboard"), never a group of many ("the files").
 */
function groupThing(catalog: Catalog, last: NluCall): string | undefined {
  const group = catalog.groupOf.get(last.tool);
  return group && !group.endsWith("s") && catalog.readsOnly.has(last.tool) ? `the ${group}` : undefined;
}
