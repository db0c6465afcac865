import type { SlotEnv, When } from "../slots/index.js";
import type { SlotMatch } from "../template.js";
import type { Token } from "../text/normalize.js";

export type Args = Record<string, unknown>;

/** A template, optionally with fixed arguments it implies ("turn it up" → change +10). */
export type TemplateEntry = string | { t: string; args: Args };

/** Slot values by name, plus their matches (spans, raw text) for builders that need them. */
export interface BuildInput {
  values: Record<string, unknown>;
  matches: Record<string, SlotMatch>;
  fixed: Args;
  env: SlotEnv;
}

/** What a classifier-only fallback may read to find arguments anywhere in the utterance. */
export interface FallbackInput {
  tokens: readonly Token[];
  words: readonly string[];
  env: SlotEnv;
}

/**
 * The embedded brain's knowledge of one tool: templates matched exactly, extra phrasings for
 * the classifier, and how to turn slots into the tool's arguments (its contract in HELPERS.md).
 */
export interface IntentSpec {
  /** The tool this intent calls, when it differs from its key (two intents, one tool). */
  tool?: string;
  templates: readonly TemplateEntry[];
  /** Classifier-only phrasings the templates do not cover (no slots). */
  samples?: readonly string[];
  /** Arguments from a template match; undefined means "this reading is not a valid call". */
  build?(input: BuildInput): Args | undefined;
  /** Arguments when only the classifier chose this tool; undefined means "cannot act on it". */
  fallback?(input: FallbackInput): Args | undefined;
  /** What values a classifier-only reading can find when not all are there (slot filling). */
  partial?(input: FallbackInput): Args | undefined;
  /**
   * Words one of which must appear before a classifier guess may act ("alarm" for alarms):
   * a statistical guess without the domain's own vocabulary is not acted on.
   */
  anchors?: RegExp;
  /**
   * What a very sure classifier guess needs instead of `anchors` ("next podcast" is a skip even
   * without "song"): `false` keeps the anchors required; absent means no words are required.
   */
  loose?: RegExp | false;
  /** Words that rule a classifier guess out ("schedule a meeting" is not a calendar lookup). */
  vetoes?: RegExp;
  /**
   * Any mention of something Jarvis cannot do rules a guess out, however sure (the clock:
   * "what time does the train leave" asks a timetable).
   */
  strictScope?: boolean;
  /** An unsure guess is asked about (an incomplete call) only when `anchors` were said. */
  asksWithAnchors?: boolean;
}

export type IntentTable = Record<string, IntentSpec>;

export function isWhen(value: unknown): value is When {
  return typeof value === "object" && value !== null && "iso" in value && "date" in value;
}

/** The default builder: slot values become arguments of the same name (dates as ISO). */
export function slotsAsArgs(input: BuildInput): Args {
  const args: Args = { ...input.fixed };
  for (const [name, value] of Object.entries(input.values)) {
    args[name] = isWhen(value) ? value.iso : value;
  }
  return args;
}
