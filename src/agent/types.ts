import type { JarvisEvent } from "../core/events.js";
import type { ConfirmationBroker } from "../gate/confirm.js";

export type TaskSize = "quick" | "medium" | "complex";
export type RunStatus = "running" | "finished" | "failed" | "cancelled";
/** What a list shows: a `running` run whose process is gone is `interrupted` (resumable). */
export type RunState = RunStatus | "interrupted";
export type RunMode = "fast" | "model" | "embedded";

export interface TurnRequest {
  text: string;
  /** Continue this session; a new one is created when absent. */
  sessionId?: string;
  /** Which surface started it: "cli", "chat", "web", "voice", "api", "schedule". */
  source: string;
  broker: ConfirmationBroker;
  /** Force a task size (otherwise estimated from the request). */
  size?: TaskSize;
}

export interface TurnResult {
  runId: string;
  sessionId: string;
  status: Exclude<RunStatus, "running">;
  text?: string;
  error?: { code: string; message: string };
}

export interface TurnHandle {
  runId: string;
  sessionId: string;
  /** Every event of this run, in order, ending with run_finished / run_failed / run_cancelled. */
  events: AsyncIterable<JarvisEvent>;
  done: Promise<TurnResult>;
}

export type StepKind = "model" | "tool";
export type StepStatus =
  | "started"
  | "pending"
  | "running"
  | "done"
  | "failed"
  | "refused"
  | "denied"
  | "cancelled"
  | "timeout"
  | "uncertain"
  | "skipped";

export interface StepRecord {
  seq: number;
  round: number;
  kind: StepKind;
  status: StepStatus;
  callId?: string | undefined;
  tool?: string | undefined;
  args?: unknown;
  sideEffect: boolean;
  result?: unknown;
  startedAt: number;
  endedAt?: number | undefined;
}

/** Tokens as the model provider reported them (prompt in, completion out). */
export interface TokenCount {
  input: number;
  output: number;
}

export interface RunSummary {
  id: string;
  sessionId: string;
  input: string;
  source: string;
  status: RunState;
  size: TaskSize;
  mode?: RunMode | undefined;
  model?: string | undefined;
  pid?: number | undefined;
  rounds: number;
  stepCount: number;
  result?: string | undefined;
  error?: { code: string; message: string } | undefined;
  createdAt: number;
  updatedAt: number;
  finishedAt?: number | undefined;
  /** Summed over the run's model steps; absent when no model reported usage. */
  tokens?: TokenCount | undefined;
}

export interface RunDetail extends RunSummary {
  steps: StepRecord[];
  /** The whole session's runs and tokens, for "this conversation so far". */
  session?: { runs: number; tokens: TokenCount } | undefined;
}

export interface SessionMessage {
  id: number;
  runId?: string | undefined;
  role: "user" | "assistant";
  text: string;
  createdAt: number;
}

/**
 * Where memory and knowledge plug into the context builder. Until that area lands the
 * default returns nothing; its lines go into the system prompt as "what you know".
 */
export interface MemoryHook {
  recall(input: { text: string; sessionId: string; signal: AbortSignal }): Promise<string[]>;
  /**
   * Keeps facts the user stated before their turns are compacted out of the prompt (their
   * own words only, never a tool's). Returns how many were stored or already known.
   */
  note?(input: { texts: string[]; sessionId: string; signal: AbortSignal }): Promise<number>;
}

export const NO_MEMORY: MemoryHook = { recall: async () => [] };
