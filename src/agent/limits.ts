import type { NluResult } from "../brain/nlu/types.js";
import type { TaskSize } from "./types.js";

export interface RunLimits {
  rounds: number;
  ms: number;
}

/** Seed 001's limits by task size: model rounds and wall-clock time. */
export const DEFAULT_LIMITS: Record<TaskSize, RunLimits> = {
  quick: { rounds: 10, ms: 60_000 },
  medium: { rounds: 30, ms: 5 * 60_000 },
  complex: { rounds: 100, ms: 30 * 60_000 },
};

const SIZES: readonly TaskSize[] = ["quick", "medium", "complex"];

const COMPLEX_WORDS =
  /\b(research|compare|investigate|analy[sz]e|summari[sz]e all|every|each of|plan (a|my|the)|organi[sz]e|refactor|step by step|report)\b/i;
const MEDIUM_WORDS = /\b(and then|after that|then|also|both|find .* and|search .* and)\b/i;

/**
 * A first guess at the task's size (the model can raise it through `plan_update`): one
 * confident command is quick, several steps medium, open-ended work complex.
 */
export function estimateSize(text: string, nlu?: NluResult): TaskSize {
  if (COMPLEX_WORDS.test(text) || text.length > 600) return "complex";
  if ((nlu?.calls?.length ?? 0) > 1 || MEDIUM_WORDS.test(text) || text.length > 200) return "medium";
  return "quick";
}

/** Sizes only grow during a run: a plan may reveal more work, never less. */
export function largerSize(a: TaskSize, b: TaskSize): TaskSize {
  return SIZES.indexOf(a) >= SIZES.indexOf(b) ? a : b;
}

export function isTaskSize(value: unknown): value is TaskSize {
  return typeof value === "string" && (SIZES as readonly string[]).includes(value);
}

export function describeLimit(size: TaskSize, limits: RunLimits, what: "rounds" | "time"): string {
  return what === "rounds"
    ? `Stopped: this ${size} task reached its limit of ${limits.rounds} model rounds. Ask me to continue, or split the task.`
    : `Stopped: this ${size} task reached its time limit of ${formatDuration(limits.ms)}. Ask me to continue, or split the task.`;
}

function formatDuration(ms: number): string {
  if (ms >= 60_000) return `${Math.round(ms / 60_000)} min`;
  return ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`;
}
