// English only: the package root also loads 15 other locales (~250 modules, ~100 ms) Jarvis never uses
import * as chrono from "chrono-node/en";
import type { When, ZoneClock } from "../../../core/language.js";
import { digitize, ORDINALS } from "../text/numbers.js";
import { type LooseWhen, looseCue, looseWhen } from "./loose-when.js";

/**
 * Dates and times through chrono-node, in the user's IANA time zone. chrono only takes a fixed
 * UTC offset, so the zone's offset at `now` is computed here and every result is written back
 * as local ISO 8601 with that zone's offset (DST-correct for the result's own instant).
 */
export type { When } from "../../../core/language.js";

export interface WhenOptions {
  zones: ZoneClock;
  now: Date;
  timezone: string;
  /** Resolve "friday" to the next one (alarms, reminders) or the last one (mail since). */
  direction: "future" | "past";
  /** Clock time used when only a day was said ("remind me on friday"): hour, 0-23. */
  defaultHour?: number;
  /** Per-utterance memo: templates try the same span as several slot types. */
  memo?: Map<string, unknown>;
}

/** Time-zone arithmetic with a per-instance cache of formatters (building one costs ~50 µs). */
export class TimeZones implements ZoneClock {
  private readonly formatters = new Map<string, Intl.DateTimeFormat>();

