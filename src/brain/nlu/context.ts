import type { FollowUpKind } from "../../core/language.js";
import type { ActiveIntent, Catalog } from "./catalog.js";
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
import { findDuration, parseWhen, type SlotEnv } from "./slots/index.js";
import type { SlotCache } from "./template.js";
import { parseNumber, parseOrdinal } from "./text/numbers.js";
import type { NluCall, NluContext } from "./types.js";

/**
 * Follow-ups that only make sense with the session: "open the second one", "read me that
 * email", "and tomorrow?". Everything resolves to a handle or to the last call, never to a
 * guess: with nothing to point at, the parser says so instead of acting.
 */
type Handle = NonNullable<NluContext["handles"]>[number];

export const NOUN_KINDS: Record<string, string> = {
  link: "u",
  links: "u",
  result: "u",
  page: "u",
  article: "u",
  site: "u",
  website: "u",
  url: "u",
  email: "m",
  mail: "m",
  message: "m",
  thread: "m",
  conversation: "m",
  file: "f",
  document: "f",
  event: "e",
  meeting: "e",
  timer: "t",
  alarm: "t",
};

type Verb = "open" | "read" | "cancel" | "summarize";

const VERBS: Record<string, Verb> = {
  open: "open",
  visit: "open",
  follow: "open",
  click: "open",
  "click on": "open",
  "go to": "open",
  show: "open",
  "show me": "open",
  view: "open",
  "pull up": "open",
  read: "read",
  "read me": "read",
  "read out": "read",
  summarize: "summarize",
  summarise: "summarize",
  check: "read",
  cancel: "cancel",
  trash: "cancel",
  bin: "cancel",
  stop: "cancel",
  delete: "cancel",
  remove: "cancel",
};

const REFERENCE =
  /^(open|visit|follow|click on|click|go to|show me|show|view|pull up|read me|read out|read|summarize|summarise|check|cancel|stop|delete|remove|trash|bin) (?:(it|that|this|that one|this one)|(?:the|that|this) (?:(\w+) )?(one|link|links|result|page|article|site|website|url|email|mail|message|thread|conversation|file|document|event|meeting|timer|alarm)|number (\d{1,3})|the (\w+))$/;

export interface Reference {
  /** The call, when the reference resolved to a handle a registered tool can take. */
  call?: NluCall;
  /** Why it could not resolve (no such handle, nothing to do with it). */
  problem?: string;
  /** The tool it points at when the listing left no handles to pick from: ask which one. */
  ask?: { call: NluCall; missing: string[] };
}

/** Does this utterance point at an earlier result? Returns undefined if it does not. */
export function resolveReference(
  words: readonly string[],
  context: NluContext,
  catalog: Catalog,
): Reference | undefined {
  const m = REFERENCE.exec(words.join(" ")) ?? REFERENCE.exec(withoutLead(words).join(" "));
  if (!m) return undefined;
  const verb = VERBS[m[1]!]!;
  const ordinalWord = m[3] ?? m[6];
  let position: number | undefined = m[5] ? Number(m[5]) : undefined;
  if (ordinalWord !== undefined) {
    position =
      ordinalWord === "latest" || ordinalWord === "newest" || ordinalWord === "previous"
        ? -1
        : parseOrdinal(ordinalWord);
    if (position === undefined) return undefined;
  }
  const noun = m[4];
  const kind = noun && noun !== "one" ? NOUN_KINDS[noun] : undefined;
  const handles = context.handles ?? [];
  const pool = latestBatch(handles, kind);
  if (pool.length === 0) {
    // "delete the second one" right after a listing that left nothing to point at: the listing's
    // area says which tool is meant, and the question "which one?" is honest where acting is not
    // ("cancel the timer" is an ordinary command; "summarise that thread" points back)
    // A bare "it"/"that" right after a call points back at what it showed ("delete it" after
    // "when's my haircut?"); the question is still asked, never an action on a guess
    const pointed = position !== undefined || m[2] !== undefined || / (?:that|this) \w+$/.test(m[0]);
    const ask = pointed && context.lastCall ? askWhich(verb, kind, context.lastCall, catalog) : undefined;
    if (ask) return { ask };
    // "cancel the (first) timer" with nothing minted is an ordinary command; "open it" is a dangling reference
    if (m[4] && m[4] !== "one") return undefined;
    return { problem: "I don't know which one you mean; there is nothing to refer to yet." };
  }
  const handle = position === undefined || position === -1 ? pool.at(-1) : pool[position - 1];
  if (!handle) return { problem: `There are only ${pool.length} to choose from.` };
  const call = callFor(verb, handle, catalog.intents.values());
  return call ? { call } : { problem: `I can't ${verb} that with the tools I have.` };
}

const PICK =
  /^(?:(?:the|that|this) )?(?:(\w+)(?: one)?|number (\d{1,3})|(?:the )?(\w+) (?:event|message|email|reminder|file|one|link))$/;

/**
 * "the second one" as the answer to "Which event?": the pending call's missing handle, picked
 * from the newest listing of a kind the tool accepts.
 */
export function pickPendingHandle(
  words: readonly string[],
  context: NluContext,
  catalog: Catalog,
): { call: NluCall; missing: string[] } | undefined {
  const pending = context.pending;
  const [arg, ...rest] = pending?.missing ?? [];
  if (!pending || !arg) return undefined;
  const m = PICK.exec(words.join(" "));
  if (!m) return undefined;
  const word = m[1] ?? m[3];
  const position = m[2]
    ? Number(m[2])
    : word === "last" || word === "latest" || word === "newest"
      ? -1
      : word
        ? parseOrdinal(word)
        : undefined;
  if (position === undefined) return undefined;
  const kinds = catalog.intentsOf.get(pending.tool)?.find((spec) => spec.accepts?.[arg])?.accepts?.[arg];
  const handles = (context.handles ?? []).filter((h) => !kinds || kinds.includes(h.kind as never));
  const pool = latestBatch(handles, handles.at(-1)?.kind);
  const handle = position === -1 ? pool.at(-1) : pool[position - 1];
  if (!handle) return undefined;
  return { call: { tool: pending.tool, args: { ...pending.args, [arg]: handle.handle } }, missing: rest };
}

