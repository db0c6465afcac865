import type { NluCall, NluResult } from "./types.js";

/* The calls a reading holds, and how two of them compare (split from points-back.ts). */

export function callsOf(result: NluResult): NluCall[] {
  return result.calls ?? (result.tool ? [{ tool: result.tool, args: result.args ?? {} }] : []);
}

/** The same single tool, with every value the first had and more. */
export function adds(before: NluCall[], after: NluCall[]): boolean {
  if (before.length !== 1 || after.length !== 1 || before[0]!.tool !== after[0]!.tool) return false;
  const had = Object.keys(before[0]!.args);
  const has = Object.keys(after[0]!.args);
  return has.length > had.length && had.every((k) => has.includes(k));
}

/**
 * The call takes, unchanged, a value of the last call that the words named back: the thing
 * itself ("text editor" opened, then tiled), not a word of the request that happens to match.
 */
export function carriesNamed(call: NluCall, last: NluCall, named: string): boolean {
  const text = named.toLowerCase();
  const carried = new Set(
    Object.values(last.args)
      .filter((v): v is string => typeof v === "string" && v.length > 1)
      .map((v) => v.toLowerCase())
      .filter((v) => text.includes(v)),
  );
  return Object.values(call.args).some((v) => typeof v === "string" && carried.has(v.toLowerCase()));
}

export const sameArgs = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
