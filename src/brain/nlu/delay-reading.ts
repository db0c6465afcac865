import type { Catalog } from "./catalog.js";
import { CLASSIFIER_CAP } from "./parse-rules.js";
import { kindOf } from "./slot-filling.js";
import { findDuration, findWhen, type SlotEnv } from "./slots/index.js";
import type { NluCall, NluResult } from "./types.js";

/**
 * A classifier reading whose time of day was said only as a delay from now ("wake me in 20
 * minutes", "power nap, get me up in half an hour"), to a tool that takes a clock time, while a
 * tool of its own area takes a length: the person counted a length, which is that tool's value,
 * not a time on the clock. The tool of the length is returned with the length as its value, to
 * be asked rather than acted on (guess.ts): a person who meant the clock time says yes to neither.
 * Undefined when a clock time or a day is said too, or when no tool of the area takes a length.
 */
export function delayReading(
  catalog: Catalog,
  call: NluCall,
  words: readonly string[],
  env: SlotEnv,
): NluCall | undefined {
  const properties = catalog.properties.get(call.tool) ?? {};
  const timed = Object.keys(call.args).filter((arg) => kindOf(arg, properties) === "when");
  // Only the time itself was read: a reading with a title, a label or a place keeps its tool
  if (timed.length !== 1 || Object.keys(call.args).length !== 1) return undefined;
  const length = findDuration(words);
  if (!length || words[length.start - 1] !== "in" || length.seconds < 60) return undefined;
  // Nothing else of time said beside the delay ("in 20 minutes, tomorrow" is no delay)
  const after = words.slice(length.end);
  // "in 25 minutes from now": the delay's own words
  const rest = [
    ...words.slice(0, length.start - 1),
    ...(after[0] === "from" && after[1] === "now" ? after.slice(2) : after),
  ];
  const other = findWhen(rest, {
    zones: env.zones,
    now: env.now,
    timezone: env.timezone,
    direction: "future",
  });
  if (other || rest.some((w) => /\d/.test(w))) return undefined;
  const group = catalog.groupOf.get(call.tool);
  for (const [tool, required] of catalog.required) {
    if (tool === call.tool || catalog.groupOf.get(tool) !== group || required.length !== 1) continue;
    const arg = required[0]!;
    if (kindOf(arg, catalog.properties.get(tool)) === "duration")
      return { tool, args: { [arg]: length.seconds } };
  }
  return undefined;
}

/**
 * A turn of its own read as one call whose clock time was a delay from now (`delayReading`): the
 * length's tool, put as the middle band's question; any other reading unchanged.
 */
export function delayed(
  catalog: Catalog,
  result: NluResult,
  said: readonly { w: string }[],
  env: SlotEnv,
): NluResult {
  if (result.kind !== "action" || !result.tool || result.missing?.length || result.calls) return result;
  const words = said.map((t) => t.w);
  const call = delayReading(catalog, { tool: result.tool, args: result.args ?? {} }, words, env);
  if (!call) return result;
  const { summary: _summary, ...rest } = result;
  return {
    ...rest,
    tool: call.tool,
    args: call.args,
    confidence: Math.min(result.confidence, CLASSIFIER_CAP),
  };
}
