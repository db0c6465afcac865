import type { ActiveIntent, Catalog } from "./catalog.js";
import { withoutLead } from "./follow-up-value.js";
import { parseOrdinal } from "./text/numbers.js";
import type { NluCall, NluContext } from "./types.js";

// The follow-up reader lives in follow-up-read.ts; the parser reaches it through here
export { danglingFollowUp, resolveFollowUp } from "./follow-up-read.js";

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

/**
 * A reference said with how it is to be done around it (issue 16, follow-ups): "open the first
 * result and read it to me", "pull the text off the first result, no need to open it" read
 * the thing (its words, not the page shown); "open the second one in the browser" opens it
 * where opening already goes. The words that say how are taken off and the verb set by them,
 * so the reference itself is read as if said alone. Seen in dev15, dev17, dev23.
 */
function plainReference(said: string): string {
  let read = false;
  const reads = () => {
    read = true;
    return "";
  };
  let s = said
    .replace(
      /,? (?:and |there is |theres )?(?:no need to|do not|dont|without) open(?:ing)? (?:it|that|them)$/,
      reads,
    )
    .replace(/,? (?:and|then) read (?:it|that|them)(?: out)?(?: (?:out )?(?:to|for) me)?$/, reads)
    .replace(/ in (?:the |a |my )?(?:new )?(?:browser|tab|window)$/, "");
  s = s.replace(
    /^(?:pull|get|grab|take|fetch) (?:me )?the (?:text|words|content|contents) (?:off|of|from|out of) /,
    () => {
      read = true;
      return "open ";
    },
  );
  return read ? s.replace(/^(?:open|show me|show|view|pull up|go to) /, "read ") : s;
}

/** Does this utterance point at an earlier result? Returns undefined if it does not. */
export function resolveReference(
  words: readonly string[],
  context: NluContext,
  catalog: Catalog,
): Reference | undefined {
  const m =
    REFERENCE.exec(words.join(" ")) ??
    REFERENCE.exec(withoutLead(words).join(" ")) ??
    REFERENCE.exec(plainReference(withoutLead(words).join(" ")));
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
