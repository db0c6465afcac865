import { MemoryHandleStore } from "../core/handles.js";
import type { HandleStore } from "../core/tool.js";
import type { ConfirmationBroker } from "./confirm.js";
import type { RunScope, TaintState } from "./types.js";

export interface RunScopeInput {
  runId: string;
  broker: ConfirmationBroker;
  sessionId?: string | undefined;
  correlationId?: string | undefined;
  userText?: string[];
  handles?: HandleStore;
  taint?: TaintState;
  grants?: Set<string>;
  signal?: AbortSignal | undefined;
  emit?: RunScope["emit"];
  onStarted?: RunScope["onStarted"];
  standing?: RunScope["standing"];
  confirmTimeoutMs?: number | undefined;
}

/**
 * The one way to build a run scope: a fresh run has said nothing, holds no handles, has read
 * nothing untrusted and has no session grants unless the caller passes them.
 */
export function createRunScope(input: RunScopeInput): RunScope {
  const scope: RunScope = {
    runId: input.runId,
    userText: input.userText ?? [],
    handles: input.handles ?? new MemoryHandleStore(),
    taint: input.taint ?? { tainted: false, sources: [] },
    grants: input.grants ?? new Set(),
    broker: input.broker,
  };
  if (input.sessionId !== undefined) scope.sessionId = input.sessionId;
  if (input.correlationId !== undefined) scope.correlationId = input.correlationId;
  if (input.signal !== undefined) scope.signal = input.signal;
  if (input.emit !== undefined) scope.emit = input.emit;
  if (input.onStarted !== undefined) scope.onStarted = input.onStarted;
  if (input.standing !== undefined) scope.standing = input.standing;
  if (input.confirmTimeoutMs !== undefined) scope.confirmTimeoutMs = input.confirmTimeoutMs;
  return scope;
}
