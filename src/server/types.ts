import type {
  CallRequest,
  RunDetail,
  RunSummary,
  SessionMessage,
  TurnHandle,
  TurnRequest,
} from "../agent/types.js";
import type { Nlu } from "../brain/nlu/types.js";
import type { JarvisEvent } from "../core/events.js";
import type { ConfirmationBroker } from "../gate/confirm.js";

/** A live feed of events that can be closed (the agent's fan-out subscription). */
export interface EventFeed extends AsyncIterable<JarvisEvent> {
  close(): void;
}

/**
 * What the server needs from the agent. `AgentService` satisfies it as is; tests can pass a
 * fake. Kept small on purpose so the server does not depend on the loop's internals.
 */
export interface TurnService {
  startTurn(request: TurnRequest): TurnHandle;
  /** A call the person asked for with a button: a run of its own with that one proposal. */
  startCall(request: CallRequest): TurnHandle;
  resume(runId: string, broker: ConfirmationBroker): TurnHandle;
  /** Stops one run, or everything in flight when no id is given; returns how many. */
  kill(runId?: string): number;
  /** Every event of every run (started here or resumed), in order per run. */
  subscribe(): EventFeed;
  listRuns(options?: { limit?: number; status?: RunSummary["status"]; sessionId?: string }): RunSummary[];
  getRun(id: string): RunDetail | undefined;
  activeRuns(): string[];
  history(sessionId: string, limit?: number): SessionMessage[];
  /** The embedded NLU (`AgentService.deps`): voice reads spoken yes/no answers with it. */
  readonly deps?: { readonly nlu: Pick<Nlu, "parse"> };
  close(): Promise<void>;
}

export type { CallRequest, RunDetail, RunSummary, SessionMessage, TurnHandle, TurnRequest };
