import type { Args, BuildInput } from "../brain/nlu/language/index.js";
import { parseNumber } from "../brain/nlu/language/index.js";

/**
 * Routines said as what the person wants to hear about (routines_create), the goal and not the
 * mechanism: "whenever an email from the letting agent arrives, let me know", "10 minutes before
 * any meeting give me a shout". Every fresh writer names the sender as an organisation ("the tax
 * office", "the university"), which the contact slot does not hold, and the telling in words
 * of their own ("give me a shout", "let me know"); the shapes here take both. Never taught: their
 * words are a reminder's, a mail search's and a notice's too; matched whole they are a routine.
 */

/** The ways of being told. */
const TOLD =
  "(let me know|tell me|notify me|alert me|ping me|warn me|give me a shout|give me a ping|give me a heads up|give me a heads-up|shout|flag it|buzz me)";
const MAIL = "(mail|email|e-mail|message|e mail)";
const ARRIVES = "(arrives|comes in|comes|lands|shows up|turns up|gets here|comes through|is in)";
const WHEN = "(when|whenever|if|each time|every time|any time|anytime|as soon as|once)";
const SOON = "[straight away|right away|at once|immediately|please]";

/** A sender named by a few words: a person or an organisation, never a second request. */
function senderOf(said: unknown): string | undefined {
  if (typeof said !== "string") return undefined;
  const who = said
    .trim()
    .replace(/[.,!?]+$/, "")
    .replace(/^(?:the|my|our)\s+/i, "");
  const words = who.split(/\s+/);
  if (!who || words.length > 5) return undefined;
  if (/\b(?:and|then|or|if|when|about|saying|with|that|to|me|it|anyone|someone|anybody)\b/i.test(who))
    return undefined;
  return who;
}

/** "whenever an email from the tax office arrives, let me know". */
export function mailWatch(input: BuildInput): Args | undefined {
  const who = senderOf(input.values.who);
  return who
    ? { name: `Mail from ${who}`, on_mail_from: who, say: "Mail from {{mail.from_name}}: {{mail.subject}}" }
    : undefined;
}

/** "10 minutes before any meeting give me a shout": a notice before every event. */
export function eventWatch(input: BuildInput): Args | undefined {
  const said = input.values.minutes;
  const minutes = typeof said === "number" ? said : parseNumber(String(said ?? "").split(/\s+/));
  if (minutes === undefined || !Number.isInteger(minutes) || minutes < 1 || minutes > 1440) return undefined;
  // The kind of event named by a word of its title ("any training", "any market thing") and
  // what to be told ("tell me to pack the bag"): the routine keeps both
  const title = eventTitle(input.values.title);
  if (title === null) return undefined;
  const what = typeof input.values.what === "string" ? input.values.what.trim().replace(/[.!?]+$/, "") : "";
  if (/\b(?:and then|then|also)\b/i.test(what) || what.split(/\s+/).length > 12) return undefined;
  return {
    name: `${minutes} minutes before ${title ? `each ${title}` : "each event"}`,
    on_event_minutes: minutes,
    ...(title ? { on_event_title: title } : {}),
    say: what
      ? `${what.charAt(0).toUpperCase()}${what.slice(1)}`
      : "{{event.title}} starts in {{event.minutes}} minutes",
  };
}

/** A word or two of an event's title said before the calendar ("any training in my calendar"); null when it is no title. */
function eventTitle(said: unknown): string | undefined | null {
  if (typeof said !== "string") return undefined;
  const title = said
    .trim()
    .replace(/\s+(?:event|events|thing|things|entry|entries|session|sessions)$/i, "")
    .replace(/^(?:the|my)\s+/i, "");
  if (!title || /^(?:thing|things|event|events|entry|one)$/i.test(title)) return undefined;
  if (title.split(/\s+/).length > 3 || /\b(?:and|or|when|if|me|it|remind|tell)\b/i.test(title)) return null;
  return title;
}

const EVENT = "(meeting|meetings|event|events|appointment|appointments|call|calls)";
/** The calendar named as where the events are, not the kind of event ("anything in my diary"). */
const IN_CALENDAR = "(in|on|from) (my|the) (calendar|diary|schedule|agenda)";
/** Everything in it, or the ones whose title has a word ("any market event", "anything"). */
const ANY_OF =
  "(anything|everything|any {title:text}|each {title:text}|every {title:text}|all [my|the] {title:text})";
/** How long before, its unit said in any of its forms. */
const BEFORE = "{minutes:number} (minutes|mins|min|minute) before";
const EACH = "(any|each|every|all|all my|all of my|every one of my|my)";

/** The shapes, by the reading they build (`watch: mail | event`). */
export const WATCH_SHAPES = [
  {
    t: `${WHEN} (a|an|any|new|the) [new] ${MAIL} (from|by) {who:text} ${ARRIVES} [,] [then] ${TOLD} ${SOON}`,
    args: { watch: "mail" },
  },
  {
    // The arrival before its sender: "whenever an email comes in from the school, tell me"
    t: `${WHEN} (a|an|any|new|the) [new] ${MAIL} ${ARRIVES} (from|by) {who:text} [,] [then] ${TOLD} ${SOON}`,
    args: { watch: "mail" },
  },
  {
    t: `${WHEN} i (get|receive|recieve|recive) (a|an|any) [new] ${MAIL} from {who:text} [,] [then] ${TOLD} ${SOON}`,
    args: { watch: "mail" },
  },
  {
    t: `${TOLD} ${WHEN} (a|an|any|new|the) [new] ${MAIL} (from|by) {who:text} ${ARRIVES}`,
    args: { watch: "mail" },
  },
  {
    t: `${TOLD} ${WHEN} i (get|receive|recieve|recive) (a|an|any) [new] ${MAIL} from {who:text}`,
    args: { watch: "mail" },
  },
  {
    t: `{minutes:number} (minutes|mins|min) before ${EACH} ${EVENT} [,] [please] ${TOLD}`,
    args: { watch: "event" },
  },
  {
    t: `${TOLD} {minutes:number} (minutes|mins|min) before ${EACH} ${EVENT} [starts|start|begins|begin]`,
    args: { watch: "event" },
  },
  // The calendar named as where the events are ("15 minutes before anything in my calendar",
  // "10 min before any market event in my diary, tell me to load the van"), with a reason said
  // first ("I keep forgetting my kit, 15 min before any training in my calendar tell me to pack it")
  { t: `${BEFORE} ${ANY_OF} ${IN_CALENDAR} [,] [please] ${TOLD} [${SOON}]`, args: { watch: "event" } },
  { t: `${BEFORE} ${ANY_OF} ${IN_CALENDAR} [,] [please] ${TOLD} to {what:text}`, args: { watch: "event" } },
  {
    t: `{why:text} [,] ${BEFORE} ${ANY_OF} ${IN_CALENDAR} [,] [please] ${TOLD} to {what:text}`,
    args: { watch: "event" },
  },
  { t: `${TOLD} ${BEFORE} ${ANY_OF} ${IN_CALENDAR}`, args: { watch: "event" } },
  { t: `${TOLD} to {what:text} ${BEFORE} ${ANY_OF} ${IN_CALENDAR}`, args: { watch: "event" } },
];
