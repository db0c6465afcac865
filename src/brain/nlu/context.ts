import { dayRange } from "./intents/helpers.js";
import type { Args } from "./intents/types.js";
import { parseWhen, type SlotEnv, ZONE_WORDS } from "./slots/index.js";
import type { SlotCache } from "./template.js";
import { parseOrdinal } from "./text/numbers.js";
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
  hasTool: (name: string) => boolean,
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
  const call = callFor(verb, handle, hasTool);
  return call ? { call } : { problem: `I can't ${verb} that (${handle.handle}) with the tools I have.` };
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

function callFor(
  verb: "open" | "read" | "cancel",
  handle: Handle,
  hasTool: (name: string) => boolean,
): NluCall | undefined {
  const options: Array<[string, Args]> = [];
  if (handle.kind === "u") {
    if (verb === "open") options.push(["browser_navigate", { url: handle.handle }]);
    if (verb === "read")
      options.push(["web_fetch", { url: handle.handle }], ["browser_navigate", { url: handle.handle }]);
  } else if (handle.kind === "m" && verb !== "cancel") {
    options.push(["mail_read", { id: handle.handle }]);
  } else if (handle.kind === "f" && verb !== "cancel") {
    options.push(["files_read", { path: handle.handle }]);
  } else if (handle.kind === "t" && verb === "cancel") {
    const alarm = /alarm/i.test(handle.label ?? "");
    options.push(alarm ? ["alarm_cancel", { id: handle.handle }] : ["timer_cancel", { id: handle.handle }]);
  }
  const found = options.find(([tool]) => hasTool(tool));
  return found ? { tool: found[0], args: found[1] } : undefined;
}

const FOLLOW_UP =
  /^(?:and|what about|how about|and what about|and how about|same for|and for|what about for|ok and|okay and)\s+(.+)$/;

/** "and tomorrow?" / "what about in paris?" after a weather, calendar, time or mail call. */
export function resolveFollowUp(
  words: readonly string[],
  context: NluContext,
  cache: SlotCache,
  env: SlotEnv,
): NluCall | undefined {
  const last = context.lastCall;
  if (!last) return undefined;
  const m = FOLLOW_UP.exec(words.join(" "));
  const rest = m ? m[1]!.split(" ") : undefined;
  if (!rest) return undefined;
  const offset = words.length - rest.length;
  const tool = last.tool;
  const day = parseWhen(rest, {
    zones: env.zones,
    now: env.now,
    timezone: env.timezone,
    direction: "future",
  });
  const place = placeOf(rest, offset, cache);
  if (tool.startsWith("weather_")) {
    const args: Args = { ...last.args };
    if (place) {
      args.city = place;
      return { tool, args };
    }
    if (day) {
      delete args.date;
      delete args.days;
      if (day.date === env.zones.date(env.now, env.timezone))
        return { tool: "weather_current", args: pick(args, ["city"]) };
      return { tool: "weather_forecast", args: { ...pick(args, ["city"]), date: day.date } };
    }
  }
  if (tool === "calendar_list_events" && day) return { tool, args: dayRange(day, rest, env) };
  if (tool === "time_now" && place) {
    const zone = ZONE_WORDS[place.toLowerCase()];
    return { tool, args: zone ? { timezone: zone } : { city: place } };
  }
  if (tool === "mail_search" && rest[0] === "from" && rest.length > 1) {
    return { tool, args: { ...last.args, from: cache.raw(offset + 1, words.length) } };
  }
  if ((tool === "reminders_list" || tool === "alarm_list") && day) return { tool, args: {} };
  return undefined;
}

function placeOf(rest: readonly string[], offset: number, cache: SlotCache): string | undefined {
  const start = rest[0] === "in" || rest[0] === "at" || rest[0] === "for" ? 1 : 0;
  if (start >= rest.length) return undefined;
  const value = cache.parse("city", "city", offset + start, offset + rest.length);
  return typeof value === "string" ? value : undefined;
}

function pick(args: Args, keys: string[]): Args {
  const out: Args = {};
  for (const key of keys) if (args[key] !== undefined) out[key] = args[key];
  return out;
}
