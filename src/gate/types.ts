import type { ErrorCode } from "../core/errors.js";
import type { EmitFn } from "../core/events.js";
import type { Decision, HandleStore, RiskTier, ToolResult } from "../core/tool.js";
import type { ConfirmationBroker } from "./confirm.js";

/** State of one run the caller owns and the gate reads and updates. */
export interface RunScope {
  runId: string;
  sessionId?: string;
  correlationId?: string;
  /** What the user said in this session (provenance source). */
  userText: string[];
  handles: HandleStore;
  taint: { tainted: boolean; sources: string[] };
  /** Tools the user approved "always for this session". */
  grants: Set<string>;
  broker: ConfirmationBroker;
  signal?: AbortSignal;
  emit?: EmitFn;
}

export interface ProposedCall {
  tool: string;
  args: unknown;
  callId?: string;
}

export type CallStatus = "ok" | "failed" | "refused" | "denied" | "cancelled" | "timeout";

export interface CallOutcome {
  callId: string;
  tool: string;
  status: CallStatus;
  tier: RiskTier | null;
  decision: Decision | null;
  reason: string;
  code?: ErrorCode | string;
  result?: ToolResult;
  /** Arguments after handle resolution and path canonicalization (what actually ran). */
  args?: Record<string, unknown>;
  /** What the proposer reads back. */
  observation: string;
  durationMs: number;
}
