import type { FollowUpInput } from "../../core/language.js";
import type { Catalog } from "./catalog.js";
import { impliedChoice } from "./follow-up-choice.js";
import { withoutClosing, withoutLead } from "./follow-up-value.js";
import { findRepeat } from "./language/helpers.js";
import { NOT_KINDS, namedOf } from "./said-values.js";
import { findDuration, type SlotEnv } from "./slots/index.js";
import type { Token } from "./text/normalize.js";
import { parseNumber } from "./text/numbers.js";
import type { NluCall, NluContext } from "./types.js";

/**
 * The follow-up reader's value edits, driven by the last tool's own schema (issue 16,
 * mechanism 1): a value said after a call ("no, twenty minutes" after a snooze, "bit lower"
 * after a volume, "text him instead" after a call, "make that quarter past" after an alarm)
 * changes the one argument of that call that takes it, every other value kept. The engine
 * names no tool: which argument takes a number, a length, a word or a moment is read from
 * its type, bounds, enum and description. These run only when the tool's own `followUp` read
 * nothing, so a group's own reading always wins.
 */

type Property = Record<string, unknown>;
type Properties = Record<string, Property>;

/** Seconds in one unit of a numeric argument, from its name and description; 0 for none. */
function timeUnit(name: string, property: Property): number {
  const said = `${name.replace(/_/g, " ")} ${String(property.description ?? "")}`;
  if (/\b(?:s|secs?|seconds?)\b/i.test(said)) return 1;
  if (/\bminutes?\b/i.test(said)) return 60;
  if (/\bhours?\b/i.test(said)) return 3600;
  return 0;
}

/** A value that names a moment (an ISO 8601 date and time). */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const isNumeric = (p: Property | undefined) => p?.type === "integer" || p?.type === "number";

/** Numeric arguments that are values to change (no handle, no id, no position in a list). */
function numericArgs(properties: Properties): Array<[string, Property]> {
  return Object.entries(properties).filter(
    ([name, p]) => isNumeric(p) && p["x-handle"] === undefined && !/^(?:id|tab|index|n)$/.test(name),
  );
}

function inBounds(value: number, p: Property): number | undefined {
  const min = typeof p.minimum === "number" ? p.minimum : Number.NEGATIVE_INFINITY;
  const max = typeof p.maximum === "number" ? p.maximum : Number.POSITIVE_INFINITY;
  const rounded = p.type === "integer" ? Math.round(value) : Math.round(value * 100) / 100;
  return rounded >= min && rounded <= max ? rounded : undefined;
}

/** Words that say what follows replaces a value, before or after it. */
const CORRECTION_LEAD = /^(?:no|nope|nah|actually|sorry|oops|wait|rather|instead|i meant|i mean)$/;

/**
 * A number or a length said as the new value ("no, twenty minutes", "make that twenty" after a
 * snooze, "70" after a brightness): the numeric argument that takes it. A length goes to an
 * argument counted in time units; a bare number to the one numeric argument the call already
 * set, else the tool's only one (never to one counted in seconds: "make it ten" is no 10 s).
 */
export function numberEdit(
  last: NluCall,
  catalog: Catalog,
  found: { seconds?: number; number?: number },
): NluCall | undefined {
  const properties = catalog.properties.get(last.tool) ?? {};
  const numeric = numericArgs(properties);
  let fits: Array<[string, number]> = [];
  if (found.seconds !== undefined) {
    fits = numeric.flatMap(([name, p]) => {
      const unit = timeUnit(name, p);
      const value = unit ? inBounds(found.seconds! / unit, p) : undefined;
      return value === undefined ? [] : [[name, value] as [string, number]];
    });
  } else if (found.number !== undefined) {
    const set = numeric.filter(([name]) => typeof last.args[name] === "number");
    // After a call that set a moment, a number alone is its hour ("move it to 3"), not a count
    const moment = Object.values(last.args).some((v) => typeof v === "string" && ISO_MOMENT.test(v));
    const pool = set.length === 1 ? set : numeric.length === 1 && !moment ? numeric : [];
    fits = pool.flatMap(([name, p]) => {
      if (timeUnit(name, p) === 1) return [];
      const value = inBounds(found.number!, p);
      return value === undefined ? [] : [[name, value] as [string, number]];
    });
  }
  if (fits.length !== 1) return undefined;
  const [name, value] = fits[0]!;
  return last.args[name] === value ? undefined : { tool: last.tool, args: { ...last.args, [name]: value } };
}

