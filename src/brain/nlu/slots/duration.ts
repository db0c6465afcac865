import { parseNumber, readNumber } from "../text/numbers.js";

/**
 * Spoken durations → seconds: "5 minutes", "an hour and a half", "1h30", "half an hour",
 * "2 and a half hours", "1 hour 20 minutes", "ten-minute". The whole span must be a duration.
 */
const UNIT_SECONDS: Record<string, number> = {
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  day: 86_400,
  days: 86_400,
  week: 604_800,
  weeks: 604_800,
};

/** A day-long ceiling keeps "timer for 900000 hours" from becoming a real timer. */
export const MAX_DURATION_S = 7 * 86_400;

export function parseDuration(input: readonly string[]): number | undefined {
  const words = expandCompact(input.filter((w) => w !== "-"));
  if (words.length === 0) return undefined;
  let i = 0;
  let total = 0;
  let parts = 0;
  while (i < words.length) {
    if (parts > 0 && (words[i] === "and" || words[i] === ",")) {
      // "an hour and a half" is handled below; here "and" joins two components
      i += 1;
    }
    const component = readComponent(words, i);
    if (!component) return undefined;
    total += component.seconds;
    i = component.end;
    parts += 1;
    if (parts > 3) return undefined;
  }
  if (total <= 0 || total > MAX_DURATION_S) return undefined;
  return Math.round(total);
}

function readComponent(
  words: readonly string[],
  start: number,
): { seconds: number; end: number } | undefined {
  let i = start;
  let amount: number | undefined;
  const w = words[i];
  if (w === "half") {
    // "half an hour", "half a minute", "half hour"
    amount = 0.5;
    i += 1;
    if (words[i] === "an" || words[i] === "a") i += 1;
  } else if ((w === "a" || w === "an") && words[i + 1] === "half") {
    amount = 0.5;
    i += 2;
  } else if ((w === "a" || w === "an") && words[i + 1] === "quarter") {
    amount = 0.25;
    i += 2;
    if (words[i] === "of") i += 1;
    if (words[i] === "an" || words[i] === "a") i += 1;
  } else if (w === "quarter") {
    amount = 0.25;
    i += 1;
    if (words[i] === "of") i += 1;
    if (words[i] === "an" || words[i] === "a") i += 1;
  } else if ((w === "a" || w === "an" || w === "one") && UNIT_SECONDS[words[i + 1] ?? ""] !== undefined) {
    amount = 1;
    i += 1;
  } else {
    const read = readNumber(words, i);
    if (!read) return undefined;
    amount = read.value;
    i = read.end;
    // "three quarters of an hour"
    if ((words[i] === "quarters" || words[i] === "quarter") && words[i + 1] === "of") {
      amount = amount / 4;
      i += 2;
      if (words[i] === "an" || words[i] === "a") i += 1;
    }
    // "2 and a half hours", "2 and half hours"
    const half = andAHalf(words, i);
    if (half) {
      amount += 0.5;
      i += half;
    }
  }
  const unit = UNIT_SECONDS[words[i] ?? ""];
  if (unit === undefined) return undefined;
  i += 1;
  let seconds = amount * unit;
  // "an hour and a half", "a minute and a half", "one hour and half"
  const half = andAHalf(words, i);
  if (half) {
    seconds += unit / 2;
    i += half;
  }
  // "1 hour 30", "1 minute 20", "two minutes fifteen": the next smaller unit implied after hours
  // or minutes, said last (in digits, or in words from ten up: "five minutes five" is a length
  // said twice, not 305 seconds)
  const rest = unit === 3600 || unit === 60 ? readNumber(words, i) : undefined;
  const digits = /^\d{1,2}$/.test(words[i] ?? "");
  if (
    rest &&
    rest.end === words.length &&
    Number.isInteger(rest.value) &&
    rest.value > 0 &&
    rest.value < 60 &&
    (digits || rest.value >= 10)
  ) {
    seconds += rest.value * (unit / 60);
    i = rest.end;
  }
  return { seconds, end: i };
}

/** How many words "and a half" / "and half" takes at i, or 0. */
function andAHalf(words: readonly string[], i: number): number {
  if (words[i] !== "and") return 0;
  if (words[i + 1] === "half") return 2;
  return words[i + 1] === "a" && words[i + 2] === "half" ? 3 : 0;
}

