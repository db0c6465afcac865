import { FOLDERS, isNameLike, writtenPaths } from "../slots/entities.js";
import {
  findDuration,
  findWhen,
  KNOWN_APPS,
  parseListName,
  type SlotEnv,
  type When,
} from "../slots/index.js";
import { FILE_ENDINGS, parseRepeat } from "../slots/more.js";
import { isNumberWord } from "../text/numbers.js";
import { type Args, type BuildInput, type GuessInput as FallbackInput, slotsAsArgs } from "./types.js";

export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** A day ("tomorrow"), a part of one ("friday afternoon"), a week or a weekend → from/to. */
export function dayRange(when: When, words: readonly string[], env: SlotEnv): { from: string; to: string } {
  const zones = env.zones;
  const tz = env.timezone;
  if (words.includes("weekend")) {
    const saturday = when.date;
    return { from: zones.startOfDay(saturday, tz), to: zones.endOfDay(addDays(saturday, 1), tz) };
  }
  if (words.includes("week")) {
    const start = words.includes("next") ? when.date : env.zones.date(env.now, tz);
    return { from: zones.startOfDay(start, tz), to: zones.endOfDay(addDays(start, 6), tz) };
  }
  const from = when.hasTime ? when.iso : zones.startOfDay(when.date, tz);
  return { from, to: when.endIso ?? zones.endOfDay(when.date, tz) };
}

const SKIP_BEFORE_CITY = new Set(["in", "for", "at"]);
const NOT_CITY = new Set([
  "the",
  "my",
  "a",
  "an",
  "this",
  "next",
  "today",
  "tomorrow",
  "tonight",
  "morning",
  "afternoon",
  "evening",
  "weekend",
  "week",
  "area",
  "degrees",
  "celsius",
  "fahrenheit",
  "time",
  "here",
  "general",
  "minutes",
  "hours",
  "seconds",
  "minute",
  "hour",
  "am",
  "pm",
  "now",
  "right",
  "and",
  "on",
  "at",
  "for",
  "in",
  "this",
]);

const AFTER_CITY = new Set([
  "now",
  "right",
  "today",
  "tonight",
  "tomorrow",
  "please",
  "currently",
  "this",
  "week",
  "weekend",
  "morning",
  "evening",
  "afternoon",
  "next",
  "on",
  "at",
  "for",
  "the",
]);

/** "... in new york tomorrow" → "new york" (raw casing), for classifier fallbacks. */
export function findCity(input: FallbackInput): string | undefined {
  const { tokens, words, env } = input;
  for (let i = 0; i < words.length - 1; i++) {
    if (!SKIP_BEFORE_CITY.has(words[i]!)) continue;
    let end = i + 1;
    while (end < words.length && end - i <= 3 && /^\p{L}+$/u.test(words[end]!) && !NOT_CITY.has(words[end]!))
      end += 1;
    if (end === i + 1 || !words.slice(end).every((w) => AFTER_CITY.has(w))) continue;
    const candidate = words.slice(i + 1, end);
    if (candidate.some((w) => isNumberWord(w)) || !isNameLike(candidate)) continue;
    return env.text.slice(tokens[i + 1]!.start, tokens[end - 1]!.end);
  }
  return undefined;
}

export function findDay(input: FallbackInput, direction: "future" | "past" = "future"): When | undefined {
  return findWhen(input.words, {
    zones: input.env.zones,
    now: input.env.now,
    timezone: input.env.timezone,
    direction,
    ...(input.env.memo ? { memo: input.env.memo } : {}),
  })?.when;
}

export function findSeconds(input: FallbackInput): number | undefined {
  return findDuration(input.words)?.seconds;
}

/** "... my grocery list ..." → "grocery". */
export function findListName(words: readonly string[]): string | undefined {
  const at = words.lastIndexOf("list");
  if (at <= 0) return words.includes("todo") ? "todo" : undefined;
  for (const length of [2, 1]) {
    if (at - length < 0) continue;
    const name = parseListName(words.slice(at - length, at));
    if (name) return name;
  }
  return undefined;
}

export function findApp(input: FallbackInput): string | undefined {
  const words = input.words;
  for (let length = 3; length >= 1; length--) {
    for (let i = 0; i + length <= words.length; i++) {
      const name = words.slice(i, i + length).join(" ");
      if (input.env.apps.has(name)) return name;
    }
  }
  return undefined;
}

