import type { ActiveIntent, Catalog } from "./catalog.js";
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

const NOUN_KINDS: Record<string, string> = {
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
  file: "f",
  document: "f",
  event: "e",
  meeting: "e",
  timer: "t",
  alarm: "t",
};

const VERBS: Record<string, "open" | "read" | "cancel"> = {
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
  summarize: "read",
  check: "read",
  cancel: "cancel",
  stop: "cancel",
  delete: "cancel",
  remove: "cancel",
};

const REFERENCE =
  /^(open|visit|follow|click on|click|go to|show me|show|view|pull up|read me|read out|read|summarize|check|cancel|stop|delete|remove) (?:(it|that|this|that one|this one)|(?:the|that|this) (?:(\w+) )?(one|link|links|result|page|article|site|website|url|email|mail|message|file|document|event|meeting|timer|alarm)|number (\d{1,3})|the (\w+))$/;

export interface Reference {
  /** The call, when the reference resolved to a handle a registered tool can take. */
  call?: NluCall;
  /** Why it could not resolve (no such handle, nothing to do with it). */
  problem?: string;
}

/** Does this utterance point at an earlier result? Returns undefined if it does not. */
export function resolveReference(
  words: readonly string[],
  context: NluContext,
  catalog: Catalog,
): Reference | undefined {
  const m = REFERENCE.exec(words.join(" "));
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
    // "cancel the (first) timer" with nothing minted is an ordinary command; "open it" is a dangling reference
    if (m[4] && m[4] !== "one") return undefined;
    return { problem: "I don't know which one you mean; there is nothing to refer to yet." };
  }
  const handle = position === undefined || position === -1 ? pool.at(-1) : pool[position - 1];
  if (!handle) return { problem: `There are only ${pool.length} to choose from.` };
  const call = callFor(verb, handle, catalog.intents.values());
  return call ? { call } : { problem: `I can't ${verb} that with the tools I have.` };
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

/** The tool whose language takes this kind of handle for this verb (lowest rank first). */
function callFor(
  verb: "open" | "read" | "cancel",
  handle: Handle,
  intents: Iterable<ActiveIntent>,
): NluCall | undefined {
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

const FOLLOW_UP =
  /^(?:and|what about|how about|and what about|and how about|same for|and for|what about for|ok and|okay and)\s+(.+)$/;

/** "and tomorrow?" / "what about in paris?": the last call's tool decides what it means. */
export function resolveFollowUp(
  words: readonly string[],
  context: NluContext,
  cache: SlotCache,
  env: SlotEnv,
  catalog: Catalog,
): NluCall | undefined {
  const last = context.lastCall;
  if (!last) return undefined;
  const m = FOLLOW_UP.exec(words.join(" "));
  const rest = m ? m[1]!.split(" ") : undefined;
  if (!rest) return undefined;
  const offset = words.length - rest.length;
  const when = parseWhen(rest, {
    zones: env.zones,
    now: env.now,
    timezone: env.timezone,
    direction: "future",
  });
  const place = placeOf(rest, offset, cache);
  const seconds = findDuration(rest)?.seconds;
  const number = parseNumber(rest);
  const input = {
    last,
    words: rest,
    said: words,
    env,
    rest: cache.raw(offset, words.length),
    ...(when ? { when } : {}),
    ...(place ? { place } : {}),
    ...(seconds !== undefined ? { seconds } : {}),
    ...(number !== undefined ? { number } : {}),
  };
  for (const spec of catalog.intentsOf.get(last.tool) ?? []) {
    const call = spec.followUp?.(input);
    if (call && catalog.groupOf.has(call.tool)) return call;
  }
  return undefined;
}

function placeOf(rest: readonly string[], offset: number, cache: SlotCache): string | undefined {
  const start = rest[0] === "in" || rest[0] === "at" || rest[0] === "for" ? 1 : 0;
  if (start >= rest.length) return undefined;
  const value = cache.parse("city", "city", offset + start, offset + rest.length);
  return typeof value === "string" ? value : undefined;
}
