import type { LanguageEnv } from "../../../core/language.js";
import { CURRENCY } from "../common/topics.js";
import { parseNumber, parseOrdinal } from "../text/numbers.js";
import { parseWhen, type When } from "./datetime.js";
import { parseDuration } from "./duration.js";
import { isNameLike, parseListName, parsePath, parseUrl, parseZone, splitItems } from "./entities.js";
import { parseMath, unitSymbol } from "./math.js";
import { MORE_SLOT_TYPES, percentSaid } from "./more.js";

export { findWhen, parseWhen, TimeZones, type When } from "./datetime.js";
export { findDuration, formatDuration, leadingLength, parseDuration, parsePosition } from "./duration.js";
export { KNOWN_APPS, parseListName, ZONE_WORDS } from "./entities.js";
export { parseMath, UNIT_WORDS } from "./math.js";

/** What a slot parser may look at besides its own words (the language contract's env). */
export type SlotEnv = LanguageEnv;

export interface SlotType {
  /** Longest span, in tokens, the slot may take. */
  maxTokens: number;
  /** Free text: accepts nearly anything, so a match through it is less certain. */
  free?: boolean;
  /** The value, or undefined when these words cannot be this slot. */
  parse(words: readonly string[], raw: string, env: SlotEnv): unknown;
  /** Values used to expand templates into classifier training sentences. */
  samples: readonly string[];
}