/** "bit lower", "a little more", "louder", "half that", "double it", "5 more", "another ten". */
/** Words that say which way a value goes ("louder", "down"), and reactions that say the opposite ("too loud"). */
const UP_WORDS =
  /^(?:more|higher|louder|brighter|up|longer|stronger|bigger|faster|warmer|hotter|raise|increase)$/;
const DOWN_WORDS =
  /^(?:less|lower|quieter|softer|dimmer|darker|down|shorter|weaker|smaller|slower|cooler|colder|reduce|decrease)$/;
const TOO_HIGH = /^(?:loud|bright|much|high|long|strong|big|fast|hot|warm)$/;
const TOO_LOW = /^(?:quiet|soft|dark|dim|low|little|short|weak|small|slow|cold|cool)$/;
/** Words around a direction that say only how little ("a little bit", "make it", "slightly"). */
const NUDGE =
  /^(?:a|bit|little|tiny|wee|touch|tad|slightly|just|even|notch|one|make|it|that|turn|go|put|please|then|now|way|bit|abit|little|still|can|you)$/;

/** Up, down or neither, when the words are a nudge in one direction and nothing else. */
function direction(words: readonly string[]): 1 | -1 | undefined {
  let dir: 1 | -1 | undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    // "too loud": the reaction says which way the value must go
    const reaction =
      (w === "too" || w === "so") && words[i + 1]
        ? TOO_HIGH.test(words[i + 1]!)
          ? -1
          : TOO_LOW.test(words[i + 1]!)
            ? 1
            : undefined
        : undefined;
    const said = reaction ?? (UP_WORDS.test(w) ? 1 : DOWN_WORDS.test(w) ? -1 : undefined);
    if (said !== undefined) {
      if (dir !== undefined && dir !== said) return undefined;
      dir = said;
      if (reaction !== undefined) i++;
    } else if (!NUDGE.test(w)) return undefined;
  }
  return dir;
}

const HALF =
  /^(?:(?:make it |cut it (?:in|by) |cut that (?:in|by) )?half|halve (?:it|that)|half (?:that|it|of that))$/;
const DOUBLE = /^(?:double (?:it|that)|double|twice (?:that|as much))$/;
const BY = /^(?:(?:another|add) (.+?)|(.+?) (more|less|extra|fewer))$/;

/**
 * A change relative to the last call's own numeric value: up or down by a step of its range
 * (a tenth of a 0–100 level, a minute of a length in seconds, five of one in minutes), halved,
 * doubled, or by a said amount. Only when the call set exactly one numeric value: a change
 * "relative to" nothing is not read.
 */
export function relativeEdit(words: readonly string[], last: NluCall, catalog: Catalog): NluCall | undefined {
  const said = words.join(" ");
  if (said.length === 0) return undefined;
  const properties = catalog.properties.get(last.tool) ?? {};
  const set = numericArgs(properties).filter(([name]) => typeof last.args[name] === "number");
  if (set.length !== 1) return undefined;
  const [name, p] = set[0]!;
  const old = last.args[name] as number;
  const unit = timeUnit(name, p);
  const span =
    typeof p.minimum === "number" && typeof p.maximum === "number" && p.maximum - p.minimum <= 100
      ? (p.maximum - p.minimum) / 10
      : undefined;
  const step = span ?? (unit === 1 ? 60 : unit === 60 ? 5 : unit === 3600 ? 1 : undefined);
  let value: number | undefined;
  const dir = words.length <= 6 ? direction(words) : undefined;
  if (dir !== undefined) value = step === undefined ? undefined : old + dir * step;
  else if (HALF.test(said)) value = old / 2;
  else if (DOUBLE.test(said)) value = old * 2;
  else {
    const m = BY.exec(said);
    const amount = m ? (m[1] ?? m[2])!.split(" ") : undefined;
    // "another one", "one more": one more of the thing, not one more of its number
    if (amount && !/^(?:one|a|an)$/.test(amount[0]!)) {
      const seconds = findDuration(amount);
      const whole =
        seconds && seconds.start === 0 && seconds.end === amount.length ? seconds.seconds : undefined;
      const count = whole === undefined ? parseNumber(amount) : undefined;
      const by = whole !== undefined ? (unit ? whole / unit : undefined) : count;
      const sign = m![3] === "less" || m![3] === "fewer" ? -1 : 1;
      if (by !== undefined && by > 0) value = old + sign * by;
    }
  }
  if (value === undefined) return undefined;
  const bounded = inBounds(value, p);
  return bounded === undefined || bounded === old
    ? undefined
    : { tool: last.tool, args: { ...last.args, [name]: bounded } };
}

