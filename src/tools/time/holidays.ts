import { editDistance } from "../../brain/nlu/text/sounds.js";

/**
 * Days people name instead of dating: "christmas", "new year's eve", "easter", "thanksgiving".
 * Each resolves to its next occurrence on or after a given day (YYYY-MM-DD), computed, never
 * looked up. Fixed dates, Western Easter (the anonymous Gregorian computus) and the US/UK
 * days that are "the nth weekday of a month".
 */
type Rule =
  | { month: number; day: number }
  | { easter: number }
  | { month: number; weekday: number; nth: number };

const RULES: Record<string, Rule> = {
  "new year": { month: 1, day: 1 },
  "new years day": { month: 1, day: 1 },
  "new year day": { month: 1, day: 1 },
  "valentines day": { month: 2, day: 14 },
  valentines: { month: 2, day: 14 },
  "st patricks day": { month: 3, day: 17 },
  "saint patricks day": { month: 3, day: 17 },
  "april fools day": { month: 4, day: 1 },
  "may day": { month: 5, day: 1 },
  "independence day": { month: 7, day: 4 },
  "fourth of july": { month: 7, day: 4 },
  "the fourth of july": { month: 7, day: 4 },
  halloween: { month: 10, day: 31 },
  "bonfire night": { month: 11, day: 5 },
  "guy fawkes night": { month: 11, day: 5 },
  "christmas eve": { month: 12, day: 24 },
  christmas: { month: 12, day: 25 },
  "christmas day": { month: 12, day: 25 },
  xmas: { month: 12, day: 25 },
  "boxing day": { month: 12, day: 26 },
  "new years eve": { month: 12, day: 31 },
  "new year eve": { month: 12, day: 31 },
  "good friday": { easter: -2 },
  easter: { easter: 0 },
  "easter sunday": { easter: 0 },
  "easter monday": { easter: 1 },
  "mothers day": { month: 5, weekday: 0, nth: 2 },
  "fathers day": { month: 6, weekday: 0, nth: 3 },
  "memorial day": { month: 5, weekday: 1, nth: -1 },
  "labor day": { month: 9, weekday: 1, nth: 1 },
  "labour day": { month: 9, weekday: 1, nth: 1 },
  thanksgiving: { month: 11, weekday: 4, nth: 4 },
  "martin luther king day": { month: 1, weekday: 1, nth: 3 },
};

/** "Christmas Day", "new year's eve", "the 4th of July" → the rules' key form. */
export function holidayKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/\b4th\b/g, "fourth")
    .replace(/[^a-z ]+/g, " ")
    .replace(/^(?:the )?(?:next |this |coming )?/, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The named day meant, as the rules spell it, when the text names one: as written, or with a
 * typist's slip in each word ("chrismas", "crismas", "haloween", "new yaers eve"). A name is a
 * word nobody spells alike twice, and the speller only knows the catalog's words, so the days'
 * own names are the vocabulary here: one slip in a word of up to seven letters, two in a longer
 * one, and never a slip in a word too short to tell apart ("may", "eve").
 */
export function holidayName(text: string): string | undefined {
  const key = holidayKey(text);
  if (key in RULES) return key;
  const said = key.split(" ");
  if (said.length === 0 || said.every((w) => w.length < 5)) return undefined;
  let found: string | undefined;
  for (const name of Object.keys(RULES)) {
    const words = name.split(" ");
    if (words.length !== said.length) continue;
    const near = words.every((word, i) => {
      const typed = said[i]!;
      if (word === typed) return true;
      // A slip falls inside a word: its first and last letters hold ("eastern", "christian"
      // are other words, not Easter and Christmas mistyped)
      if (word.length < 4 || typed[0] !== word[0] || typed.at(-1) !== word.at(-1)) return false;
      return editDistance(typed, word, 2) <= (word.length <= 7 ? 1 : 2);
    });
    // Two days a slip away from the same word: neither is meant for sure
    if (near) {
      if (found) return undefined;
      found = name;
    }
  }
  return found;
}

export function isHoliday(text: string): boolean {
  return holidayName(text) !== undefined;
}

const pad = (n: number) => String(n).padStart(2, "0");

function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return { month, day: ((h + l - 7 * m + 114) % 31) + 1 };
}

function dateIn(rule: Rule, year: number): string {
  if ("easter" in rule) {
    const sunday = easterSunday(year);
    const day = new Date(Date.UTC(year, sunday.month - 1, sunday.day + rule.easter));
    return day.toISOString().slice(0, 10);
  }
  if ("day" in rule) return `${year}-${pad(rule.month)}-${pad(rule.day)}`;
  if (rule.nth > 0) {
    const first = new Date(Date.UTC(year, rule.month - 1, 1)).getUTCDay();
    const day = 1 + ((rule.weekday - first + 7) % 7) + (rule.nth - 1) * 7;
    return `${year}-${pad(rule.month)}-${pad(day)}`;
  }
  const last = new Date(Date.UTC(year, rule.month, 0));
  const back = (last.getUTCDay() - rule.weekday + 7) % 7;
  return `${year}-${pad(rule.month)}-${pad(last.getUTCDate() - back)}`;
}

/** The named day's next occurrence on or after `today` (YYYY-MM-DD), or undefined if not a known day. */
export function nextHoliday(text: string, today: string): string | undefined {
  const name = holidayName(text);
  const rule = name ? RULES[name] : undefined;
  if (!rule) return undefined;
  const year = Number(today.slice(0, 4));
  const thisYear = dateIn(rule, year);
  return thisYear >= today ? thisYear : dateIn(rule, year + 1);
}
