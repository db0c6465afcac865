import type { FollowUpKind } from "../../core/language.js";
import type { Catalog } from "./catalog.js";
import { parseDuration, parseWhen, type SlotEnv } from "./slots/index.js";
import { parseNumber } from "./text/numbers.js";
import type { NluCall } from "./types.js";

/** Words that join a time or a length to what it is for ("at 4 pm", "for 20 minutes"). */
const JOINS = new Set(["in", "at", "for"]);

/** Words that close a correction without adding to it ("9 actually", "5:15 then"). */
const CLOSING = new Set(["actually", "then", "please", "instead", "sorry"]);

/**
 * A value said alone right after a call ("no wait, 5:15", "ten minutes", "9 actually"): a
 * correction of the last call, as if "make it" had been said. Only when the words are the value
 * and nothing else: a time, a length or a number, so no request of its own is read as one.
 */
export function bareValue(
  words: readonly string[],
  env: SlotEnv,
): { kind: FollowUpKind; rest: string[] } | undefined {
  const rest = withoutClosing(words);
  if (rest.length === 0 || rest.length > 4) return undefined;
  // "at 4 pm", "for 20 minutes": the time or length without the word that joins it
  const value = JOINS.has(rest[0]!) && rest.length > 1 ? rest.slice(1) : rest;
  const read =
    parseNumber(value) !== undefined ||
    parseDuration(value) !== undefined ||
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