/** The values a text argument takes, from its enum or a description ending "…: a, b or c". */
function choicesOf(p: Property): string[] {
  if (Array.isArray(p.enum)) return p.enum.filter((v): v is string => typeof v === "string");
  const listed = /:\s*([a-z]+(?:, [a-z]+)* or [a-z]+)\s*$/i.exec(String(p.description ?? ""));
  return listed ? listed[1]!.split(/, | or /).map((v) => v.toLowerCase()) : [];
}

/**
 * One of a text argument's own choices said as a correction ("no, text him instead" after a
 * call: `via` text; "no, her work number": `type` work): the same call with that choice. Only
 * with a word that corrects, only a choice other than the one the call has, and only when the
 * words name one choice of one argument.
 */
export function choiceSwap(words: readonly string[], last: NluCall, catalog: Catalog): NluCall | undefined {
  const corrected = words.some((w, i) => (i === 0 || i === words.length - 1) && CORRECTION_LEAD.test(w));
  if (!corrected || words.length > 8) return undefined;
  const properties = catalog.properties.get(last.tool) ?? {};
  const fits: Array<[string, string]> = [];
  for (const [name, p] of Object.entries(properties)) {
    if (p.type !== "string") continue;
    const said = choicesOf(p).filter(
      (choice) => words.includes(choice.toLowerCase()) || impliedChoice(choice, name, words, properties),
    );
    if (said.length !== 1) continue;
    if (String(last.args[name] ?? "").toLowerCase() === said[0]!.toLowerCase()) continue;
    fits.push([name, said[0]!]);
  }
  if (fits.length !== 1) return undefined;
  const [name, value] = fits[0]!;
  return { tool: last.tool, args: { ...last.args, [name]: value } };
}

/** "quarter past", "half past", "ten to": a minute said without its hour. */
const MINUTE_ONLY =
  /^(?:at )?(quarter|half|\S+)(?: minutes?)? (past|after|to|before)(?: it| that| the hour)?$/;

/**
 * A minute said without its hour after a call that set a moment ("make that quarter past" after
 * a 6 o'clock alarm): the same call at that minute of the same hour and day.
 */
export function minuteEdit(words: readonly string[], last: NluCall): NluCall | undefined {
  const m = MINUTE_ONLY.exec(words.join(" "));
  if (!m) return undefined;
  const minutes = m[1] === "quarter" ? 15 : m[1] === "half" ? 30 : parseNumber([m[1]!]);
  if (minutes === undefined || minutes < 1 || minutes > 59 || (m[1] === "half" && /to|before/.test(m[2]!)))
    return undefined;
  const moments = Object.entries(last.args).filter(
    (e): e is [string, string] => typeof e[1] === "string" && ISO_MOMENT.test(e[1]),
  );
  if (moments.length !== 1) return undefined;
  const [name, iso] = moments[0]!;
  const hour = Number(iso.slice(11, 13));
  const back = /to|before/.test(m[2]!);
  const h = back ? hour - 1 : hour;
  if (h < 0) return undefined;
  const minute = back ? 60 - minutes : minutes;
  const pad = (n: number) => String(n).padStart(2, "0");
  const moved = `${iso.slice(0, 11)}${pad(h)}:${pad(minute)}${iso.slice(16)}`;
  return moved === iso ? undefined : { tool: last.tool, args: { ...last.args, [name]: moved } };
}

