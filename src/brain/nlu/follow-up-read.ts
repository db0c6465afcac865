import type { FollowUpKind } from "../../core/language.js";
import type { Catalog } from "./catalog.js";
import { repeatedWithValue } from "./follow-up-another.js";
import { verbOnAnswer } from "./follow-up-answer.js";
import { pathSwap, soleItemSwap, unitSwap } from "./follow-up-convert.js";
import { choiceWithMessage, numberInText, otherChoice, otherHalf } from "./follow-up-correct.js";
import {
  minuteEdit,
  namedSwap,
  newestHandles,
  numberEdit,
  ownFollowUp,
  placeEdit,
  replacing,
  schemaEdit,
} from "./follow-up-edit.js";
import { labelledPick } from "./follow-up-label.js";
import { verbOnMade } from "./follow-up-made.js";
import { placeOfMade } from "./follow-up-place.js";
import { changeInPlace, momentOf, movedMoment, onLastDay } from "./follow-up-update.js";
import {
  bareValue,
  clauseAfterReaction,
  clauseBeforeReason,
  countCorrection,
  dayAfterLast,
  looksLikeItems,
  requiredLeftOut,
  typedSwap,
  withoutClosing,
  withoutLead,
} from "./follow-up-value.js";
import { writtenInto } from "./follow-up-write-in.js";
import { findDuration, parseWhen, type SlotEnv } from "./slots/index.js";
import { SlotCache } from "./template.js";
import { tokenize } from "./text/normalize.js";
import { parseNumber } from "./text/numbers.js";
import type { NluCall, NluContext } from "./types.js";

/*
 * The follow-up reader (split from context.ts): what a turn said right after a call means
 * against that call ("and tomorrow?", "make it 4 minutes", "cancel that"). The last call's own
 * tool reads it first; then the engine's schema-driven edits (follow-up-edit.ts).
 */

/** Leads of a follow-up and how it leans on the last call; the rest is what it is about. */
const FOLLOW_UPS: ReadonlyArray<{ kind: FollowUpKind; pattern: RegExp }> = [
  {
    kind: "undo",
    pattern:
      /^(?:cancel|undo|scrap|delete|remove|forget|take back) (?:all of )?(?:it|that|this|that one|the last one)(?: again| now| then| please)?$()/,
  },
  { kind: "undo", pattern: /^(?:take|cross|strike) (?:it|that|them|those) (?:off|out)(?: again)?$()/ },
  // "close it again" right after opening it: "again" undoes, it does not repeat
  {
    kind: "undo",
    pattern: /^(?:close|quit|exit|shut) (?:it|that|this)(?: down)?(?: again| now| then| please)?$()/,
  },
  // Taking back what was just done: the last call's tool says what its opposite is
  { kind: "undo", pattern: /^(?:undo (?:that|it),? )?(?:put|bring) (?:it|that|them|those) back$()/ },
  { kind: "undo", pattern: /^(?:never mind|nevermind) (?:that|it)$()/ },
  { kind: "more", pattern: /^(?:and|also|plus|oh and) (.+?) (?:too|as well)$/ },
  { kind: "more", pattern: /^(?:add|also add|and add|put) (.+?) (?:too|as well|also)$/ },
  {
    kind: "change",
    pattern:
      /^(?:make it|make that|change it to|change that to|set it to|set it for|move it to|change it for|no make it|actually make it|actually|i meant|i mean|(?:push|move|shift|bring|put) (?:it|that)(?: back| forward| on)? (?:to|till|until))\s+(.+?)(?: instead| then| please)?$/,
  },
  { kind: "change", pattern: /^(.+?) instead$/ },
  // A correction said as a preference ("better 20 minutes", "on reflection I'd prefer seven")
  {
    kind: "change",
    pattern:
      /^(?:(?:on reflection|on second thoughts?|come to think of it) )?(?:better|rather|preferably|i would rather have|i would rather|i would prefer|i should prefer|i prefer|prefer)\s+(.+?)(?: instead| then| please| if you do not mind| if that is ok)?$/,
  },
  {
    kind: "and",
    pattern:
      /^(?:and|what about|how about|and what about|and how about|same for|and for|what about for|ok and|okay and)\s+(.+)$/,
  },
];