  private formatter(timezone: string): Intl.DateTimeFormat {
    let f = this.formatters.get(timezone);
    if (!f) {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone: timezone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      });
      if (this.formatters.size < 64) this.formatters.set(timezone, f);
    }
    return f;
  }

  isValid(timezone: string): boolean {
    try {
      this.formatter(timezone);
      return true;
    } catch {
      return false;
    }
  }

  private parts(date: Date, timezone: string): Record<string, number> {
    const out: Record<string, number> = {};
    for (const part of this.formatter(timezone).formatToParts(date)) {
      if (part.type !== "literal") out[part.type] = Number(part.value);
    }
    return out;
  }

  /** Minutes east of UTC for `timezone` at `date`. */
  offsetMinutes(date: Date, timezone: string): number {
    const p = this.parts(date, timezone);
    const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
    return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  }

  iso(date: Date, timezone: string): string {
    const p = this.parts(date, timezone);
    const offset = this.offsetMinutes(date, timezone);
    const sign = offset >= 0 ? "+" : "-";
    const abs = Math.abs(offset);
    return `${p.year}-${pad(p.month!)}-${pad(p.day!)}T${pad(p.hour!)}:${pad(p.minute!)}:${pad(p.second!)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  }

  date(date: Date, timezone: string): string {
    return this.iso(date, timezone).slice(0, 10);
  }

  /** The instant of local `hh:mm:ss` on `day` (YYYY-MM-DD) in `timezone`. */
  at(day: string, time: string, timezone: string): Date {
    const guess = new Date(`${day}T${time}Z`);
    const first = new Date(guess.getTime() - this.offsetMinutes(guess, timezone) * 60_000);
    // Re-check at the shifted instant so days with a DST change land on the right hour
    return new Date(guess.getTime() - this.offsetMinutes(first, timezone) * 60_000);
  }

  startOfDay(day: string, timezone: string): string {
    return this.iso(this.at(day, "00:00:00", timezone), timezone);
  }

  endOfDay(day: string, timezone: string): string {
    return this.iso(this.at(day, "23:59:59", timezone), timezone);
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** chrono reads "the year" or "may" as dates; a date phrase must carry one of these. */
const DATE_CUE =
  /\d|\b(?:today|tomorrow|tonight|yesterday|noon|midday|midnight|morning|afternoon|evening|night|weekend|week|month|year|mon|tue|wed|thu|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|minutes?|hours?|days?|weeks?|months?|now)\b/;
const VAGUE = /^(?:the |a |that |every )?(?:year|month|week|day|morning|night|days|weeks|months|years)$/;

const TIME_OF_DAY =
  /\b(?:morning|noon|midday|afternoon|evening|tonight|night|midnight|am|pm|a\.m|p\.m|\d:\d\d)\b/;
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const WEEKDAY = /\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/;
const BARE_HOUR = /^(?:at |around |by |for )?(\d{1,2})$/;
/** "45 min", "for two hours": how long something lasts, not when ("in 45 min" is when). */
const LENGTH_ONLY =
  /^(?:for )?(?:a|an|half an|\d+(?:\.\d+)?) ?(?:mins?|minutes?|hours?|hrs?|h|secs?|seconds?)$/;

/**
 * Parses `words` (already one slot's span) as one date/time. The whole span must be the date:
 * "tomorrow at 9" yes, "tomorrow at 9 to call mom" no — templates decide where a slot ends.
 */
export function parseWhen(words: readonly string[], options: WhenOptions): When | undefined {
  if (!options.memo) return readWhen(words, options);
  const key = `${options.direction}:${options.defaultHour ?? ""}:${words.join(" ")}`;
  if (options.memo.has(key)) return options.memo.get(key) as When | undefined;
  const when = readWhen(words, options);
  options.memo.set(key, when);
  return when;
}

const NUMBER_WORD = /^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)$/;

/**
 * Words a date phrase may open with besides its cue words ("next friday", "the 5th", "half past
 * 6", "an hour from now"), including the one leading word the whole-span rule allows. A span
 * opening with any other word ("set an alarm for 6:30") cannot be one date, so chrono — most of
 * a parse's time on spans scanned for a date — is not asked.
 */
const OPENERS = new Set(
  "next last this that the a an in within at on from mid end early late after before by half quarter past until till since around about for of every coming following previous day may".split(
    " ",
  ),
);

function opensLikeDate(text: string): boolean {
  const first = text.split(" ", 1)[0] ?? "";
  return OPENERS.has(first) || first in ORDINALS || DATE_CUE.test(first) || NUMBER_WORD.test(first);
}

function hasCue(words: readonly string[]): boolean {
  return words.some((w, i) => DATE_CUE.test(w) || NUMBER_WORD.test(w) || looseCue(words, i));
}

function readWhen(words: readonly string[], options: WhenOptions): When | undefined {
  if (!hasCue(words)) return undefined;
  const loose = prepare(words, options);
  const text = loose.text;
  if (!text || !DATE_CUE.test(text) || VAGUE.test(text.replace(/^(?:for|in|on|at|of) /, "")))
    return undefined;
  if (!opensLikeDate(text) || LENGTH_ONLY.test(text)) return undefined;
  const bare = BARE_HOUR.exec(text);
  const source = bare ? `at ${bare[1]}:00` : text;
  const zones = options.zones;
  const offsetKey = `offset:${options.timezone}`;
  let offset = options.memo?.get(offsetKey) as number | undefined;
  if (offset === undefined) {
    offset = zones.offsetMinutes(options.now, options.timezone);
    options.memo?.set(offsetKey, offset);
  }
  let results: chrono.ParsedResult[];
  try {
    results = chrono.parse(
      source,
      { instant: options.now, timezone: offset },
      { forwardDate: options.direction === "future" },
    );
  } catch {
    return undefined;
  }
  const first = results[0];
  if (!first || results.length > 1) return undefined;
  const covered = first.text.length;
  const leading = source.slice(0, first.index).trim();
  const trailing = source.slice(first.index + covered).trim();
  if (!/^(?:at|on|for|by|in|this|around|about|from|until|till|of|the|since|after|before)?$/.test(leading))
    return undefined;
  if (trailing !== "" && trailing !== "please") return undefined;
  let instant = new Date(first.start.date().getTime() + loose.days * 86_400_000);
  const saidTime = first.start.isCertain("hour") || TIME_OF_DAY.test(text);
  if (
    options.direction === "past" &&
    instant.getTime() > options.now.getTime() &&
    !first.start.isCertain("day")
  ) {
    // "since monday" said on a wednesday means two days ago, not next week; "since noon" said
    // at ten means yesterday noon
    const back = first.start.isCertain("weekday") ? 7 : 1;
    instant = new Date(instant.getTime() - back * 86_400_000);
  }
  if (!saidTime && options.defaultHour !== undefined) {
    instant = zones.at(
      zones.date(instant, options.timezone),
      `${pad(options.defaultHour)}:00:00`,
      options.timezone,
    );
  }
  // A weekday said that the reading does not fall on was not what chrono read ("evening friday")
  const named = WEEKDAY.exec(text);
  const day = zones.date(instant, options.timezone);
  if (named && WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()] !== named[1]) return undefined;
  const when: When = {
    iso: zones.iso(instant, options.timezone),
    date: zones.date(instant, options.timezone),
    hasTime: saidTime,
    instant,
  };
  const end = first.end?.date();
  if (end) when.endIso = zones.iso(new Date(end.getTime() + loose.days * 86_400_000), options.timezone);
  return when;
}

/** Finds the first date/time anywhere in `words` (for the classifier fallback path). */
export function findWhen(
  words: readonly string[],
  options: WhenOptions,
): { when: When; start: number; end: number } | undefined {
  // Only spans holding a date word are worth a chrono call
  const cue = words.map(
    (w, i) =>
      DATE_CUE.test(w) ||
      looseCue(words, i) ||
      /^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)$/.test(w),
  );
  for (let start = 0; start < words.length; start++) {
    const last = Math.min(words.length, start + 8);
    if (!cue.slice(start, last).includes(true)) continue;
    for (let end = last; end > start; end--) {
      if (!cue.slice(start, end).includes(true)) break;
      if (end === start + 1 && countsSomething(words, start)) break;
      const when = parseWhen(words.slice(start, end), options);
      if (when) return { when, start, end };
    }
  }
  return undefined;
}

const BARE_NUMBER = /^(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)$/;
/** Words that may follow an hour said alone ("6 tomorrow", "five sharp", "7 and not later"). */
const AFTER_AN_HOUR =
  /^(?:am|pm|a\.m|p\.m|o'?clock|oclock|sharp|ish|hours?|hrs?|h|morning|afternoon|evening|night|tomorrow|today|tonight|this|next|on|in|at|every|each|please|pls|then|and|or|so|to|till|until|thirty|fifteen|forty|fifteen|twenty|\d{1,2}|(?:mon|tues|wednes|thurs|fri|satur|sun)day)$/;

/**
 * A number said alone, with no word that leads a moment before it ("at", "by"), and a noun after
 * it counts that noun or names a thing ("one alarm", "4 the 5am round" typed for "for"), never an
 * hour: the moment is looked for further on.
 */
function countsSomething(words: readonly string[], i: number): boolean {
  if (!BARE_NUMBER.test(words[i]!)) return false;
  const next = words[i + 1];
  return next !== undefined && /^[a-z]/.test(next) && !AFTER_AN_HOUR.test(next);
}

/** The hour before `hour` on a 12-hour clock ("quarter to one" is 12:45). */
const before = (hour: string) => String(((Number(hour) + 10) % 12) + 1);

/**
 * Clock times as people say them, for chrono: "quarter past 6" → 6:15, "20 to 8" → 7:40, "half
 * 6" (British) → 6:30, "6.45am" → 6:45am. Minutes "to" an hour are only the usual ones, so a range
 * ("from 5 to 7") stays a range.
 */
function spokenClock(text: string): string {
  return text
    .replace(/\b(\d{1,2})\.(\d{2}) ?(am|pm)\b/g, "$1:$2$3")
    .replace(/\b(?:a )?quarter past (\d{1,2})\b/g, "$1:15")
    .replace(/\b(?:a )?quarter to (\d{1,2})\b/g, (_m, h: string) => `${before(h)}:45`)
    .replace(/\bhalf past (\d{1,2})\b/g, "$1:30")
    .replace(/\b(\d{1,2}) (?:minutes )?past (\d{1,2})\b/g, (m, min: string, h: string) =>
      Number(min) < 60 ? `${h}:${min.padStart(2, "0")}` : m,
    )
    .replace(
      /(^|[^m] )(5|10|20|25) (?:minutes )?to (\d{1,2})\b/g,
      (_m, lead: string, min: string, h: string) => `${lead}${before(h)}:${60 - Number(min)}`,
    )
    .replace(/\bhalf (\d{1,2})\b(?! (?:hours?|minutes?|days?))/g, "$1:30");
}

/**
 * "at 7.30", "the 5.45 one": a dot between hour and minutes after a word that leads a moment is
 * the British way to write a clock time, not a decimal (no unit follows). Read before numbers
 * are, which would make it 7.3.
 */
function dottedClock(words: readonly string[]): readonly string[] {
  if (!words.some((w) => /^\d{1,2}\.\d\d$/.test(w))) return words;
  return words
    .join(" ")
    .replace(
      /(^|\b(?:at|for|by|till|until|from|to|around|about|before|after|the|tomorrow|today|tonight) )([01]?\d|2[0-3])\.([0-5]\d)(?![.,]?\d| ?(?:%|percent|hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s|days?|weeks?|times?|x)\b)/g,
      "$1$2:$3",
    )
    .split(" ");
}

/**
 * An hour named with the part of the day it falls in ("8 in the evening", "9 at night", and as
 * many speakers put it, "seven hours of the morning", "six o'clock of the evening"): the part of
 * the day says which half of the clock. chrono reads only the hour of these and leaves the half
 * to chance (morning, or the next such hour).
 */
const HOUR_OF_THE_DAY =
  /\b(\d{1,2})(:\d\d)?\s+(?:hours?\s+)?(?:(?:of|in)\s+the|at)\s+(morning|afternoon|evening|night)\b/g;

/** The half of the clock a part of the day puts an hour in: "2 at night" is early morning. */
function half(hour: number, part: string): string {
  if (hour === 0 || hour > 12) return "";
  if (part === "morning") return "am";
  if (part === "night") return hour === 12 || hour < 5 ? "am" : "pm";
  return "pm";
}
/**
 * A 24-hour clock time said in words ("at 22 hours", "at the 18 hours"): an hour past noon said
 * after "at" is a time of day, never a length from now (that is "in 22 hours"). Hours up to 12
 * are left alone: "at 2 hours" could be either.
 */
const HOURS_ON_THE_CLOCK = /\bat (?:the )?(1[3-9]|2[0-3]) hours?\b/g;

function prepare(words: readonly string[], options: WhenOptions): LooseWhen {
  if (words.length === 0 || words.length > 10) return { text: "", days: 0 };
  const loose = looseWhen(
    spokenClock(digitize(dottedClock(words)).join(" "))
      .replace(/\b(\d{1,2}(?::\d\d)?) (am|pm|a\.m|p\.m)\b/g, "$1$2")
      .replace(/\bo'clock\b/g, "")
      .replace(
        HOUR_OF_THE_DAY,
        (_m, h: string, min: string | undefined, part: string) => `${h}${min ?? ""}${half(Number(h), part)}`,
      )
      .replace(HOURS_ON_THE_CLOCK, "at $1:00")
      .trim(),
    options,
  );
  const text = loose.text.replace(/\bthis (morning|afternoon|evening)\b/g, "today $1").replace(/\s+/g, " ");
  // "8:30 tomorrow morning" reads better to chrono as "tomorrow morning at 8:30"
  const lead =
    /^(?:at )?(\d{1,2}(?::\d\d)?(?:am|pm)?) ((?:today|tomorrow|tonight|on \w+|next \w+|monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?: morning| afternoon| evening| night)?)$/.exec(
      text,
    );
  return { text: lead ? `${lead[2]} at ${lead[1]}` : text, days: loose.days };
}