/** Words that only join a repeat to the call before ("and every day after that too"). */
const REPEAT_FILLER =
  /^(?:and|also|too|as|well|after|that|then|from|now|on|it|please|again|make|do|the|same|same|thing|this|instead|actually|no|ok|okay)$/;

/**
 * A repeat said with nothing but joining words after a call whose tool takes one ("and every
 * day after that too" after an alarm): that call again, repeated.
 */
export function repeatEdit(words: readonly string[], last: NluCall, catalog: Catalog): NluCall | undefined {
  if (!catalog.properties.get(last.tool)?.repeat) return undefined;
  const found = findRepeat(words);
  if (!found) return undefined;
  const rest = words.filter((_w, i) => i < found.start || i >= found.end);
  if (rest.length > 6 || !rest.every((w) => REPEAT_FILLER.test(w))) return undefined;
  return last.args.repeat === found.repeat
    ? undefined
    : { tool: last.tool, args: { ...last.args, repeat: found.repeat } };
}

/**
 * The last tool's schema reads what its own follow-up did not: a step up or down, half or
 * double its number ("bit lower", "too much, half that"), one of a text argument's choices
 * said as a correction ("no, text him instead"), a repeat ("and every day after that too").
 */
export function schemaEdit(
  said: readonly string[],
  after: readonly string[] | undefined,
  last: NluCall,
  catalog: Catalog,
): NluCall | undefined {
  const bare = (words: readonly string[]) => withoutClosing([...withoutLead(words)]);
  return (
    relativeEdit(bare(said), last, catalog) ??
    (after ? relativeEdit(bare(after), last, catalog) : undefined) ??
    minuteEdit(bare(said), last) ??
    choiceSwap(said, last, catalog) ??
    repeatEdit(said, last, catalog)
  );
}

/** Words in an argument's description that say it names a place. */
const PLACE_WORDS = /\b(?:city|country|place|town|location|time zone|zone|where)\b/i;

/**
 * A place said after a call that named one ("and in New York?" after converting a time to
 * Tokyo): the same call with that place in the argument that held one, the required one when
 * the call set several (the place it is about, not the one it starts from).
 */
export function placeEdit(last: NluCall, catalog: Catalog, place: string): NluCall | undefined {
  const properties = catalog.properties.get(last.tool) ?? {};
  const required = catalog.required.get(last.tool) ?? [];
  const held = Object.entries(properties)
    .filter(([name, p]) => p.type === "string" && typeof last.args[name] === "string")
    .filter(([, p]) => PLACE_WORDS.test(String(p.description ?? "")))
    .map(([name]) => name);
  const pool = held.length > 1 ? held.filter((name) => required.includes(name)) : held;
  if (pool.length !== 1) return undefined;
  const name = pool[0]!;
  return String(last.args[name]).toLowerCase() === place.toLowerCase()
    ? undefined
    : { tool: last.tool, args: { ...last.args, [name]: place } };
}

/**
 * An edited call of a tool that made something the session holds a handle to (a timer, an
 * alarm): the newest such thing is cancelled first, as the groups' own corrections do, so a
 * change never leaves the old one running beside the new. The cancel is the group's tool that
 * takes that kind of handle to cancel (its own family first). With no handle held, the last
 * call is taken back the way its own tool says "undo" (`undo`: an item added to the wrong list
 * comes off it), so "no, the baking list" moves the item instead of leaving it on both.
 */