/** Words that only make sense with something said before ("make it ...", "cancel that"). */
const NEEDS_CONTEXT =
  /^(?:make it|make that|change it|cancel it|cancel that|undo|scrap that|actually make it|and .+ too$)/;

const PLACE_LEAD = new Set(["in", "at", "for"]);
const LATER = /\b(?:from now|later|earlier|after|before|on)\b/;

/** The follow-up kind and the words it is about, when the utterance is one. */
export function followUpOf(words: readonly string[]): { kind: FollowUpKind; rest: string[] } | undefined {
  // As said first ("actually 5 minutes" is a change), then without its hesitations
  for (const said of new Set([words.join(" "), withoutLead(words).join(" ")]))
    for (const { kind, pattern } of FOLLOW_UPS) {
      const m = pattern.exec(said);
      if (m) return { kind, rest: (m[1] ?? "").split(" ").filter(Boolean) };
    }
  return undefined;
}

/** "make it 4 minutes" with no call before it: the problem to say instead of guessing. */
export function danglingFollowUp(words: readonly string[], context: NluContext): string | undefined {
  if (context.lastCall || !NEEDS_CONTEXT.test(words.join(" "))) return undefined;
  return "I'm not sure what you mean; there is nothing to change yet.";
}

/**
 * "and tomorrow?", "make it 4 minutes", "cancel that": the last call's tool decides what it means.
 * A single call that leaves out a required value ("make it half an hour" with no event to point
 * at) carries what it misses, so it is asked about, never acted on without it.
 */
export function resolveFollowUp(
  said: readonly string[],
  context: NluContext,
  cache: SlotCache,
  env: SlotEnv,
  catalog: Catalog,
): { calls: NluCall[]; missing: string[] } | undefined {
  const last = context.lastCall;
  if (!last) return undefined;
  // "it's at the clinic on High Street" after an event was made: where the thing made is
  const placed = placeOfMade(said, cache, last, context, catalog);
  if (placed) return { calls: [placed.call], missing: placed.missing };
  // "add buttonholes to it" after a note was read: written into the thing the last call named
  const written = writtenInto(env.text, last, catalog);
  if (written) return { calls: [written], missing: [] };
  // "run the stock check one now" after a listing: one of what was listed, by what it is called
  const picked = labelledPick(said, last, catalog);
  if (picked) return { calls: [picked.call], missing: picked.missing };
  // "and another one for 8 minutes", "the same on Sunday": one more, with the value said (read
  // first: "the same for the bakery list" is never an item called "the same …")
  for (const text of repeatedWithValue(said)) {
    const again = tokenize(text);
    const turn = { ...env, text };
    const words = again.map((t) => t.w);
    const more = resolveFollowUp(words, context, new SlotCache(again, turn), turn, catalog);
    // A value read as a change replaces the first (a take-back, then the call): only the call
    const call = more?.calls.at(-1);
    if (call?.tool === last.tool)
      return { calls: [call], missing: more!.calls.length === 1 ? more!.missing : [] };
  }
  const whole = answerOf(said, last, context, cache, env, catalog);
  if (whole) return whole;

  // "and in metres?" after a conversion, "same for ~/Videos" after a command on a folder: the
  // same call again with the unit or the path said (one more, never a take-back of the first)
  const converted =
    unitSwap(said, last) ?? pathSwap(env.text, last) ?? soleItemSwap(asked(said), last, catalog);
  if (converted) return { calls: [converted], missing: [] };
  // "scrap it, I'm having a lie-in", "make it 10, they're still frozen": a follow-up said with
  // its reason after a comma or a dash is read without the reason
  const clause = clauseBeforeReason(said, cache);
  const answer = clause ? answerOf(clause, last, context, cache, env, catalog) : undefined;
  if (answer) return answer;
  // "too dark, make it 70", "too long, just 3 points": a reaction, then the correction itself
  const after = clauseAfterReaction(said, cache);
  // "just 3 points" after a summary: the call's own count, when its tool has one for that noun
  const counted =
    countCorrection(clause ?? said, last, catalog) ??
    (after ? countCorrection(after, last, catalog) : undefined) ??
    typedSwap(said, last, cache);
  if (counted) return { calls: [counted], missing: [] };
  const corrected = after ? answerOf(after, last, context, cache, env, catalog) : undefined;
  if (corrected) return corrected;
  const edited =
    schemaEdit(said, after, last, catalog) ??
    (cache.tokens.length === said.length ? namedSwap(cache.tokens, env.text, last, catalog) : undefined);
  // A correction of one value the call holds: a number in its text, a choice's other, the
  // other half of the day, a changed way of reaching someone with a message
  const fixed =
    choiceWithMessage(said, env.text, last, catalog) ??
    edited ??
    numberInText(said, env.text, last, catalog) ??
    otherChoice(said, env.text, last, catalog) ??
    otherHalf(said, env.text, last);
  if (fixed) return { calls: replacing(fixed, context, catalog, env), missing: [] };
  // "actually pause that one" after a routine was made: the sibling that acts on the thing made
  const made =
    verbOnMade(clause ?? said, last, context, catalog) ?? verbOnAnswer(clause ?? said, last, catalog);
  return made ? { calls: [made.call], missing: made.missing } : undefined;
}

