import type { StoredProposal } from "../agent/journal.js";
import type { AgentService } from "../agent/service.js";
import type { RunExtras, TurnHandle, TurnResult } from "../agent/types.js";
import { MemoryHandleStore } from "../core/handles.js";
import type { Logger } from "../core/logger.js";
import type { ConfirmationBroker } from "../gate/confirm.js";
import { fillTemplates, templateFields } from "./conditions.js";
import type { Firing, RoutineRunner, RunOutcome } from "./engine.js";
import { standingGrants } from "./grants.js";
import type { RoutineRecord, RoutineRunRecord } from "./store.js";

export interface RunnerOptions {
  agent: Pick<AgentService, "startTurn" | "resume" | "newSession" | "deps">;
  /** Where a routine's questions wait: the shared inbox (every tab, attached terminals). */
  broker: ConfirmationBroker;
  home: string;
  /** How long a routine's question waits before it counts as "no". */
  confirmExpiryMs: number;
  /** Tells the person what an "ask" routine answered. */
  announce(routine: RoutineRecord, recordId: string, text: string): void;
  /** A routine's run touched this path (a file trigger it fires is one level deeper). */
  touched?(path: string, firing: Firing): void;
  logger: Logger;
}

/** Namespaces whose data comes from outside (someone else wrote it). */
const OUTSIDE = new Set(["mail", "event", "file", "page", "webhook"]);

/**
 * A routine's firing as an ordinary durable run of the agent: on the Runs page, resumed after a
 * crash without repeating a side effect, audited. The run carries the routine's grants (the gate
 * lets covered calls through, asks about the rest) and a longer question expiry; data that came
 * from outside marks the run as having read untrusted content.
 */
export class AgentRoutineRunner implements RoutineRunner {
  constructor(private readonly options: RunnerOptions) {}

  async run(firing: Firing, recordId: string, onRunId: (runId: string) => void): Promise<RunOutcome> {
    const { agent } = this.options;
    const { routine } = firing;
    const spec = routine.spec;
    const sessionId = agent.newSession("routine");
    const refs = this.mintHandles(sessionId, firing);
    const extras = this.extras(routine, firing);
    const handle =
      spec.action.type === "agent"
        ? agent.startTurn({
            text: `${spec.action.request}${refs ? ` (this time because of ${refs})` : ""}`,
            source: "routine",
            sessionId,
            broker: this.options.broker,
            scope: extras,
          })
        : agent.startTurn({
            // The run's words count as the person's (provenance): only the routine's own name,
            // never what the trigger brought (a mail's subject is someone else's words).
            text: `Routine "${routine.name}" (${spec.trigger.type})`,
            source: "routine",
            sessionId,
            broker: this.options.broker,
            calls: spec.action.calls.map((call) => ({
              tool: call.tool,
              args: fillTemplates(call.args, firing.data),
            })),
            scope: extras,
          });
    onRunId(handle.runId);
    const result = await this.follow(handle, firing);
    if (spec.action.type === "agent" && result.status === "finished" && result.text?.trim()) {
      this.options.announce(routine, recordId, result.text.trim());
    }
    return this.outcome(result);
  }

  resume(routine: RoutineRecord, record: RoutineRunRecord): Promise<RunOutcome> | undefined {
    const { agent } = this.options;
    const stored = record.runId ? agent.deps.runs.get(record.runId) : undefined;
    if (!stored) return undefined;
    if (stored.status !== "interrupted" && stored.status !== "running") {
      return Promise.resolve(
        this.outcome({
          runId: stored.id,
          sessionId: stored.sessionId,
          // A finished run in which a call was denied lists as denied; it still ended
          status: stored.status === "denied" ? "finished" : stored.status,
          text: stored.result,
          error: stored.error,
          calls: [],
        }),
      );
    }
    if (stored.status === "running") return undefined;
    const firing: Firing = {
      routine,
      scheduledFor: record.scheduledFor,
      trigger: record.trigger,
      data: {},
      depth: record.depth,
      chain: [],
    };
    const handle = agent.resume(
      stored.id,
      this.options.broker,
      this.extras(routine, firing, stored.taint.tainted),
    );
    return this.follow(handle, firing).then((result) => this.outcome(result));
  }

  private extras(routine: RoutineRecord, firing: Firing, tainted = false): RunExtras {
    const spec = routine.spec;
    const fromOutside =
      spec.action.type === "tools" &&
      spec.action.calls.some((call) =>
        templateFields(call.args).some((field) => OUTSIDE.has(field.split(".")[0]!)),
      );
    return {
      standing: standingGrants(`routine "${routine.name}"`, spec.grants, this.options.home),
      confirmTimeoutMs: this.options.confirmExpiryMs,
      userText: [JSON.stringify(spec.action)],
      ...(fromOutside && firing.untrusted
        ? { taint: { tainted: true, sources: [firing.untrusted] } }
        : tainted
          ? { taint: { tainted: true, sources: [] } }
          : {}),
    };
  }

  /** The trigger's objects as handles in the run's session, so the request can point at them. */
  private mintHandles(sessionId: string, firing: Firing): string {
    if (!firing.handles?.length) return "";
    const store = new MemoryHandleStore();
    // Handles only: the labels (a subject, a file name) are someone else's words and stay in the store.
    const minted = firing.handles.map((h) =>
      store.mint(h.kind, h.value, { label: h.label, tool: "routine_trigger", trust: "untrusted" }),
    );
    this.options.agent.deps.sessions.saveHandles(sessionId, store.toJSON());
    return minted.join(", ");
  }

  /** Drains the run's events (noting the paths it touched) and waits for its end. */
  private async follow(handle: TurnHandle, firing: Firing): Promise<TurnResult> {
    for await (const event of handle.events) {
      if (event.type !== "tool_proposed" || !this.options.touched) continue;
      const args = event.data.args;
      if (!args || typeof args !== "object") continue;
      for (const value of Object.values(args as Record<string, unknown>)) {
        if (typeof value === "string" && (value.startsWith("/") || value.startsWith("~/")))
          this.options.touched(value, firing);
      }
    }
    return handle.done;
  }

  private outcome(result: TurnResult): RunOutcome {
    const usage = this.tokens(result.runId);
    return {
      status: result.status,
      runId: result.runId,
      ...(result.error ? { note: result.error.message } : {}),
      tokensIn: usage.input,
      tokensOut: usage.output,
    };
  }

  /** What the model reported for the run's proposal steps (the fast path costs nothing). */
  private tokens(runId: string): { input: number; output: number } {
    let input = 0;
    let output = 0;
    for (const step of this.options.agent.deps.runs.steps(runId)) {
      const usage = step.kind === "model" ? (step.result as StoredProposal | undefined)?.usage : undefined;
      input += usage?.input ?? 0;
      output += usage?.output ?? 0;
    }
    return { input, output };
  }
}
