import type { JarvisEvent } from "../core/events.js";
import type { ConfirmationBroker } from "../gate/confirm.js";
import type { StandingGrants } from "../gate/grants.js";
import type { TaintState } from "../gate/types.js";

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
  /** Run exactly these calls (a routine's actions): the fast path, without reading the text. */
  calls?: Array<{ tool: string; args: Record<string, unknown> }>;
  /** What a run started on someone's behalf (a routine) carries into its gate scope. */
  scope?: RunExtras;
}

/** Gate scope a routine's run carries, also when it is resumed after a crash. */
export interface RunExtras {
  standing?: StandingGrants;
  confirmTimeoutMs?: number;
  /** Words that count as the person's own (the routine as they created it). */
  userText?: string[];
  /** The run starts having read untrusted content (the trigger's data). */
  taint?: TaintState;
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
}

export interface RunDetail extends RunSummary {
  steps: StepRecord[];
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
}

export const NO_MEMORY: MemoryHook = { recall: async () => [] };