/** What the last call's tool makes of these words as a follow-up, if anything. */
function answerOf(
  words: readonly string[],
  last: NluCall,
  context: NluContext,
  cache: SlotCache,
  env: SlotEnv,
  catalog: Catalog,
): { calls: NluCall[]; missing: string[] } | undefined {
  const led = followUpOf(words);
  const found = led ?? bareValue(withoutLead(words), env);
  if (!found) return undefined;
  const rest = withoutClosing(found.rest);
  // Where the words it is about start ("and bananas too": after "and", before "too")
  let offset = words.length - rest.length;
  for (let i = 0; i + rest.length <= words.length; i++)
    if (rest.every((w, k) => words[i + k] === w)) {
      offset = i;
      break;
    }
  const seconds = rest.length > 0 ? findDuration(rest)?.seconds : undefined;
  // "make it 4 minutes" is a length; only "in 4 minutes" or "4 minutes later" is a moment
  const length = seconds !== undefined && rest[0] !== "in" && !LATER.test(rest.join(" "));
  const named =
    rest.length > 0 && !length
      ? (dayAfterLast(rest, last, env) ??
        parseWhen(rest, { zones: env.zones, now: env.now, timezone: env.timezone, direction: "future" }))
      : undefined;
  // A new clock time for the call's moment stays on its day ("make it 4" after Friday at 3pm)
  const when = found.kind === "change" ? onLastDay(named, last, rest) : named;
  // "add bread as well", "and sam too": more of something, not somewhere ("and in oslo too" is)
  const more = words[0] === "add" || /\b(?:too|as well|also)$/.test(words.join(" "));
  const place =
    rest.length > 0 && !(more && !PLACE_LEAD.has(rest[0]!)) ? placeOf(rest, offset, cache) : undefined;
  const number = rest.length > 0 ? parseNumber(rest) : undefined;
  const newest = newestHandles(context);
  const input = {
    kind: found.kind,
    last,
    newest,
    words: rest,
    said: words,
    env,
    ...(rest.length > 0 ? { rest: cache.raw(offset, offset + rest.length) } : {}),
    ...(when ? { when } : {}),
    ...(place ? { place } : {}),
    ...(seconds !== undefined ? { seconds } : {}),
    ...(number !== undefined ? { number } : {}),
  };
  // "and butter" after adding eggs adds more; "and tomorrow" asks the same again: the tool says which
  // A day, a length or a place ("and for tomorrow", "and in london") is never one more item
  const items = found.kind === "and" && looksLikeItems(rest) && !when && seconds === undefined;
  const kinds: FollowUpKind[] = items ? ["and", "more"] : [found.kind];
  for (const kind of kinds) {
    const calls = ownFollowUp({ ...input, kind }, catalog);
    // Only a change said as one ("make it …"): a bare time after a reminder may fill its hour
    const moved =
      led?.kind === "change" && kind === "change" && calls?.length === 1
        ? secondMade(calls[0]!, last, context, catalog)
        : undefined;
    if (moved) return moved;
    if (calls) return { calls, missing: calls.length === 1 ? requiredLeftOut(calls[0]!, catalog) : [] };
  }
  // Nothing of the tool's own: a new value for the argument its schema says takes it
  const moved = found.kind === "and" && place && !when ? placeEdit(last, catalog, place) : undefined;
  if (moved) return { calls: [moved], missing: [] };
  // "and the log" after a command run with one sub-command: the same command with that one
  const other =
    found.kind === "and" && !when && seconds === undefined ? soleItemSwap(rest, last, catalog) : undefined;
  if (other) return { calls: [other], missing: [] };
  if (found.kind !== "change") return undefined;
  const edited =
    minuteEdit(rest, last) ??
    numberEdit(last, catalog, length ? { seconds } : { ...(number !== undefined ? { number } : {}) }) ??
    (length ? undefined : movedMoment(last, when, rest));
  if (!edited) return undefined;
  const inPlace = changeInPlace(edited, last, context, catalog);
  if (inPlace) return { calls: [inPlace.call], missing: inPlace.missing };
  return { calls: replacing(edited, context, catalog, env), missing: [] };
}