/** "5min" → ["5", "min"], "1h30" → ["1", "h", "30", "m"], "2hrs" → ["2", "hrs"]. */
function expandCompact(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const w of words) {
    const hm = /^(\d+)h(\d{1,2})m?$/.exec(w);
    if (hm) {
      out.push(hm[1]!, "h", hm[2]!, "m");
      continue;
    }
    // "half-hour", "one-hour", "ten-minute": a length written as one hyphenated word
    const joined = /^([a-z]+|\d+)-(hours?|minutes?|mins?|hrs?|seconds?|secs?|days?|weeks?)$/.exec(w);
    if (joined) {
      out.push(joined[1]!, joined[2]!);
      continue;
    }
    const compact = /^(\d+(?:\.\d+)?)([a-z]+)$/.exec(w);
    if (compact && UNIT_SECONDS[compact[2]!] !== undefined) {
      out.push(compact[1]!, compact[2]!);
      continue;
    }
    out.push(w);
  }
  return out;
}

/** Words after a number that make it a count of something, not a length's seconds or minutes. */
const COUNTS_ON = /^(?:times?|more|of|x|each|people|things|items?|slots?|alarms?|timers?|reminders?)$/;

/** Finds the first duration anywhere in `words` (for the classifier fallback path). */
export function findDuration(
  words: readonly string[],
): { seconds: number; start: number; end: number } | undefined {
  for (let start = 0; start < words.length; start++) {
    for (let end = Math.min(words.length, start + 8); end > start; end--) {
      const seconds = parseDuration(words.slice(start, end));
      // A number after the length that counts something else is not its smaller unit
      // ("5 minutes three times", "2 minutes 3 more")
      if (
        seconds !== undefined &&
        COUNTS_ON.test(words[end] ?? "") &&
        /^(?:\d+|[a-z]+)$/.test(words[end - 1]!)
      ) {
        const shorter = parseDuration(words.slice(start, end - 1));
        if (shorter !== undefined && !UNIT_SECONDS[words[end - 1]!])
          return { seconds: shorter, start, end: end - 1 };
      }
      if (seconds !== undefined) return { seconds, start, end };
    }
  }
  return undefined;
}

/** "5 minutes", "1 hour 30 minutes": for labels and replies. */
export function formatDuration(totalSeconds: number): string {
  const parts: string[] = [];
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = Math.round(totalSeconds % 60);
  if (h) parts.push(`${h} hour${h === 1 ? "" : "s"}`);
  if (m) parts.push(`${m} minute${m === 1 ? "" : "s"}`);
  if (s || parts.length === 0) parts.push(`${s} second${s === 1 ? "" : "s"}`);
  return parts.join(" ");
}

/**
 * A place in a track, in seconds: "4:12", "1:02:03", "four twelve", "minute three", "two
 * minutes", "the beginning". Undefined for anything else.
 */
export function parsePosition(input: readonly string[]): number | undefined {
  const words = input.filter((w) => w !== "the");
  if (words.length === 0) return undefined;
  if (words.length === 1 && /^(?:beginning|start)$/.test(words[0]!)) return 0;
  if (words.length === 1 && /^\d{1,2}(?::\d{2}){1,2}$/.test(words[0]!))
    return words[0]!.split(":").reduce((total, part) => total * 60 + Number(part), 0);
  if (words[0] === "minute" && words.length > 1) {
    const minute = parseNumber(words.slice(1));
    return minute !== undefined && Number.isInteger(minute) && minute >= 0 ? minute * 60 : undefined;
  }
  // "four twelve": minutes then seconds, each said as one number
  if (words.length >= 2 && words.length <= 3) {
    const minutes = parseNumber(words.slice(0, 1));
    const seconds = parseNumber(words.slice(1));
    if (
      minutes !== undefined &&
      seconds !== undefined &&
      seconds >= 10 &&
      seconds < 60 &&
      Number.isInteger(seconds)
    )
      return minutes * 60 + seconds;
  }
  return parseDuration(words);
}

/**
 * A length said first in free text, the rest an aside ("5 minutes, I'm on a call" → 300): how long
 * a setting lasts when a template took what follows "for" as words. A clock time that opens the
 * same way ("5 minutes past 6") is no length.
 */
export function leadingLength(text: unknown): number | undefined {
  if (typeof text !== "string") return undefined;
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9.'-]+/)
    .filter(Boolean);
  const found = findDuration(words);
  if (found?.start !== 0) return undefined;
  return /^(?:past|to|after|before|from|ago)$/.test(words[found.end] ?? "") ? undefined : found.seconds;
}
