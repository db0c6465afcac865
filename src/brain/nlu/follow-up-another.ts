import { NEAR_CONFIDENCE } from "./near-miss.js";
import { CONFIDENCE } from "./parse-rules.js";
import type { AgainDeps } from "./points-back.js";
import { callsOf } from "./points-back-calls.js";
import { tokenize } from "./text/normalize.js";
import type { NluContext, NluResult } from "./types.js";

/*
 * One more of the last call with one value said anew ("and another one for 8 minutes" after a
 * timer, "the same on Sunday but at 6" after an alarm, "another ten" after a snooze). The lead
 * ("another", "one more", "the same") only says the call is repeated; what follows is read as the
 * joining follow-up "and ⟨value⟩" is, by the last call's own tool and the schema's edits, so the
 * value lands where the tool's own reading of "and …" puts it and the call is one more, never a
 * take-back of the first. Two writers of dev-everyday 17–19 each said it both ways.
 */

/** The repeating lead, with an optional verb before "the same" ("send the same to Leo"). */
const REPEAT =
  /^(?:(?:and|ok|okay|also|oh and|now|then) )?(?:another(?: one)?|one more|a second one|(?:[a-z]+ )?the same(?: again| thing)?|same again|same)(?: (?:please|too|as well))? (.+)$/;

/** Words that join a second value to the first ("on Sunday but at 6"): the value reads without them. */
const JOINER = new Set(["but", "only", "just", "please"]);

/**
 * The turns a repeat said with a value stands for, tried in order: "and ⟨value⟩", the value
 * alone (the joining words dropped), then both without a leading "for" before one word
 * ("another for 8": the number is the call's value). Each is typed text, read again as a turn of
 * its own; the caller keeps only the repeated call, never a take-back of the first.
 */
export function repeatedWithValue(words: readonly string[]): string[] {
  const m = REPEAT.exec(words.join(" "));
  if (!m) return [];
  const rest = m[1]!.split(" ").filter((w) => !JOINER.has(w));
  // "another one please" says no value: "one" is the thing repeated, not a count
  if (rest.length === 0 || rest.length > 6 || rest[0] === "one") return [];
  const readings = [`and ${rest.join(" ")}`, rest.join(" ")];
  if (rest[0] === "for" && rest.length === 2) readings.push(`and ${rest[1]}`, rest[1]!);
  return readings;
}

/** Values a repeat may set anew: any but a handle of the first. */
const HANDLE = /^#[a-z]\d+$/;

/**
 * "and another one for the toast, 3 minutes", "another one for 45 minutes for the roast": a
 * repeat whose words are a whole request of the last call's kind, more than one value said anew
 * (dev22, dev25). The words after the lead are read as a turn of their own — as said, without a
 * leading "for", then headed by the name the last call's tool goes by (the part of its name
 * before "_", as the catalog names it) — and only a complete reading of that very tool counts:
 * one more of the same, with the values said, never the first one's label kept. Sure readings
 * act, as the repeat says what to do; others are asked. Only over a turn not already read surely
 * as that tool.
 */
export function anotherReading(
  deps: AgainDeps,
  input: string,
  read: NluResult,
  context: NluContext,
): NluResult | undefined {
  const last = context.lastCall;
  if (!last || context.pending) return undefined;
  if (read.kind === "action" && read.confidence >= CONFIDENCE.reference) return undefined;
  const m = REPEAT.exec(
    tokenize(input)
      .map((t) => t.w)
      .join(" "),
  );
  if (!m) return undefined;
  // The typed words after the lead, punctuation kept ("for the toast, 3 minutes")
  const lead =
    /^\W*(?:(?:and|ok|okay|also|oh and|now|then)\W+)?(?:another(?:\W+one)?|one\W+more|a\W+second\W+one)\W+/i.exec(
      input,
    );
  if (!lead) return undefined;
  const rest = input.slice(lead[0].length).trim();
  if (!rest || rest.split(/\s+/).length > 8) return undefined;
  const noun = last.tool.slice(0, last.tool.indexOf("_"));
  const unled = rest.replace(/^for\s+/i, "");
  const { lastCall: _, ...alone } = context;
  for (const text of [rest, unled, `${noun} ${unled}`]) {
    const again = deps.parser.parse(text, alone);
    const calls = callsOf(again);
    if (again.kind !== "action" || again.missing?.length || calls.length !== 1) continue;
    const call = calls[0]!;
    if (
      call.tool !== last.tool ||
      Object.values(call.args).some((v) => typeof v === "string" && HANDLE.test(v))
    )
      continue;
    const sure = again.confidence > CONFIDENCE.unnamedMedium;
    const result = deps.parser.ask(input, call, [], sure ? CONFIDENCE.reference : NEAR_CONFIDENCE);
    return {
      ...result,
      evidence: { via: "back", p: again.confidence, margin: 0, coverage: 1, anchored: true },
    };
  }
  return undefined;
}