export function findUrl(input: FallbackInput): string | undefined {
  for (const token of input.tokens) {
    const raw = input.env.text.slice(token.start, token.end);
    if (/^https?:\/\//i.test(raw) || /^#u\d+$/.test(raw)) return raw;
  }
  return undefined;
}

/**
 * Files the utterance names, as written, in order: paths ("~/notes/a.md", "/tmp/x"), handles
 * from a listing ("#f2", "#d1"), names with a file ending ("budget.xlsx"), and the user's own
 * files by name. Known folders count when said as folders ("my downloads", "Documents").
 */
export function findFiles(input: FallbackInput): string[] {
  const out: string[] = [];
  const { tokens, words, env } = input;
  // A path written relative to here ("notes/todo.txt") is split at its slashes: read it whole
  const covered = writtenPaths(env.text, tokens, FILE_ENDINGS);
  for (let i = 0; i < tokens.length; i++) {
    if (covered.has(i)) {
      const path = covered.get(i);
      if (path) out.push(path);
      continue;
    }
    const raw = env.text.slice(tokens[i]!.start, tokens[i]!.end).replace(/[.,;:!?]+$/, "");
    const w = words[i]!;
    // "/site" of "projects/site" (not read whole above) is no path of its own
    if (raw.startsWith("/") && tokens[i]!.start > 0 && !/\s/.test(env.text[tokens[i]!.start - 1]!)) continue;
    const ending = /\.([a-z0-9]{1,5})$/i.exec(raw)?.[1]?.toLowerCase();
    if (
      /^(?:~|\.{1,2})?\/|^~$|^#[fd]\d{1,6}$/.test(raw) ||
      (ending && FILE_ENDINGS.has(ending) && !/^https?:/i.test(raw))
    )
      out.push(raw);
    else if (env.user?.files?.has(w)) out.push(env.user.files.get(w)!);
    // "my photos" may be anyone's photos anywhere; "the Pictures folder", "in Documents" is the folder
    else if (
      FOLDERS[w] &&
      (/^(?:folder|directory)$/.test(words[i + 1] ?? "") ||
        (/^[A-Z]/.test(raw) && /^(?:in|into|to|from|under|inside|of|on)$/.test(words[i - 1] ?? "")))
    )
      out.push(FOLDERS[w]!);
  }
  return out;
}

/** Text in quotes ('Order total', "call mum"), as written. */
export function findQuoted(input: FallbackInput): string | undefined {
  const m = /(?:^|\s)["'‘“]([^"'’”]{1,200})["'’”](?=$|[\s.,!?:;])/.exec(input.env.text);
  return m?.[1]?.trim() || undefined;
}

export const DEFAULT_APPS: ReadonlySet<string> = new Set(KNOWN_APPS);

/** "call the plumber" → "Call the plumber" (for titles and subjects). */
export function capitalize(text: string): string {
  return text.length > 0 ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** A subject line from a message body: its first few words. */
export function subjectFrom(body: string): string {
  const words = body.split(/\s+/).slice(0, 6).join(" ");
  return capitalize(words.replace(/[.,;:!?]+$/, ""));
}

export const NO_ARGS = (): Args => ({});

/**
 * The default builder for templates that let people say why or what else after the request
 * ("… so I can paste it", "… scroll and all"): a `{tail}` slot is dropped, pairs are spread.
 */
export function argsWithoutTail(input: BuildInput): Args {
  return spreadPairs(slotsAsArgs(input));
}

/** Slot values that are pairs ({point} → x and y, {size} → width and height) become their parts. */
export function spreadPairs(args: Args): Args {
  const out: Args = {};
  for (const [name, value] of Object.entries(args)) {
    if ((name === "point" || name === "size") && typeof value === "object" && value !== null)
      Object.assign(out, value);
    else out[name] = value;
  }
  return out;
}

const COMMAND_WORDS = new Set([
  "please",
  "can",
  "you",
  "could",
  "add",
  "put",
  "set",
  "up",
  "schedule",
  "create",
  "make",
  "book",
  "plan",
  "mark",
  "a",
  "an",
  "new",
  "me",
  "i",
  "want",
  "to",
  "need",
  // Putting something in a diary, said loosely ("pop … in", "stick … in", "pencil in", "block out")
  "pop",
  "stick",
  "pencil",
  "block",
  "slot",
  "squeeze",
  "in",
  "out",
]);
const TRAILING = /\s+(?:to|on|in|into|for|at|the|my|calendar|schedule|agenda|diary|planner|please)$/i;

/** "add dentist appointment for friday at five to my calendar" → "Dentist appointment". */
export function titleFrom(
  input: FallbackInput,
  dateStart: number,
  dateEnd: number,
  stop = input.words.length,
): string | undefined {
  const { tokens, words, env } = input;
  let start = 0;
  while (start < dateStart && COMMAND_WORDS.has(words[start]!)) start += 1;
  const end = dateStart > start ? Math.min(dateStart, stop) : stop;
  const from = dateStart > start ? start : dateEnd;
  if (from >= end) return undefined;
  let title = env.text.slice(tokens[from]!.start, tokens[end - 1]!.end);
  for (let i = 0; i < 4; i++) title = title.replace(TRAILING, "");
  title = title
    .replace(/\s+(?:to|on|in) (?:my|the) (?:calendar|schedule|agenda|diary|planner)\b.*$/i, "")
    .replace(/^['‘"“](.+)['’"”]$/u, "$1")
    .trim();
  return title.length >= 2 ? capitalize(title) : undefined;
}

const DAY_SAID =
  /\b(?:today|tonight|tomorrow|(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tues?|weds?|thu|thurs?|fri|sat|sun|next|this|week\w*|jan\w*|feb\w*|mar\w*|apr\w*|may|june?|july?|aug\w*|sep\w*|oct\w*|nov\w*|dec\w*|\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth)\b/i;

const TWENTY_FOUR_HOUR = /(?:^|[^\d:.])0\d[:.h]?[0-5]\d\b/;

/**
 * Meetings at "3:00" are at 3 pm: office hours beat the small hours unless "am" was said, or
 * the hour was written the 24-hour way with its leading zero ("07:30", "0730").
 */
export function officeHours(start: When, raw: string, env: SlotEnv): When {
  const hour = Number(start.iso.slice(11, 13));
  // "2am" glued to its number says the half of the clock as surely as "2 am" does
  if (!start.hasTime || hour < 1 || hour > 7 || /(?:\b|\d)(?:am|a\.m)\b|\b(?:morning|night)\b/i.test(raw))
    return start;
  if (TWENTY_FOUR_HOUR.test(raw)) return start;
  let instant = new Date(start.instant.getTime() + 12 * 3_600_000);
  // "at 5" said at ten in the morning: five today, not five tomorrow (no day was named)
  const earlier = instant.getTime() - 24 * 3_600_000;
  if (!DAY_SAID.test(raw) && earlier > env.now.getTime()) instant = new Date(earlier);
  const shifted: When = {
    ...start,
    instant,
    iso: env.zones.iso(instant, env.timezone),
    date: env.zones.date(instant, env.timezone),
  };
  // "6 till 8": the end keeps its distance from the start, on the same side of noon
  if (start.endIso) {
    const end = new Date(Date.parse(start.endIso) + (instant.getTime() - start.instant.getTime()));
    if (end.getTime() > instant.getTime() && end.getTime() - instant.getTime() <= 12 * 3_600_000)
      shifted.endIso = env.zones.iso(end, env.timezone);
    else delete shifted.endIso;
  }
  return shifted;
}

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** A local ISO date or date-time as said to a person: "7:30 am tomorrow", "Friday 13 June at 9 am". */
export function spokenWhen(iso: string, env: Pick<SlotEnv, "now" | "timezone" | "zones">): string {
  const day = iso.slice(0, 10);
  const today = env.zones.date(env.now, env.timezone);
  const date = new Date(`${day}T12:00:00Z`);
  // Not a date: say nothing rather than "undefined NaN undefined" (describeWith falls back)
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a date: ${iso.slice(0, 40)}`);
  const gap = Math.round((date.getTime() - new Date(`${today}T12:00:00Z`).getTime()) / 86_400_000);
  const dayWords =
    gap === 0
      ? "today"
      : gap === 1
        ? "tomorrow"
        : gap > 1 && gap < 7
          ? WEEKDAY_NAMES[date.getUTCDay()]!
          : `${WEEKDAY_NAMES[date.getUTCDay()]} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
  const clock = /T(\d{2}):(\d{2})/.exec(iso);
  if (!clock) return dayWords;
  const hour = Number(clock[1]);
  const minute = clock[2]!;
  const time = `${hour % 12 === 0 ? 12 : hour % 12}${minute === "00" ? "" : `:${minute}`} ${hour < 12 ? "am" : "pm"}`;
  return gap === 0 || gap === 1 ? `${time} ${dayWords}` : `${dayWords} at ${time}`;
}

const PERIOD =
  "(?:day|morning|afternoon|evening|night|week|weekday|weekend|fortnight|month|quarter|year|hour|minute|(?:mon|tues|wednes|thurs|fri|satur|sun)day)s?";

/** Words that say a request repeats, whatever its tool: "each month", "every other friday", "weekly". */
const REPEATS = new RegExp(
  `\\b(?:(?:every|each)(?: (?:other|second|third|\\d+|two|three|four|few|couple of))? ${PERIOD}|(?:daily|weekly|monthly|yearly|annually|fortnightly|hourly|nightly)|on (?:(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekdays|weekends)|(?:once|twice) an? (?:day|week|month|year))\\b`,
);

/** Whether the words say the request repeats (any period, not only the days an alarm takes). */
export function saysRepeat(words: readonly string[]): boolean {
  return REPEATS.test(words.join(" "));
}

/** A repeat said anywhere ("... every weekday"), with its span, for classifier readings. */
export function findRepeat(
  words: readonly string[],
): { repeat: string; start: number; end: number } | undefined {
  for (let start = 0; start < words.length; start++) {
    if (
      !/^(?:every|each|on|daily|weekdays|weekends|nightly|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)$/.test(
        words[start]!,
      )
    )
      continue;
    for (let end = Math.min(words.length, start + 6); end > start; end--) {
      const repeat = parseRepeat(words.slice(start, end));
      if (repeat) return { repeat, start, end };
    }
  }
  return undefined;
}
