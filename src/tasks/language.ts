import { type Args, type BuildInput, capitalize, NO_ARGS, parseNumber } from "../brain/nlu/language/index.js";
import { byTool, type IntentTable, withPhrasings } from "../tools/language.js";
import { ALERT_INTENTS } from "./alerts-language.js";
import { NOTICE_ASKS, NOTICE_SHAPES, noticeOf, readNotice } from "./notice-language.js";
import { KIND_PAUSE, routineByName, START_AGAIN } from "./routine-names.js";
import { eventWatch, mailWatch, WATCH_SHAPES } from "./watch-language.js";

/**
 * How people ask for routines and answer what rings (the team's own sentences). The schedule
 * inside a sentence ("every weekday at 7") is read here into cron or an interval; a sentence
 * whose schedule cannot be read is not a routine (the template fails and another reading wins).
 */

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const PARTS_OF_DAY: Record<string, number> = { morning: 8, noon: 12, afternoon: 15, evening: 19, night: 21 };

/** The part of the day said after an hour ("7 in the morning", "6 in the evening", "9 at night"). */
const DAY_PART = /\s+(?:in the (morning|afternoon|evening)|(?:at|in the) (night))$/;

/** "7", "7am", "7:30 pm", "19:00", "noon", "7 in the morning": an hour and minute of the day. */
function clockOf(said: readonly string[]): { hour: number; minute: number } | undefined {
  const part = DAY_PART.exec(said.join(" "));
  const words = part
    ? [...said.join(" ").slice(0, part.index).split(" "), part[1] === "morning" ? "am" : "pm"]
    : said;
  const text = words
    .join(" ")
    .replace(/\s*([ap])\.?\s*m\.?$/, " $1m")
    .trim();
  if (text === "noon" || text === "midday") return { hour: 12, minute: 0 };
  if (text === "midnight") return { hour: 0, minute: 0 };
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm|o'?clock)?$/.exec(text.replace(/^(\d+)(am|pm)$/, "$1 $2"));
  let hour: number | undefined;
  let minute = 0;
  let suffix: string | undefined;
  if (match) {
    hour = Number(match[1]);
    minute = Number(match[2] ?? 0);
    suffix = match[3];
  } else {
    const spoken = /^(.+?)\s*(am|pm|o'?clock)?$/.exec(text);
    hour = spoken ? parseNumber(spoken[1]!.split(/\s+/)) : undefined;
    suffix = spoken?.[2];
  }
  if (hour === undefined || !Number.isInteger(hour) || minute > 59) return undefined;
  if (suffix === "pm" && hour < 12) hour += 12;
  if (suffix === "am" && hour === 12) hour = 0;
  return hour <= 23 ? { hour, minute } : undefined;
}

/**
 * "weekday at 7", "monday at 9am", "day at 6:30 pm", "morning", "weekend at 10", "15 minutes",
 * "hour": a schedule as routines_create takes it (cron, or `every`), or undefined.
 */
export function readSchedule(text: string): Args | undefined {
  const words = text
    .toLowerCase()
    .replace(/[,.]/g, " ")
    .split(/\s+/)
    .filter((w) => w && w !== "every" && w !== "each" && w !== "on");
  if (words.length === 0) return undefined;
  const interval = /^(\d+|[a-z]+)?\s*(minute|hour|day)s?$/.exec(words.join(" "));
  if (interval && !(interval[2] === "day" && interval[1])) {
    const n = interval[1] ? parseNumber([interval[1]]) : 1;
    if (n === undefined || n < 1) return undefined;
    return { every: `${n}${interval[2] === "minute" ? "m" : interval[2] === "hour" ? "h" : "d"}` };
  }
  const at = words.indexOf("at");
  const head = at < 0 ? words : words.slice(0, at);
  let clock = at < 0 ? undefined : clockOf(words.slice(at + 1));
  if (at >= 0 && !clock) return undefined;
  let days: string | undefined;
  for (const word of head) {
    const bare = word.replace(/s$/, "");
    if (bare === "weekday") days = "1-5";
    else if (bare === "weekend") days = "0,6";
    else if (bare === "day" || bare === "daily") days = "*";
    else if (WEEKDAYS.includes(bare)) days = String(WEEKDAYS.indexOf(bare));
    else if (bare in PARTS_OF_DAY) {
      clock ??= { hour: PARTS_OF_DAY[bare]!, minute: 0 };
      days ??= "*";
    } else return undefined;
  }
  if (!days || !clock) return undefined;
  return { cron: `${clock.minute} ${clock.hour} * * ${days}` };
}

function withSchedule(input: BuildInput, rest: Args): Args | undefined {
  const schedule =
    typeof input.values.schedule === "string" ? readSchedule(input.values.schedule) : undefined;
  return schedule ? { ...schedule, ...rest } : undefined;
}

const text = (value: unknown) =>
  typeof value === "string" ? value.trim().replace(/[.!?]+$/, "") : undefined;

/** "every weekday at 7 tell me the weather and my first meeting": the agent answers each time. */
function tellMe(input: BuildInput): Args | undefined {
  const what = text(input.values.what);
  return what
    ? withSchedule(input, { name: capitalize(what).slice(0, 80), ask: `tell me ${what}` })
    : undefined;
}

/** "remind me every Monday at 9 to file my timesheet": a message, no model. */
function remindEvery(input: BuildInput): Args | undefined {
  const what = text(input.values.what)?.replace(/^to\s+/i, "");
  return what
    ? withSchedule(input, { name: capitalize(what).slice(0, 80), say: capitalize(what) })
    : undefined;
}

/** "when a mail from Ana arrives, notify me". */
function mailFrom(input: BuildInput): Args | undefined {
  const who = text(input.values.who);
  if (!who) return undefined;
  return {
    name: `Mail from ${who}`,
    on_mail_from: who,
    say: "Mail from {{mail.from_name}}: {{mail.subject}}",
  };
}

/** "tell me when ~/Downloads gets a PDF": a pattern from the kind of file. */
function fileIn(input: BuildInput): Args | undefined {
  const folder = text(input.values.folder);
  const kind = text(input.values.kind)
    ?.toLowerCase()
    .replace(/^(?:new )?/, "")
    .replace(/ files?$|s$/, "");
  if (!folder) return undefined;
  const pattern = kind && /^[a-z0-9]{1,8}$/.test(kind) && kind !== "file" ? `*.${kind}` : undefined;
  const what = pattern ? `A new ${kind!.toUpperCase()}` : "A new file";
  return {
    name: `${what} in ${folder}`,
    on_file_in: folder,
    ...(pattern ? { on_file_pattern: pattern } : {}),
    say: `${what} in ${folder}: {{file.name}}`,
  };
}

/** A request to be told something on every surface (screens and voice). */
const SHOUT = "(tell me|let me know|notify me|alert me|ping me|say it to me|shout at me|show me|say it)";
const EVERYWHERE =
  "(everywhere|on everything|on every (screen|device|surface)|on all [of] [my|the] (screens|devices|surfaces)|across all [my] (screens|devices))";
/**
 * The surfaces named loosely, as people picture them: "to all my screens", "on all the windows",
 * "on the speakers and every screen". With a verb of sending or shouting, the message is what
 * remains after them or before them.
 */
const SURFACES =
  "(to|on|across) (all|every|each) [of] [my|the] (screens|screen|surfaces|surface|devices|device|windows|window|displays|display) [and (say it|read it) (out loud|aloud)]";
const SPEAKERS_TOO =
  "(on|through|over) the speakers and [on|to] (every|each|all [the|my]) (screen|screens|window|windows|display|displays)";
const BROADCAST = "(broadcast|push|shout|blast|flash|announce|say)";
const ALOUD = "[and|,] (out loud|aloud|voice too|read it out|say it out loud)";
/**
 * The two surfaces named as a listener pictures them, in either order ("out loud and on screen",
 * "through the speaker and on the computer as well", "with voice and with screen"): a voice and a
 * screen together are what only a notice on every surface does.
 */
const BY_VOICE =
  "(out loud|aloud|by voice|with voice|with [your|a] voice|with sound|(through|over|on|with) the (speaker|speakers))";
const ON_SCREEN =
  "(on screen|with screen|by screen|on the screen|on my screen|on the desktop|on my desktop|on the computer|on my computer|with the screen|in writing)";
const INFORM = "(tell me|inform me|let me know|notify me|alert me|say it|show me)";
const BOTH = `(${BY_VOICE} (and|,) ${ON_SCREEN}|${ON_SCREEN} (and|,) ${BY_VOICE}) [as well|too|both]`;

/** How soon, and why, said after "let me know": the routine is the same. */
const RIGHT_AWAY = "[straight away|right away|at once|immediately] [,] [because {why:text}]";
const LET_KNOW = "(notify me|tell me|alert me|ping me|warn me|let me know)";
const TELL = "(tell|give|brief|update) me";
const NOTIFY = "(notify|tell|alert|ping|warn) me";
const MAIL = "(mail|email|e-mail|message)";

const ROUTINE_INTENTS: IntentTable = {
  routines_create: {
    capability: {
      area: "Routines",
      can: "do things on a schedule or when something happens (a mail, a file, a page)",
      example: "every weekday at 7 tell me the weather",
    },
    describe: (args) => `Save a routine: ${String(args.name ?? "")}`,
    anchors: /\b(?:every|each|whenever|when|routine)\b/,
    templates: [
      { t: `(every|each) {schedule:text} ${TELL} {what:text}`, args: { kind: "tell" } },
      { t: `${TELL} {what:text} (every|each) {schedule:text}`, args: { kind: "tell" } },
      { t: "remind me (every|each) {schedule:text} to {what:text}", args: { kind: "remind" } },
      { t: "(every|each) {schedule:text} remind me to {what:text}", args: { kind: "remind" } },
      { t: "remind me to {what:text} (every|each) {schedule:text}", args: { kind: "remind" } },
      {
        t: `(when|whenever|if) [a|an|new] ${MAIL} from {who:contact} (arrives|comes in|lands|shows up) [then] ${NOTIFY}`,
        args: { kind: "mail" },
      },
      {
        t: `(when|whenever|if) i (get|receive) [a|an] [new] ${MAIL} from {who:contact} [then] ${NOTIFY}`,
        args: { kind: "mail" },
      },
      {
        t: `${NOTIFY} (when|whenever|if) [a|an|new] ${MAIL} from {who:contact} (arrives|comes in|lands|shows up)`,
        args: { kind: "mail" },
      },
      {
        t: `${NOTIFY} (when|whenever|if) i (get|receive) [a|an] [new] ${MAIL} from {who:contact}`,
        args: { kind: "mail" },
      },
      { t: `${NOTIFY} (when|whenever|if) {who:contact} (emails|mails|writes to) me`, args: { kind: "mail" } },
      {
        t: `${NOTIFY} (when|whenever|if) {folder:path} (gets|receives) [a|an] [new] {kind:text}`,
        args: { kind: "file" },
      },
      {
        t: `${NOTIFY} (when|whenever|if) [a|an] [new] {kind:text} (appears|lands|shows up|arrives) in {folder:path}`,
        args: { kind: "file" },
      },
      { t: `watch {folder:path} for [new] {kind:text} [and ${NOTIFY}]`, args: { kind: "file" } },
    ],
    // Never taught (shapes): their words ("let me know when", "keep an eye on") are many
    // other requests' too; matched whole they can only be a routine.
    shapes: [
      {
        t: `(watch|keep an eye on|monitor) {url:url} [for me] (and|then) ${LET_KNOW} (when|whenever|if) (it|the page|that page|anything on it) changes`,
        args: { kind: "page" },
      },
      { t: `${LET_KNOW} (when|whenever|if) [the page] {url:url} changes`, args: { kind: "page" } },
      // A file arriving said first, the telling after ("when a pdf lands in Downloads/invoices
      // tell me"); the folder as written, with its slashes
      {
        t: `(when|whenever|if) [a|an|any] [new] {kind:text} (appears|lands|shows up|arrives|is added|gets added|is saved) (in|into) {folder:text} [then] ${LET_KNOW}`,
        args: { kind: "file" },
      },
      {
        t: `(when|whenever|if) [a|an|new] ${MAIL} from {who:contact} (arrives|comes in|lands|shows up) [then] let me know ${RIGHT_AWAY}`,
        args: { kind: "mail" },
      },
      {
        t: `(when|whenever|if) [a|an|new] ${MAIL} (arrives|comes in|lands|shows up) from {who:contact} [then] let me know ${RIGHT_AWAY}`,
        args: { kind: "mail" },
      },
      ...WATCH_SHAPES,
    ],
    samples: [
      "make me a routine",
      "set up a daily routine",
      "create an automation",
      "i want a routine for my mornings",
    ],
    negatives: [
      "what's the weather",
      "remind me to call mom at 5",
      "set a timer for 5 minutes",
      "tell me a joke",
    ],
    build(input) {
      if (input.fixed.watch === "mail") return mailWatch(input);
      if (input.fixed.watch === "event") return eventWatch(input);
      switch (input.fixed.kind) {
        case "tell":
          return tellMe(input);
        case "remind":
          return remindEvery(input);
        case "mail":
          return mailFrom(input);
        case "file":
          return fileIn(input);
        case "page":
          return typeof input.values.url === "string"
            ? {
                name: "Page change",
                on_page_change: input.values.url,
                say: `The page changed: ${input.values.url}`,
              }
            : undefined;
        default:
          return undefined;
      }
    },
  },
  routines_list: {
    lookup: { nouns: /\broutines?\b|\bautomations?\b/, rank: 4 },
    describe: () => "Show your routines",
    anchors: /\broutines?\b|\bautomations?\b/,
    templates: [
      "(show|list|display|what are) [me] [all] [of] my (routines|automations)",
      "what (routines|automations) (do i have|are set up|are running)",
      "[my] routines",
    ],
    samples: ["which routines are active", "what runs on its own"],
    fallback: NO_ARGS,
  },
  ...routineByName(
    "routines_pause",
    "Pause",
    "(pause|suspend|disable|turn off|switch off|stop)",
    "Which routine should I pause?",
    KIND_PAUSE,
  ),
  ...routineByName(
    "routines_resume",
    "Resume",
    "(resume|unpause|restart|re-enable|enable|turn on|switch on|turn|switch)",
    "Which routine should I resume?",
    "(resume|unpause|re-enable|enable|turn back on|switch back on)",
    START_AGAIN,
  ),
  ...routineByName(
    "routines_remove",
    "Delete",
    "(delete|remove|get rid of|cancel|drop)",
    "Which routine should I delete?",
  ),
  ...routineByName(
    "routines_run",
    "Run",
    "(run|trigger|fire|kick off)",
    "Which routine should I run?",
    "(run|trigger|kick off|fire off)",
  ),
  notify_user: {
    capability: {
      area: "Notifications",
      can: "put a message on every screen and say it out loud",
      example: "tell me on every screen: the bread is ready",
    },
    describe: ({ message }) =>
      typeof message === "string" ? `Tell you on every screen: ${message}` : undefined,
    // What makes it this tool and not a chat answer or a note: the request names the surfaces.
    anchors:
      /\b(?:everywhere|every (?:screen|device|surface|window|display)|all (?:my |the )?(?:screens|devices|surfaces|windows|displays)|out loud|notify me)\b/,
    ask: { message: "What should I tell you?" },
    shapes: [
      `${SHOUT} ${EVERYWHERE} [${ALOUD}] [:|,|that] {message:body}`,
      `${SHOUT} ${ALOUD} and ${EVERYWHERE} [:|,|that] {message:body}`,
      `${SHOUT} ${ALOUD} and on (the|my) (screen|screens) [:|,|that] {message:body}`,
      `(put|show|flash|post|pop up) [a message|a note|this] ${EVERYWHERE} [${ALOUD}] [:|,|saying] {message:body}`,
      `(put|show|flash|post) {message:body} (at me|up) ${EVERYWHERE}`,
      `(announce|broadcast) [it|this] ${EVERYWHERE} [${ALOUD}] [:|,|that] {message:body}`,
      `(notify me|send me a notification) [${EVERYWHERE}] [,] title {title:label} [,] (message|saying|text) {message:body}`,
      // The message first, then where it goes ("push shoes on to all my screens"), or the
      // surfaces first and the message after, said aloud too
      `${BROADCAST} {message:body} ${SURFACES}`,
      `${BROADCAST} [it|this] ${SURFACES} [:|,] {message:body}`,
      `(say it|read it) (out loud|aloud) and (on|to) (all|every|each) [the|my] (screens|screen|windows|window|displays|devices) [:|,] {message:body}`,
      `(shout|say|announce|broadcast) it ${SPEAKERS_TOO} [:|,] {message:body}`,
      `${INFORM} [now] ${BOTH} [,] (:|that) {message:body}`,
      `${INFORM} [now] ${BOTH} [,] (titled|title|headed) {title:label} (:|,) {message:body}`,
      ...NOTICE_SHAPES,
    ],
    askShapes: NOTICE_ASKS,
    samples: [
      "send a notice to all my screens",
      "flash a message on every device",
      "announce something everywhere",
    ],
    build: (input) => {
      const notice = noticeOf(input);
      if (notice !== "none") return notice;
      const title = text(input.values.title);
      // What the fixed shapes' slot took may still hold a surface or the word before the
      // message ("lunch break out loud and", "with time to leave"): read as a notice's words
      const said = input.matches.message?.raw;
      const read = said ? readNotice(said, true, true, false, input.env.text) : undefined;
      if (!read) return undefined;
      return title ? { ...read, title } : read;
    },
  },
};

export const TASKS_LANGUAGE = withPhrasings(byTool(ROUTINE_INTENTS, ALERT_INTENTS), {});
