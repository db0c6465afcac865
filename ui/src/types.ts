export type {
  ConfirmAnswer,
  ConfirmRequestData,
  EventType,
  JarvisEvent,
  PlanStep,
} from "../../src/core/events.js";
export type { RiskTier } from "../../src/core/tool.js";

import type { ConfirmRequestData } from "../../src/core/events.js";

export type PendingConfirmation = ConfirmRequestData & { runId: string };

export type RunStatus = "running" | "finished" | "denied" | "failed" | "cancelled" | "interrupted";

export interface RunSummary {
  id: string;
  sessionId: string;
  input: string;
  source: string;
  status: RunStatus;
  size: string;
  mode?: string;
  model?: string;
  rounds: number;
  stepCount: number;
  result?: string;
  error?: { code: string; message: string };
  createdAt: number;
  updatedAt: number;
  finishedAt?: number;
  /** Tokens the model server reported, summed over the run's model calls. */
  tokens?: TokenCount;
}

export interface TokenCount {
  input: number;
  output: number;
}

export interface StepRecord {
  seq: number;
  round: number;
  kind: "model" | "tool";
  status: string;
  callId?: string;
  tool?: string;
  args?: unknown;
  sideEffect: boolean;
  result?: { status?: string; observation?: string; output?: string; code?: string } | unknown;
  startedAt: number;
  endedAt?: number;
}

export interface RunDetail extends RunSummary {
  steps: StepRecord[];
  /** The conversation the run belongs to: how many runs, how many tokens. */
  session?: { runs: number; tokens: TokenCount };
}

export interface AuditEntry {
  seq: number;
  ts: number;
  correlationId: string;
  runId: string;
  callId: string;
  tool: string;
  stage: string;
  args: string;
  tier: string | null;
  decision: string | null;
  reason: string;
  outcome: string;
  prevHash: string;
  hash: string;
}

export interface ChainStatus {
  ok: boolean;
  count: number;
  firstBad?: { seq: number; index: number; problem: string };
  /** full: every entry re-hashed; incremental: only those added since the last check. */
  mode?: "full" | "incremental";
}

export interface ToolInfo {
  name: string;
  group: string;
  description: string;
  tier: string;
  effects: string[];
  parameters: unknown;
  override?: "auto" | "confirm" | "deny";
  unavailable?: string;
}

/** Something due that rang (or was missed) and has not been dealt with (tasks/alerts.ts). */
export interface Alert {
  id: string;
  kind: "timer" | "alarm" | "reminder" | "routine" | "confirm";
  title: string;
  message: string;
  dueAt: number;
  firedAt: number;
  lateMs: number;
  status: "ringing" | "missed" | "snoozed" | "dismissed";
}

/** A supervised part of the service (tasks/supervisor.ts). */
export interface PartStatus {
  name: string;
  state: "running" | "restarting" | "stopped";
  restarts: number;
  since: number;
  lastError?: string;
  nextAttemptAt?: number;
}

/** A routine as the API shows it (tasks/describe.ts `routineView`). */
export interface RoutineView {
  id: string;
  name: string;
  status: "active" | "paused";
  when: string;
  trigger: string;
  description: string;
  grants: string[];
  nextDueAt?: number;
  running: number;
  totals: { runs: number; tokensIn: number; tokensOut: number; timeMs: number };
  lastRun?: { status: string; note?: string; startedAt: number };
  runs: Array<{
    id: string;
    status: string;
    note?: string;
    trigger: string;
    startedAt: number;
    runId?: string;
  }>;
}