const DATE_WORDS = new Set([
  "today",
  "tomorrow",
  "tonight",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "morning",
  "afternoon",
  "evening",
  "noon",
  "am",
  "pm",
  "next",
  "week",
]);
const STATEMENT_VERBS = new Set([
  "is",
  "are",
  "was",
  "were",
  "am",
  "has",
  "have",
  "had",
  "will",
  "lives",
  "live",
  "likes",
  "like",
  "loves",
  "love",
  "hates",
  "prefer",
  "prefers",
  "parked",
  "put",
  "left",
  "works",
  "work",
  "owe",
  "owes",
  "keep",
  "keeps",
  "goes",
  "starts",
  "ends",
  "costs",
]);
/** Who a statement is about when it opens it. */
const SUBJECTS = new Set(["i", "we", "he", "she", "they"]);
/** Words after the subject that make a task or a question of it, not a fact. */
const NOT_HABIT =
  /^(?:need|needs|must|should|want|wants|have|has|got|gotta|ought|to|can|could|would|might|may|do|did|don't|dont|just|will|shall)$/;
const FREE_TEXT_BLOCK = /^(?:it|that|this|them|one|something|anything|and|to|the|a|an|please|me)$/;

function cleanFree(words: readonly string[], raw: string, text = ""): string | undefined {
  if (words.length === 0 || (words.length === 1 && FREE_TEXT_BLOCK.test(words[0]!))) return undefined;
  const value = raw.trim().replace(/[.!?,;:]+$/, "");
  return value.length > 0 ? value + quotedClose(value, text) : undefined;
}

/** What was quoted is kept as typed, the comma or full stop closing it too ("type 'Dear all,'"). */
function quotedClose(value: string, text: string): string {
  const at = text.indexOf(value);
  if (at <= 0 || !/["'“‘]/.test(text[at - 1]!)) return "";
  return /^([.!?,;:]+)["'”’]/.exec(text.slice(at + value.length))?.[1] ?? "";
}

function freeText(maxTokens: number, samples: readonly string[]): SlotType {
  return { maxTokens, free: true, samples, parse: (words, raw, env) => cleanFree(words, raw, env?.text) };
}

function when(direction: "future" | "past", defaultHour: number | undefined, requireTime = false): SlotType {
  return {
    maxTokens: 9,
    samples: [
      "tomorrow",
      "tomorrow at 9",
      "at 7 am",
      "on friday",
      "tonight",
      "at noon",
      "next monday at 10",
      "in 20 minutes",
      "this evening",
      "at 6:30",
    ],
    parse(words, _raw, env): When | undefined {
      const result = parseWhen(words, {
        zones: env.zones,
        now: env.now,
        timezone: env.timezone,
        direction,
        ...(defaultHour === undefined ? {} : { defaultHour }),
        ...(env.memo ? { memo: env.memo } : {}),
      });
      if (requireTime && result && !result.hasTime) return undefined;
      return result;
    },
  };
}

const EVENT_WORDS = new Set(
  "meeting meetings appointment appointments call calls lunch dinner breakfast brunch party interview session class lesson review sync standup stand-up checkup check-up visit date practice rehearsal workshop webinar conference seminar presentation demo catch-up catchup event game match wedding birthday shift".split(
    " ",
  ),
);
const NOT_EVENT_WORDS = new Set(
  "timer timers alarm alarms table tables ticket tickets flight flights taxi cab seat seats room".split(" "),
);

/** Currencies are not places: "what is one dollar in euros". */
const MONEY = new RegExp(`\\b(?:${CURRENCY})\\b`, "i");
/** Units of a length of time: no place is called "five weeks". */
const SPAN_UNIT = /^(?:seconds?|minutes?|hours?|days?|weeks?|fortnights?|months?|years?)$/;

/**
 * Slot types by name. A template slot `{app}` uses the type named `app`; `{title:text}` names
 * its type explicitly.
 */
export const SLOT_TYPES: Record<string, SlotType> = {
  text: freeText(40, ["call mom", "the report", "buy milk", "pick up the kids", "ai news", "my car keys"]),
  query: freeText(25, [
    "ai news",
    "best pizza in town",
    "how to tie a tie",
    "weather radar",
    "jazz",
    "kubernetes",
  ]),
  title: freeText(20, ["call mom", "pay rent", "dentist appointment", "team sync", "water the plants"]),
  body: freeText(60, ["i will be late", "the report is ready", "happy birthday", "see you at noon"]),
  label: {
    ...freeText(4, ["tea", "pasta", "laundry", "eggs", "workout"]),
    parse(words, raw) {
      if (words.some((w) => /^\d/.test(w)) || words.length > 4) return undefined;
      if (parseDuration(words) !== undefined) return undefined;
      return cleanFree(words, raw);
    },
  },
  number: {
    maxTokens: 5,
    samples: ["5", "20", "seventy", "100"],
    parse: (words) => parseNumber(words),
  },
  percent: {
    maxTokens: 6,
    samples: ["50", "30 percent", "80%", "twenty"],
    parse(words) {
      const value = percentSaid(words);
      return value !== undefined && value >= 0 && value <= 100 ? Math.round(value) : undefined;
    },
  },
  duration: {
    maxTokens: 9,
    samples: [
      "5 minutes",
      "10 minutes",
      "an hour",
      "30 seconds",
      "half an hour",
      "2 hours",
      "1 hour 30 minutes",
    ],
    parse: (words) => parseDuration(words),
  },
  when: when("future", 9),
  clock: when("future", undefined, true),
  day: when("future", undefined),
  since: when("past", 0),
  app: {
    maxTokens: 4,
    samples: ["firefox", "spotify", "the terminal", "slack", "visual studio code", "gimp", "calculator"],
    parse(words, _raw, env) {
      let w = words[0] === "the" || words[0] === "my" ? words.slice(1) : [...words];
      if (w.length > 1 && (w.at(-1) === "app" || w.at(-1) === "application" || w.at(-1) === "program")) {
        const bare = w.slice(0, -1).join(" ");
        if (env.apps.has(bare)) return bare;
        w = w.slice(0, -1);
        // "open the calculator app": an unknown name said as an app is accepted
        return isNameLike(w) ? w.join(" ") : undefined;
      }
      const name = w.join(" ");
      return env.apps.has(name) ? name : undefined;
    },
  },
  contact: {
    maxTokens: 4,
    samples: ["john", "mom", "sarah connor", "my boss", "dave", "dr smith"],
    parse(words, raw) {
      if (words.length === 1 && /@/.test(raw))
        return /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/.test(raw) ? raw : undefined;
      const w = words.at(-1) === "'s" ? words.slice(0, -1) : words;
      if (!isNameLike(w, true)) return undefined;
      return raw.replace(/'s$/i, "").trim();
    },
  },
  /** Something that happens at a time: it names a meeting, a meal, a class, a visit. */
  event: {
    maxTokens: 6,
    free: true,
    samples: ["team meeting", "dentist appointment", "lunch with sam", "yoga class", "call with the bank"],
    parse(words, raw) {
      if (!words.some((w) => EVENT_WORDS.has(w)) || words.some((w) => NOT_EVENT_WORDS.has(w)))
        return undefined;
      return cleanFree(words, raw);
    },
  },
  recipients: {
    maxTokens: 8,
    samples: ["john", "mom", "sarah@example.com", "the team", "john and mary"],
    parse(_words, raw) {
      const parts = splitItems(raw);
      if (!parts) return undefined;
      for (const part of parts) {
        if (/@/.test(part)) {
          if (!/^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/.test(part)) return undefined;
          continue;
        }
        const w = part.toLowerCase().split(/\s+/);
        // The parts of an email said as a form are no one's name ("…, subject Rent, body: …")
        if (w.some((x) => x === "subject" || x === "body" || x === "cc")) return undefined;
        const ok = isNameLike(w, true) || (w.length === 2 && w[0] === "the" && /^\p{L}+$/u.test(w[1]!));
        if (!ok) return undefined;
      }
      return parts;
    },
  },
  city: {
    maxTokens: 4,
    samples: ["paris", "tokyo", "new york", "berlin", "san francisco", "london", "rio de janeiro"],
    parse(words, raw) {
      const w = words.filter((x, i) => !(i > 0 && (x === "de" || x === "del" || x === "la")));
      // "9 am cst": am/pm belongs to the time before it, not to the place
      if (/^(?:am|pm|a\.?m\.?|p\.?m\.?)$/.test(w[0] ?? "") || !isNameLike(w) || MONEY.test(raw))
        return undefined;
      // "in five weeks" is when, not where
      if (w.some((x) => SPAN_UNIT.test(x))) return undefined;
      return raw.trim().replace(/[?.!,]+$/, "");
    },
  },
  zone: {
    maxTokens: 3,
    samples: ["utc", "gmt", "pacific time", "eastern time"],
    parse: (words) => parseZone(words),
  },
  list: {
    maxTokens: 4,
    samples: ["shopping", "grocery", "to do", "packing", "wish"],
    parse: (words) => parseListName(words),
  },
  items: {
    maxTokens: 20,
    free: true,
    samples: ["milk", "eggs and bread", "apples, pears and plums", "call the bank"],
    parse(words, raw) {
      if (words.length === 1 && FREE_TEXT_BLOCK.test(words[0]!)) return undefined;
      return splitItems(raw.replace(/[.!?]+$/, ""));
    },
  },
  url: {
    maxTokens: 1,
    samples: ["example.com", "github.com", "https://news.ycombinator.com", "wikipedia.org"],
    parse: (words, raw) => parseUrl(words, raw),
  },
  path: {
    maxTokens: 4,
    samples: ["~/Documents", "/tmp", "my downloads folder", "~/Desktop/notes"],
    parse: (words, raw, env) => parsePath(words, raw, env.text),
  },
  expression: {
    maxTokens: 30,
    samples: ["12 times 8", "15% of 240", "5 miles to km", "the square root of 81", "7 plus 35", "2^10"],
    parse: (words) => parseMath(words),
  },
  unit: {
    maxTokens: 2,
    samples: ["centimeters", "pounds", "miles", "kilograms"],
    parse: (words) => unitSymbol(words),
  },
  quantity: {
    maxTokens: 6,
    samples: ["3 inches", "10 kilograms", "5 miles"],
    parse(words) {
      // "350F", "180 c": a temperature written the short way, its letter after the number
      const short = /^(-?\d+(?:\.\d+)?) ?([cf])$/.exec(words.join(" "));
      if (short) return `${short[1]} ${short[2] === "c" ? "degC" : "degF"}`;
      const unit = unitSymbol(words.slice(-1));
      // "a pound", "an ounce": one of them
      const amount = words.length === 2 && /^(?:a|an)$/.test(words[0]!) ? 1 : parseNumber(words.slice(0, -1));
      return unit && amount !== undefined ? `${amount} ${unit}` : undefined;
    },
  },
  place: {
    maxTokens: 5,
    free: true,
    samples: ["the gym", "the office", "home", "cafe central"],
    parse(words, raw) {
      if (words.some((w) => /\d/.test(w) || DATE_WORDS.has(w))) return undefined;
      return cleanFree(words, raw);
    },
  },
  unread: {
    maxTokens: 1,
    samples: ["new", "unread"],
    parse: (words) => (words[0] === "new" || words[0] === "unread" ? true : undefined),
  },
  fact: {
    maxTokens: 40,
    free: true,
    samples: ["my locker code is 4512", "my sister's birthday is in may", "i parked on level 3"],
    parse(words, raw) {
      // A statement worth remembering has a verb; "remember this song" is not one
      if (words.length < 3) return undefined;
      // A habit said by who does it ("i take my coffee black", "we shop on fridays") is one,
      // whatever its verb; a need or a wish ("i need to …") is a task, not a fact
      const habit = SUBJECTS.has(words[0]!) && !NOT_HABIT.test(words[1]!);
      if (!habit && !words.some((w) => STATEMENT_VERBS.has(w))) return undefined;
      return cleanFree(words, raw);
    },
  },
  handle: {
    maxTokens: 1,
    samples: ["#m1", "#e2", "#u3"],
    parse: (words, raw) => (words.length === 1 && /^#[a-z]\d{1,6}$/.test(raw) ? raw : undefined),
  },
  ordinal: {
    maxTokens: 2,
    samples: ["first", "second", "third", "last"],
    parse(words) {
      if (words.length === 2 && words[0] === "number") return parseNumber(words.slice(1));
      return words.length === 1 ? parseOrdinal(words[0]!) : undefined;
    },
  },
};

Object.assign(SLOT_TYPES, MORE_SLOT_TYPES);

/** Slot names whose type is not their name. */
export const SLOT_ALIASES: Record<string, string> = {
  duration_s: "duration",
  at: "clock",
  due: "when",
  start: "when",
  from: "contact",
  to: "recipients",
  level: "percent",
  change: "number",
  item: "text",
  subject: "text",
  location: "text",
  id: "handle",
  ref: "element",
  path: "file",
  source: "file",
  destination: "file",
  keys: "keys",
  side: "side",
  timezone: "zone",
  n: "ordinal",
};

export function slotType(name: string, explicit?: string): SlotType | undefined {
  return SLOT_TYPES[explicit ?? SLOT_ALIASES[name] ?? name];
}
