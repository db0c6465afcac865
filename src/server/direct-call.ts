import { storedResult } from "../agent/run.js";
import { RunStore, STEP_STATUS } from "../agent/run-store.js";
import { JarvisError, toJarvisError } from "../core/errors.js";
import type { EventPayload, JarvisEvent } from "../core/events.js";
import { describeOutcome } from "../gate/describe.js";
import type { CallOutcome } from "../gate/gate.js";
import { createRunScope } from "../gate/scope.js";
import type { WebConfirmationBroker } from "./broker.js";
import type { ServerRuntime } from "./context.js";
import type { EventLog } from "./event-log.js";

export interface DirectCallRequest {
  tool: string;
  args: Record<string, unknown>;
  /** What the chat shows as the user's words (and the gate reads as what the user said). */
  input: string;
  sessionId: string;
  source: string;
  /** What the answer calls the action when it did not happen ("add it to the knowledge base"). */
  doing: string;
}

interface DirectRun {
  runId: string;
  sessionId: string;
  input: string;
  source: string;
  createdAt: number;
  controller?: AbortController;
}

/** How many finished direct runs a session's history keeps (their events live in the EventLog). */
const KEEP = 200;

/**
 * One tool call a person asked for with a button rather than a sentence (e.g. "Add to knowledge
 * base" on a dropped file). It goes through the same gate as the agent's calls (validation,
 * roots, provenance, policy, confirmation, audit) and streams as a run of its own through the
 * live hub, so every tab shows its card and its confirmation. With a store it is a durable run
 * like the agent's (one tool step, written before and after the call), so it is on the Runs
 * page and in the session after a restart; the live copy here serves the chat meanwhile.
 */
export class DirectCalls {
  private readonly runs = new Map<string, DirectRun>();
  private readonly durable: RunStore | undefined;
  private readonly sessionExists: ((id: string) => boolean) | undefined;

  constructor(
    private readonly runtime: Pick<ServerRuntime, "gate" | "ids" | "clock" | "db">,
    private readonly broker: WebConfirmationBroker,
    private readonly dispatch: (event: JarvisEvent) => void,
    private readonly log: EventLog,
  ) {
    const db = runtime.db;
    if (db) {
      this.durable = new RunStore(db, runtime.clock);
      const find = db.prepare<[string], { id: string }>("SELECT id FROM sessions WHERE id = ?");
      this.sessionExists = (id) => find.get(id) !== undefined;
    }
  }

  start(request: DirectCallRequest): { runId: string; sessionId: string } {
    const { runtime, durable } = this;
    if (this.sessionExists && !this.sessionExists(request.sessionId)) {
      throw new JarvisError("NOT_FOUND", `no session ${request.sessionId.slice(0, 60)}`, {
        fix: "omit it to start a new session",
      });
    }
    const runId = runtime.ids.next("run");
    const callId = runtime.ids.next("call");
    durable?.batch(() => {
      durable.create({
        id: runId,
        sessionId: request.sessionId,
        input: request.input,
        source: request.source,
        size: "quick",
        pid: process.pid,
      });
      durable.startStep(runId, {
        seq: 1,
        round: 1,
        kind: "tool",
        status: "pending",
        callId,
        tool: request.tool,
        args: request.args,
        sideEffect: true,
      });
    });
    const controller = new AbortController();
    const run: DirectRun = {
      runId,
      sessionId: request.sessionId,
      input: request.input,
      source: request.source,
      createdAt: runtime.clock.now(),
      controller,
    };
    this.runs.set(runId, run);
    while (this.runs.size > KEEP) {
      const oldest = [...this.runs.values()].find((r) => !r.controller);
      if (!oldest) break;
      this.runs.delete(oldest.runId);
    }
    let seq = 0;
    const emit = (payload: EventPayload) => {
      this.dispatch({ ...payload, runId, seq: ++seq, ts: runtime.clock.now() } as JarvisEvent);
    };
    const end = (status: "finished" | "failed" | "cancelled", text: string, code?: string) => {
      try {
        durable?.finish(runId, status, {
          ...(status === "finished"
            ? { result: text }
            : { error: { code: code ?? "CANCELLED", message: text } }),
          lastSeq: 1,
        });
      } catch {
        // the store is closing: the live events still tell the story
      }
    };
    emit({
      type: "run_started",
      data: { input: request.input, sessionId: request.sessionId, source: request.source },
    });
    void (async () => {
      try {
        const outcome = await runtime.gate.call(
          { tool: request.tool, args: request.args, callId },
          createRunScope({
            runId,
            sessionId: request.sessionId,
            userText: [request.input],
            broker: this.broker,
            signal: controller.signal,
            emit,
            onStarted: () => durable?.updateStep(runId, 1, "running", undefined, false),
          }),
        );
        durable?.updateStep(runId, 1, STEP_STATUS[outcome.status], storedResult(outcome));
        if (controller.signal.aborted || outcome.status === "cancelled") {
          end("cancelled", "stopped by user");
          emit({ type: "run_cancelled", data: { reason: "stopped by user" } });
        } else {
          const text = answerFor(outcome, request.doing);
          end("finished", text);
          emit({ type: "run_finished", data: { text } });
        }
      } catch (error) {
        const failure = toJarvisError(error);
        end("failed", failure.message, failure.code);
        emit({ type: "run_failed", data: { code: failure.code, message: failure.message } });
      } finally {
        delete run.controller;
      }
    })();
    return { runId, sessionId: request.sessionId };
  }

  /** Stops one direct run, or all of them; returns how many were running. */
  kill(runId?: string): number {
    let count = 0;
    for (const run of this.runs.values()) {
      if (!run.controller || (runId !== undefined && run.runId !== runId)) continue;
      run.controller.abort(new DOMException("stopped by user", "AbortError"));
      count += 1;
    }
    return count;
  }

  /** Runs in flight, with their session. */
  active(): Array<{ runId: string; sessionId: string }> {
    return [...this.runs.values()]
      .filter((run) => run.controller)
      .map((run) => ({ runId: run.runId, sessionId: run.sessionId }));
  }

  /** A session's direct runs, shaped like the agent's run summaries, with their events. */
  ofSession(sessionId: string): Array<{
    id: string;
    sessionId: string;
    input: string;
    source: string;
    createdAt: number;
    events: JarvisEvent[];
  }> {
    const out = [];
    for (const run of this.runs.values()) {
      if (run.sessionId !== sessionId) continue;
      const events = this.log.events(run.runId);
      if (!events) continue; // the event log let it go
      out.push({
        id: run.runId,
        sessionId,
        input: run.input,
        source: run.source,
        createdAt: run.createdAt,
        events,
      });
    }
    return out;
  }
}

/** The answer under the card, in the same words the agent's fast path uses. */
export function answerFor(outcome: CallOutcome, doing: string): string {
  return describeOutcome(outcome, { doing });
}