/** Handles of one kind from the newest result: the highest `turn`, else all of that kind. */
function latestBatch(handles: readonly Handle[], kind: string | undefined): Handle[] {
  const wanted = kind ?? handles.at(-1)?.kind;
  if (!wanted) return [];
  const ofKind = handles.filter((h) => h.kind === wanted);
  const turns = ofKind.map((h) => h.turn).filter((t): t is number => typeof t === "number");
  if (turns.length === 0) return ofKind;
  const latest = Math.max(...turns);
  return ofKind.filter((h) => h.turn === latest);
}

/**
 * The tool a reference points at from the last call alone: one that takes, for this verb, the
 * kind of handle the last call's area deals in (its own area first, then the nearest name).
 */
function askWhich(
  verb: Verb,
  kind: string | undefined,
  last: NluCall,
  catalog: Catalog,
): { call: NluCall; missing: string[] } | undefined {
  const group = catalog.groupOf.get(last.tool);
  const kinds = new Set<string>();
  for (const [tool, specs] of catalog.intentsOf) {
    if (catalog.groupOf.get(tool) !== group) continue;
    for (const spec of specs) {
      for (const use of spec.handles ?? []) kinds.add(use.kind);
      for (const accepted of Object.values(spec.accepts ?? {})) for (const k of accepted) kinds.add(k);
    }
  }
  const family = (tool: string) => tool.slice(0, tool.lastIndexOf("_") + 1);
  let best: { call: NluCall; missing: string[]; score: number } | undefined;
  for (const spec of catalog.intents.values()) {
    for (const use of spec.handles ?? []) {
      if (!use.verbs.includes(verb as never)) continue;
      if (kind ? use.kind !== kind : !kinds.has(use.kind)) continue;
      const score =
        (catalog.groupOf.get(spec.tool) === group ? 0 : 100) +
        (use.rank ?? 0) * 10 +
        (family(spec.tool) === family(last.tool) ? 0 : 1);
      if (!best || score < best.score)
        best = { call: { tool: spec.tool, args: {} }, missing: [use.arg], score };
    }
  }
  return best && { call: best.call, missing: best.missing };
}

/** The tool whose language takes this kind of handle for this verb (lowest rank first). */
function callFor(verb: Verb, handle: Handle, intents: Iterable<ActiveIntent>): NluCall | undefined {
  let best: { call: NluCall; rank: number } | undefined;
  for (const spec of intents) {
    for (const use of spec.handles ?? []) {
      if (use.kind !== handle.kind || !use.verbs.includes(verb)) continue;
      if (use.label && !use.label.test(handle.label ?? "")) continue;
      const rank = use.rank ?? 0;
      if (!best || rank < best.rank)
        best = { call: { tool: spec.tool, args: { [use.arg]: handle.handle } }, rank };
    }
  }
  return best?.call;
}

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
  const whole = answerOf(said, last, context, cache, env, catalog);
  if (whole) return whole;
  // "scrap it, I'm having a lie-in", "make it 10, they're still frozen": a follow-up said with
  // its reason after a comma or a dash is read without the reason
  const clause = clauseBeforeReason(said, cache);
  const answer = clause ? answerOf(clause, last, context, cache, env, catalog) : undefined;
  if (answer) return answer;
  // "just 3 points" after a summary: the call's own count, when its tool has one for that noun
  const counted = countCorrection(clause ?? said, last, catalog) ?? typedSwap(said, last, cache);
  if (counted) return { calls: [counted], missing: [] };
  // "too dark, make it 70": a reaction, then the correction itself
  const after = clauseAfterReaction(said, cache);
  const corrected = after ? answerOf(after, last, context, cache, env, catalog) : undefined;
  if (corrected) return corrected;
  const edited =
    schemaEdit(said, after, last, catalog) ??
    (cache.tokens.length === said.length ? namedSwap(cache.tokens, env.text, last, catalog) : undefined);
  return edited ? { calls: replacing(edited, context, catalog, env), missing: [] } : undefined;
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
  const found = followUpOf(words) ?? bareValue(withoutLead(words), env);
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
  const when =
    rest.length > 0 && !length
      ? (dayAfterLast(rest, last, env) ??
        parseWhen(rest, { zones: env.zones, now: env.now, timezone: env.timezone, direction: "future" }))
      : undefined;
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
    if (calls) return { calls, missing: calls.length === 1 ? requiredLeftOut(calls[0]!, catalog) : [] };
  }
  // Nothing of the tool's own: a new value for the argument its schema says takes it
  const moved = found.kind === "and" && place && !when ? placeEdit(last, catalog, place) : undefined;
  if (moved) return { calls: [moved], missing: [] };
  if (found.kind !== "change") return undefined;
  const edited =
    minuteEdit(rest, last) ??
    numberEdit(last, catalog, length ? { seconds } : { ...(number !== undefined ? { number } : {}) });
  return edited ? { calls: replacing(edited, context, catalog, env), missing: [] } : undefined;
}

function placeOf(rest: readonly string[], offset: number, cache: SlotCache): string | undefined {
  const start = rest[0] === "in" || rest[0] === "at" || rest[0] === "for" ? 1 : 0;
  if (start >= rest.length) return undefined;
  const value = cache.parse("city", "city", offset + start, offset + rest.length);
  return typeof value === "string" ? value : undefined;
}
