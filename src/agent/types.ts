import type { JarvisEvent } from "../core/events.js";
import type { Decision, RiskTier } from "../core/tool.js";
import type { ConfirmationBroker } from "../gate/confirm.js";
import type { StandingGrants } from "../gate/grants.js";
import type { CallStatus, TaintState } from "../gate/types.js";

export type TaskSize = "quick" | "medium" | "complex";
export type RunStatus = "running" | "finished" | "failed" | "cancelled";
/**
 * What a list shows: a `running` run whose process is gone is `interrupted` (resumable); a
 * finished run in which a call was denied (by policy, by the user, or for want of an answer)
 * is `denied`.
 */
export type RunState = RunStatus | "interrupted" | "denied";
/** fast: the NLU's calls, no model; model: the model loop; embedded: answered by the NLU; direct: one call a person made. */
export type RunMode = "fast" | "model" | "embedded" | "direct";

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
  /** What became of each call of the turn, in order (exit codes, `jarvis tools call --json`). */
  calls: CallReport[];
}

/** One call of a turn as the gate left it (a resumed run's earlier calls as they were stored). */
export interface CallReport {
  callId: string;
  tool: string;
  status: CallStatus | "uncertain";
  code?: string | undefined;
  tier?: RiskTier | null | undefined;
  decision?: Decision | null | undefined;
  reason?: string | undefined;
  /** For people: the result text when ok, otherwise what stopped the call. */
  message?: string | undefined;
  fix?: string | undefined;
  output?: string | undefined;
  /** For the model only; never shown to people. */
  observation: string;
  data?: unknown;
}

/** A person's own call (a button, `jarvis tools call`): a run with this one proposal. */
export interface CallRequest {
  tool: string;
  args: unknown;
  /** The person's words for it, or what they typed (the run's input, and what "the user said"). */
  input: string;
  sessionId?: string;
  source: string;
  broker: ConfirmationBroker;
  /** What the answer calls the call when it did not happen ("add it to the knowledge base"). */
  doing?: string;
  /** The person wrote the call themselves: say exactly what was wrong with it. */
  detail?: boolean;
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

/** One piece of context for the loop, marked with where it came from. */
export interface RecallItem {
  text: string;
  /** e.g. "memory f3 (you said, 2025-05-01)" or "/home/me/report.pdf p. 4". */
  source: string;
  /** Document text is third-party text: the context builder must mark it as such. */
  trust: "trusted" | "untrusted";
  score?: number;
}

/** A source of context (memory, the knowledge base): what it knows about what was said. */
export type RecallSource = (
  text: string,
  options?: { limit?: number; signal?: AbortSignal },
) => Promise<RecallItem[]>;

export const NO_MEMORY: MemoryHook = { recall: async () => [] };
