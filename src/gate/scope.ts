import { MemoryHandleStore } from "../core/handles.js";
import type { HandleStore, ScopeRestriction } from "../core/tool.js";
import type { ConfirmationBroker } from "./confirm.js";
import { HeldText } from "./flow.js";
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
  restrictions?: ScopeRestriction[];
  signal?: AbortSignal | undefined;
  emit?: RunScope["emit"];
  onStarted?: RunScope["onStarted"];
  task?: RunScope["task"];
  standing?: RunScope["standing"];
  confirmTimeoutMs?: number | undefined;
}

/** Adds what `from` read to `into` (a session's taint into a new run, a stored run's on resume). */
export function mergeTaint(into: TaintState, from: Partial<TaintState> | undefined): TaintState {
  if (!from) return into;
  into.tainted ||= from.tainted === true;
  for (const source of from.sources ?? []) if (!into.sources.includes(source)) into.sources.push(source);
  for (const group of from.groups ?? []) {
    into.groups ??= [];
    if (!into.groups.includes(group)) into.groups.push(group);
  }
  for (const entry of from.private ?? []) {
    into.private ??= [];
    if (!into.private.some((held) => held.tool === entry.tool && held.what === entry.what))
      into.private.push(entry);
  }
  return into;
}

/** A short key that changes whenever a taint state gains a label (to save only on change). */
export function taintKey(taint: TaintState): string {
  return `${taint.tainted}:${taint.sources.length}:${taint.groups?.length ?? 0}:${taint.private?.length ?? 0}`;
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
    restrictions: input.restrictions ?? [],
    // Made here, not on first use: callers pass copies of the scope per call ({...scope}), and
    // a lazily created one would live on the copy and be gone by the next call.
    held: new HeldText(),
    broker: input.broker,
  };
  if (input.sessionId !== undefined) scope.sessionId = input.sessionId;
  if (input.correlationId !== undefined) scope.correlationId = input.correlationId;
  if (input.signal !== undefined) scope.signal = input.signal;
  if (input.emit !== undefined) scope.emit = input.emit;
  if (input.onStarted !== undefined) scope.onStarted = input.onStarted;
  if (input.task !== undefined) scope.task = input.task;
  if (input.standing !== undefined) scope.standing = input.standing;
  if (input.confirmTimeoutMs !== undefined) scope.confirmTimeoutMs = input.confirmTimeoutMs;
  return scope;
}
