import type { ErrorCode, JarvisError } from "../core/errors.js";
import type { EmitFn } from "../core/events.js";
import type {
  Decision,
  HandleStore,
  RiskTier,
  ScopeRestriction,
  TaskControl,
  ToolResult,
} from "../core/tool.js";
import type { ConfirmationBroker } from "./confirm.js";
import type { HeldText } from "./flow.js";
import type { StandingGrants } from "./grants.js";

/** What a run has read so far; the gate updates it as untrusted output comes back. */
export interface TaintState {
  /** Untrusted content was read (web pages, others' mail, documents, MCP and skill output). */
  tainted: boolean;
  /** The untrusted tools read, in order (the flow's wording in reasons and the audit). */
  sources: string[];
  /** Their groups (`web`, `mail`, `knowledge`…): documents are told apart from the web. */
  groups?: string[];
  /** Private data the run holds (the user's files, mail, calendar…): which tool, and what it was. */
  private?: Array<{ tool: string; what: string }>;
}

/** State of one run the caller owns and the gate reads and updates. Build it with `createRunScope`. */
export interface RunScope {
  runId: string;
  sessionId?: string;
  correlationId?: string;
  /** What the user said in this session (provenance source). */
  userText: string[];
  handles: HandleStore;
  taint: TaintState;
  /** The private text read so far, sampled (never stored): lets a question say what would leave. */
  held?: HeldText;
  /** Tools the user approved "always for this session". */
  grants: Set<string>;
  /**
   * Limits set during the run (an opened skill's allowed-tools); the gate checks every call
   * against all of them. Shared by reference like `taint`, so copies of the scope see them.
   */
  restrictions?: ScopeRestriction[];
  /** A routine's grants: covered calls run unasked, uncovered side effects ask (gate/grants.ts). */
  standing?: StandingGrants;
  /** How long a confirmation waits before it counts as denied (a routine's inbox waits longer). */
  confirmTimeoutMs?: number;
  broker: ConfirmationBroker;
  signal?: AbortSignal;
  emit?: EmitFn;
  /**
   * Called synchronously the instant the gate starts the tool, before any side effect: the
   * caller's durable journal marks the step `running` here (a crash after it is "uncertain").
   */
  onStarted?: (callId: string) => void;
  /** Handed to tools that steer the run (the plan raises its size). */
  task?: TaskControl;
}

export interface ProposedCall {
  tool: string;
  args: unknown;
  callId?: string;
  /**
   * The caller needs the user's yes whatever the policy says, for this reason (a resumed step
   * that may already have happened). A policy denial still denies.
   */
  confirm?: string;
}

export type CallStatus = "ok" | "failed" | "refused" | "denied" | "cancelled" | "timeout";

/**
 * What became of one call, as data. `message` and `fix` are for people (one sentence each, no
 * tool names); `observation` is derived from the same facts for the model only and is never
 * parsed back. `describeOutcome()` turns an outcome into the words a surface shows or says.
 */
export interface CallOutcome {
  callId: string;
  tool: string;
  status: CallStatus;
  tier: RiskTier | null;
  decision: Decision | null;
  /** Why the gate decided as it did (audit and event wording). */
  reason: string;
  code?: ErrorCode | string;
  /** For a person: the result text when ok, otherwise what stopped the call. */
  message: string;
  /** For a person: how to fix it, when there is something to do. */
  fix?: string;
  /** Structured data of the result (UIs and tests). */
  data?: unknown;
  result?: ToolResult;
  /** Arguments after handle resolution and path canonicalization (what actually ran). */
  args?: Record<string, unknown>;
  /** What the proposer reads back. */
  observation: string;
  durationMs: number;
}

/** A dry run of registry → validate → provenance → risk → policy: nothing runs, nothing is recorded. */
export interface Assessment {
  tool: string;
  /** false when the call would be refused before policy (unknown tool, bad arguments, path). */
  valid: boolean;
  tier: RiskTier | null;
  decision: Decision;
  reason: string;
  code?: ErrorCode | string;
  /** The arguments the tool would receive (handles resolved, paths canonical), when valid. */
  args?: Record<string, unknown>;
}

/** What the gate decided for a call that passed validation (steps 4–5). */
export interface Judgement {
  tier: RiskTier;
  decision: Decision;
  reason: string;
  /** `reason` for people: why it asks (or tells), in plain words; no tool names, no settings keys. */
  why?: string;
  /** A tool's risk function refused its arguments (e.g. a program not on the shell allowlist). */
  refusal?: JarvisError;
}