function placeOf(rest: readonly string[], offset: number, cache: SlotCache): string | undefined {
  const start = rest[0] === "in" || rest[0] === "at" || rest[0] === "for" ? 1 : 0;
  if (start >= rest.length) return undefined;
  const value = cache.parse("city", "city", offset + start, offset + rest.length);
  return typeof value === "string" ? value : undefined;
}

/** "now show me the diff": what is asked for after a lead that only asks to see or do it. */
function asked(words: readonly string[]): readonly string[] {
  const m =
    /^(?:(?:and|now|then|ok|okay|so) )*(?:(?:show|give|get|tell) me|show|run|do|what about|how about) (.+)$/.exec(
      words.join(" "),
    );
  return m ? m[1]!.split(" ") : [];
}

/**
 * A tool's own reading of "make it half four" that makes the thing again with its moment moved
 * and nothing that names the first (no handle held, so nothing says the new one replaces it)
 * would leave two beside each other. When the group has a changer for what the maker made
 * (follow-up-update.ts), it is that change; with no handle of the thing held it asks which one
 * rather than guess it from a title two things may share. Writers label this turn a change
 * (dev15, dev17, dev19) or the thing made again (dev6, dev13): asking is never a wrong action
 * for either. A moment added where none was set ("at 6 pm" after a reminder with no time) is the
 * tool's own reading, kept.
 */
function secondMade(
  call: NluCall,
  last: NluCall,
  context: NluContext,
  catalog: Catalog,
): { calls: NluCall[]; missing: string[] } | undefined {
  if (call.tool !== last.tool || !momentOf(last)) return undefined;
  if (Object.values(call.args).some((v) => typeof v === "string" && /^#[a-z]\d+$/.test(v))) return undefined;
  const change = changeInPlace(call, last, { ...context, handles: context.handles ?? [] }, catalog);
  if (!change) return undefined;
  const held =
    change.missing.length === 0 &&
    (context.handles ?? []).some((h) => Object.values(change.call.args).includes(h.handle));
  if (held) return { calls: [change.call], missing: [] };
  // Only the values that moved: which one is asked
  const id = Object.keys(change.call.args).find((name) => !(name in call.args));
  const args = Object.fromEntries(Object.entries(change.call.args).filter(([name]) => name !== id));
  return id ? { calls: [{ tool: change.call.tool, args }], missing: [id] } : undefined;
}
