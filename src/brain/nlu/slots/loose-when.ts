import type { ZoneClock } from "../../../core/language.js";
import { ORDINALS } from "../text/numbers.js";

/**
 * Moments as people say them loosely, rewritten into what chrono reads: shortened weekdays
 * ("next tues", "thurs"), parts of the working day ("first thing", "after lunch", "end of the
 * day"), a rough hour ("7ish"), a day of this month said alone ("on the 3rd", "the 14th at 2")
 * and a week beyond a day ("monday week", "a week on friday"). The clock times chosen for a
 * part of the day are the usual office ones; the rewrite only ever yields one moment or none.
 */
export interface LooseWhen {
  text: string;
  /** Days to add to what chrono reads ("monday week" is the Monday after the coming one). */
  days: number;
}

export interface LooseClock {
  zones: ZoneClock;
  now: Date;
  timezone: string;
  direction: "future" | "past";
}

const WEEKDAY_SHORT: Array<[RegExp, string]> = [
  [/\btues\b/g, "tuesday"],
  [/\bweds\b/g, "wednesday"],
  [/\bthurs?\b/g, "thursday"],
  [/\btil\b/g, "till"],
];

const PARTS_OF_DAY: Array<[RegExp, string]> = [
  [/\bfirst thing(?: in the morning)?\b/g, "9am"],
  [/\bbefore lunch ?(?:time)?\b/g, "at 11am"],
  [/\bafter lunch ?(?:time)?\b/g, "at 2pm"],
  [/\bby lunch ?(?:time)?\b/g, "at 12pm"],
  [/\b(?:(?:at|around|over|during) )?lunch ?time\b|\b(?:at|around|over|during) lunch\b/g, "at 12:30pm"],
  [
    /\b(?:(?:at|by|before|for) )?(?:the )?(?:end of (?:the |my )?(?:working |work )?day|close of (?:business|play)|eod|cob)\b/g,
    "at 5pm",
  ],
  [/\b(\d{1,2}(?::\d\d)?(?:am|pm)?)ish\b/g, "$1"],
];

const DAY_WORD = "monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow";
const WEEK_ON = new RegExp(`^(?:on )?a week (?:on|from) (${DAY_WORD})\\b`);
const DAY_WEEK = new RegExp(`^(?:on )?(${DAY_WORD}) week\\b`);

const MONTH_NAMES =
  "january february march april may june july august september october november december".split(" ");
const MONTH_WORD = /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)/;
const ORDINAL_WORD = Object.keys(ORDINALS).join("|");
/** "on the 3rd", "for the fourteenth", "the 3rd at 4": a day of the month with no month said. */
const MONTH_DAY = new RegExp(
  `(^|\\b(?:on|for|by|until|till|from|since|before|after) )the (\\d{1,2})(?:st|nd|rd|th)\\b|(^|\\b(?:on|for|by|until|till|from|since|before|after) )the (${ORDINAL_WORD})\\b`,
);

/** A word that may hold a loose date: the per-word cue the date scan looks for. */
export function looseCue(words: readonly string[], i: number): boolean {
  const w = words[i]!;
  return LOOSE_CUE.test(w) || (words[i - 1] === "the" && w in ORDINALS);
}

const LOOSE_CUE = /^(?:tues|weds|thur|thurs|lunch|lunchtime|first|end|close|eod|cob|\d{1,2}ish)$/;

export function looseWhen(text: string, clock: LooseClock): LooseWhen {
  let out = text;
  for (const [pattern, to] of WEEKDAY_SHORT) out = out.replace(pattern, to);
  for (const [pattern, to] of PARTS_OF_DAY) out = out.replace(pattern, to);
  let days = 0;
  const weekOn = WEEK_ON.exec(out) ?? DAY_WEEK.exec(out);
  if (weekOn) {
    out = `${weekOn[1]}${out.slice(weekOn[0].length)}`;
    days = 7;
  }
  out = monthDay(out, clock);
  return {
    text: out
      .replace(/\bat at\b/g, "at")
      .replace(/\s+/g, " ")
      .trim(),
    days,
  };
}

/** The day of the month said alone, given its month: the next such day (or the last, looking back). */
function monthDay(text: string, clock: LooseClock): string {
  const found = MONTH_DAY.exec(text);
  if (!found) return text;
  const lead = found[1] ?? found[3] ?? "";
  const day = found[2] ? Number(found[2]) : ORDINALS[found[4] ?? ""];
  const after = text.slice(found.index + found[0].length);
  // "(on) the 3rd (of) july": the month is said; chrono reads it, without the article after a lead
  if (/^ (?:of )?\w+/.test(after) && MONTH_WORD.test(after.replace(/^ (?:of )?/, "")))
    return lead ? text.replace(`${lead}the `, lead) : text;
  // Said alone with nothing before it, only a time after makes it a day ("the 3rd at 4")
  if (lead === "" && !/^ at \d/.test(after)) return text;
  if (day === undefined || day < 1 || day > 31) return text;
  const today = clock.zones.date(clock.now, clock.timezone);
  const year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7)) - 1;
  const todayDay = Number(today.slice(8, 10));
  const step = clock.direction === "future" ? 1 : -1;
  if (clock.direction === "future" ? day < todayDay : day > todayDay) month += step;
  // A month without that day ("the 31st" in June) is skipped
  for (let tries = 0; tries < 3; tries++) {
    const normal = ((month % 12) + 12) % 12;
    const y = year + Math.floor(month / 12);
    if (day <= new Date(Date.UTC(y, normal + 1, 0)).getUTCDate())
      return `${text.slice(0, found.index)}${lead}${MONTH_NAMES[normal]} ${day} ${y}${after}`;
    month += step;
  }
  return text;
}