export function replacing(edited: NluCall, context: NluContext, catalog: Catalog, env: SlotEnv): NluCall[] {
  if (catalog.readsOnly.has(edited.tool)) return [edited];
  const group = catalog.groupOf.get(edited.tool);
  const family = edited.tool.slice(0, edited.tool.indexOf("_") + 1);
  const handles = context.handles ?? [];
  let best: { call: NluCall; score: number } | undefined;
  for (const spec of catalog.intents.values()) {
    if (catalog.groupOf.get(spec.tool) !== group || spec.tool === edited.tool) continue;
    for (const use of spec.handles ?? []) {
      if (!use.verbs.includes("cancel")) continue;
      const newest = handles
        .filter((h) => h.kind === use.kind && (!use.label || use.label.test(h.label ?? "")))
        .at(-1);
      if (!newest) continue;
      const score = (spec.tool.startsWith(family) ? 0 : 10) + (use.rank ?? 0);
      if (!best || score < best.score)
        best = { call: { tool: spec.tool, args: { [use.arg]: newest.handle } }, score };
    }
  }
  if (best) return [best.call, edited];
  const last = context.lastCall;
  const taken = last?.tool === edited.tool ? undoOf(last, context, env, catalog) : [];
  return [...taken, edited];
}

/** "the bakery one": a label said before "one". */
const LABEL_ONE = /\b(?:the|that|this) ([\p{L}\d'-]+) one\b/iu;
const NOT_A_LABEL = /^(?:first|second|third|last|next|other|same|new|old|right|wrong|latest)$/;

/**
 * A thing of the kind an argument names, said as a correction ("no, the bakery list", "no, the
 * other list, the bakery one", "actually the work calendar"): the same call with that name in
 * the argument, when the last call set it and one argument fits. Only with a word that corrects.
 */
export function namedSwap(tokens: readonly Token[], text: string, last: NluCall, catalog: Catalog) {
  const words = tokens.map((t) => t.w);
  const corrected =
    CORRECTION_LEAD.test(words[0] ?? "") || words.includes("other") || words.at(-1) === "instead";
  if (!corrected || words.length > 10) return undefined;
  const properties = catalog.properties.get(last.tool) ?? {};
  const fits: Array<[string, string]> = [];
  for (const [name, p] of Object.entries(properties)) {
    if (p.type !== "string" || typeof last.args[name] !== "string" || NOT_KINDS.test(name)) continue;
    if (!/^[a-z]+$/.test(name)) continue;
    const label = words.includes(name) ? LABEL_ONE.exec(text)?.[1] : undefined;
    const value =
      namedOf(name, tokens, text) ?? (label && !NOT_A_LABEL.test(label.toLowerCase()) ? label : undefined);
    if (value && value.toLowerCase() !== String(last.args[name]).toLowerCase()) fits.push([name, value]);
  }
  if (fits.length !== 1) return undefined;
  const [name, value] = fits[0]!;
  return { tool: last.tool, args: { ...last.args, [name]: value } };
}

/** The newest handle of each kind the session holds ("t" → "#t3"), for a tool's own follow-up. */
export function newestHandles(context: NluContext): Record<string, string> {
  const newest: Record<string, string> = {};
  for (const handle of context.handles ?? []) newest[handle.kind] = handle.handle;
  return newest;
}

/**
 * What the last call's own tool makes of a follow-up: the first of its intents whose answer is
 * calls of known tools (and, when given, calls that pass `keep`).
 */
export function ownFollowUp(
  input: FollowUpInput,
  catalog: Catalog,
  keep: (call: NluCall) => boolean = () => true,
): NluCall[] | undefined {
  for (const spec of catalog.intentsOf.get(input.last.tool) ?? []) {
    const answer = spec.followUp?.(input);
    const calls = answer === undefined ? [] : Array.isArray(answer) ? answer : [answer as NluCall];
    if (calls.length > 0 && calls.every((call) => catalog.groupOf.has(call.tool) && keep(call)))
      return [...calls];
  }
  return undefined;
}

/** How the last call's own tool takes it back ("undo"), for a correction that replaces it. */
function undoOf(last: NluCall, context: NluContext, env: SlotEnv, catalog: Catalog): NluCall[] {
  const input = { kind: "undo" as const, last, newest: newestHandles(context), words: [], said: [], env };
  // Only a take-back that names what it takes back: "cancel the only one" could be another
  const named = (call: NluCall) => Object.values(call.args).some((v) => v !== undefined);
  return ownFollowUp(input, catalog, named) ?? [];
}
