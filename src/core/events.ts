import type { Decision, RiskTier } from "./tool.js";

/**
 * The one event union streamed over CLI `--json`, SSE and WebSocket.
 * Every event is `{ type, runId, seq, ts, data }`.
 */
export interface EventDataMap {
  run_started: { input: string; sessionId?: string; source?: string };
  text_delta: { text: string };
  plan_updated: { steps: PlanStep[] };
  tool_proposed: { callId: string; tool: string; args: unknown };
  /**
   * `reason` and `code` are the gate's terms (`--verbose`, details, the audit). What a person
   * reads: `says`, the call in words ("Set a timer for 2 seconds"), and for a call that will not
   * run, `message` and `fix` in plain words ("your settings do not allow it").
   */
  tool_decided: {
    callId: string;
    tool: string;
    tier: RiskTier | null;
    decision: Decision;
    reason: string;
    code?: string;
    says?: string;
    message?: string;
    fix?: string;
  };
  confirm_requested: ConfirmRequestData;
  confirm_resolved: { confirmationId: string; callId: string; answer: ConfirmAnswer; by?: string };
  /** `doing`: the call in the person's words ("Reading ~/notes.txt"), when the tool can say it. */
  tool_started: { callId: string; tool: string; doing?: string };
  tool_finished: {
    callId: string;
    tool: string;
    ok: boolean;
    output?: string;
    /** `fix`: what the person can do about it, when the failure knows. */
    error?: { code: string; message: string; fix?: string };
    durationMs: number;
  };
  /** `callId`: the call this notice is about, when there is one (a surface showing it may skip it). */
  notice: { level: "info" | "warn"; message: string; callId?: string };
  run_finished: { text: string };
  run_failed: { code: string; message: string };
  run_cancelled: { reason: string };
}

export type EventType = keyof EventDataMap;

export type JarvisEvent = {
  [K in EventType]: { type: K; runId: string; seq: number; ts: number; data: EventDataMap[K] };
}[EventType];

export type EventOf<K extends EventType> = Extract<JarvisEvent, { type: K }>;

export interface PlanStep {
  id: string;
  title: string;
  status: "pending" | "running" | "done" | "failed";
}

export type ConfirmAnswer = "approve" | "deny" | "approve_session" | "timeout";

/**
 * A question put to the person. What they read: `ask` (the call in words, "Write ~/notes.txt?"),
 * `preview` (exactly what will happen) and `why` (why it asks, in plain words). `tool`, `tier`
 * and `reason` are the gate's own terms, for `--verbose`, `--json` and the audit.
 */
export interface ConfirmRequestData {
  confirmationId: string;
  callId: string;
  tool: string;
  tier: RiskTier;
  reason: string;
  /** The call in the person's words, as a question. */
  ask: string;
  /** Why this is asked, in plain words (settings, an untrusted page's influence, a routine's grants). */
  why: string;
  /** The exact thing that will happen: diff, command line, message as it will be sent. */
  preview: string;
  expiresAt: number;
}

/** What gate and tools hand to whoever builds events; runId/seq/ts are added by the emitter. */
export type EventPayload = { [K in EventType]: { type: K; data: EventDataMap[K] } }[EventType];
export type EmitFn = (event: EventPayload) => void;
