import type { FollowUpKind, When } from "../../core/language.js";
import type { Catalog } from "./catalog.js";
import { parseDuration, parseWhen, type SlotEnv } from "./slots/index.js";
import { isNumberWord, parseNumber } from "./text/numbers.js";
import type { NluCall } from "./types.js";

/** Words that join a time or a length to what it is for ("at 4 pm", "for 20 minutes"). */
const JOINS = new Set(["in", "at", "for"]);

/** Words that close a correction without adding to it ("9 actually", "5:15 then"). */
const CLOSING = new Set(["actually", "then", "please", "instead", "sorry"]);

/**
 * A value said alone right after a call ("no wait, 5:15", "ten minutes", "9 actually"): a
 * correction of the last call, as if "make it" had been said. Only when the words are the value
 * and nothing else: a time, a length or a number, so no request of its own is read as one
 * (a number or a length in up to four words, a moment in up to six).
 */
export function bareValue(
  words: readonly string[],
  env: SlotEnv,
): { kind: FollowUpKind; rest: string[] } | undefined {
  const rest = withoutClosing(words);
  // "at 9 in the morning", "tomorrow at half past six": a moment may take six words
  if (rest.length === 0 || rest.length > 6) return undefined;
  // "at 4 pm", "for 20 minutes": the time or length without the word that joins it
  const value = JOINS.has(rest[0]!) && rest.length > 1 ? rest.slice(1) : rest;
  const short = rest.length <= 4;
  const read =
    (short && parseNumber(value) !== undefined) ||
    (short && parseDuration(value) !== undefined) ||
    parseWhen(value, { zones: env.zones, now: env.now, timezone: env.timezone, direction: "future" }) !==
      undefined;
  return read ? { kind: "change", rest } : undefined;
}

/** The words without what closes a correction ("9 actually" → "9"). */
export function withoutClosing(words: readonly string[]): string[] {
  const rest = [...words];
  while (rest.length > 1 && CLOSING.has(rest.at(-1)!)) rest.pop();
  return rest;
}

/**
 * A repeat said alone right after a call whose tool takes one ("every day" after a reminder):
 * that call again, repeated. Undefined when there is no such call.
 */
export function repeated(catalog: Catalog, last: NluCall | undefined, repeat: string): NluCall | undefined {
  return last && catalog.properties.get(last.tool)?.repeat
    ? { tool: last.tool, args: { ...last.args, repeat } }
    : undefined;
}

/** "the day after", "the next day", "two days later", "the day before that": counted from a day. */
const RELATIVE_DAY =
  /^(?:on )?(?:the )?(?:(?:day|night) (after|before)|(next|following|previous) (?:day|night)|(\w+) days? (later|after|afterwards|before|earlier))(?: that| it| then)?$/;

/**
 * A day said relative to the day the last call named ("and the day after?" after tomorrow's
 * calendar): that day moved, never today's. Undefined when the words are no such day or the
 * last call named no day.
 */
export function dayAfterLast(rest: readonly string[], last: NluCall, env: SlotEnv): When | undefined {
  const m = RELATIVE_DAY.exec(rest.join(" "));
  if (!m) return undefined;
  const count =
    m[3] === undefined
      ? 1
      : /^\d+$/.test(m[3])
        ? Number(m[3])
        : isNumberWord(m[3])
          ? parseNumber([m[3]])
          : undefined;
  if (count === undefined || count < 1 || count > 60) return undefined;
  const back = m[1] === "before" || m[2] === "previous" || m[4] === "before" || m[4] === "earlier";
  const named = Object.values(last.args).find(
    (v): v is string => typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v),
  );
  if (!named) return undefined;
  const date = new Date(`${named.slice(0, 10)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + (back ? -count : count));
  const day = date.toISOString().slice(0, 10);
  const iso = env.zones.startOfDay(day, env.timezone);
  return { iso, date: day, hasTime: false, instant: new Date(iso) };
}
