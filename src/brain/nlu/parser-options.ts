import type { Clock } from "../../core/clock.js";
import type { UserVocabulary } from "../../core/language.js";
import type { Nlu } from "./types.js";

/** The parser's bars and options (kept apart from parser.ts, which is the reading itself). */
export interface Thresholds {
  /** Classifier probability needed before a guess may become an action. */
  action: number;
  /** Required lead of the top class over the runner-up for that. */
  margin: number;
  /** Share of known words below which the utterance is treated as not understood. */
  coverage: number;
  /** Classifier probability for question / chat / dialog labels. */
  talk: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = { action: 0.6, margin: 0.25, coverage: 0.5, talk: 0.45 };

export interface NluOptions {
  /** Extra application names ("installed apps") the app slot accepts. */
  apps?: Iterable<string>;
  /** The user's own names (contacts, lists, calendars, files): slot values no template knows. */
  vocabulary?: UserVocabulary;
  clock?: Clock;
  /** IANA zone dates are read in when the context does not say (default: the system's). */
  timezone?: string;
  thresholds?: Partial<Thresholds>;
  seed?: number;
  /** Training effort (benchmarks tune these; the defaults keep start-up well under a second). */
  training?: {
    epochs?: number;
    perTemplate?: number;
    perClass?: number;
    leadIns?: number;
    /** Calibrate each label's acting bar on a held-out fold (default true; costs a second, smaller training). */
    calibrate?: boolean;
  };
}

export interface EmbeddedNlu extends Nlu {
  readonly stats: {
    trainingMs: number;
    templates: number;
    classes: number;
    examples: number;
    warnings: string[];
    /** Where the classifier was trained (`createNluInWorker` falls back to this process). */
    trainedIn: "process" | "worker" | "cache";
  };
}
