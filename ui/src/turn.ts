import type { ConfirmAnswer, JarvisEvent, PlanStep, RiskTier } from "./types";

const PLAN_TOOL = "plan_update";

export type CallStage = "proposed" | "decided" | "confirming" | "running" | "done" | "failed" | "denied";

export interface ToolCallView {
  callId: string;
  tool: string;
  args: unknown;
  stage: CallStage;
  tier?: RiskTier | null;
  decision?: string;
  reason?: string;
  code?: string;
  answer?: ConfirmAnswer;
  output?: string;
  error?: { code: string; message: string; fix?: string };
  durationMs?: number;
  /** The call in words from the gate (`tool_decided.says`), the question (`ask`), the progress line (`doing`). */
  says?: string;
  ask?: string;
  doing?: string;
  /** Why it asks, in plain words (while the question waits). */
  why?: string;
  /** Why it will not run, in plain words, and what to do (a refusal or a policy denial). */
  message?: string;
  fix?: string;
}

export type TurnItem =
  | { kind: "tool"; call: ToolCallView }
  | { kind: "notice"; level: "info" | "warn"; message: string; seq: number };

export type TurnStatus = "running" | "finished" | "failed" | "cancelled" | "unknown";

export interface TurnView {
  runId: string;
  sessionId?: string;
  input: string;
  source?: string;
  startedAt: number;
  endedAt?: number;
  items: TurnItem[];
  plan?: PlanStep[];
  text: string;
  status: TurnStatus;
  error?: { code: string; message: string };
  cancelReason?: string;
  /** The call whose output is the answer (the embedded fast path): its card skips the output. */
  answerCallId?: string;
}

/** Folds a run's events into what the chat shows: cards per call, the plan, the answer. */
export function foldTurn(runId: string, events: JarvisEvent[]): TurnView {
  const view: TurnView = {
    runId,
    input: "",
    startedAt: events[0]?.ts ?? 0,
    items: [],
    text: "",
    status: "unknown",
  };
  const calls = new Map<string, ToolCallView>();
  const call = (callId: string, tool: string): ToolCallView => {
    let found = calls.get(callId);
    if (!found) {
      found = { callId, tool, args: {}, stage: "proposed" };
      calls.set(callId, found);
      // The plan has its own checklist; its updates are not shown as cards (unless refused).
      if (tool !== PLAN_TOOL) view.items.push({ kind: "tool", call: found });
    }
    return found;
  };
  let deltas = "";
  for (const event of events) {
    switch (event.type) {
      case "run_started":
        view.input = event.data.input;
        view.sessionId = event.data.sessionId;
        view.source = event.data.source;
        view.startedAt = event.ts;
        view.status = "running";
        view.endedAt = undefined;
        break;
      case "text_delta":
        deltas += event.data.text;
        break;
      case "plan_updated":
        view.plan = event.data.steps;
        break;
      case "tool_proposed": {
        const c = call(event.data.callId, event.data.tool);
        c.args = event.data.args;
        break;
      }
      case "tool_decided": {
        const c = call(event.data.callId, event.data.tool);
        c.tier = event.data.tier;
        c.decision = event.data.decision;
        c.reason = event.data.reason;
        c.code = event.data.code;
        if (event.data.says) c.says = event.data.says;
        if (event.data.message) c.message = event.data.message;
        if (event.data.fix) c.fix = event.data.fix;
        c.stage = event.data.decision === "deny" ? "denied" : "decided";
        if (c.tool === PLAN_TOOL && c.stage === "denied") view.items.push({ kind: "tool", call: c });
        break;
      }
      case "confirm_requested": {
        const c = call(event.data.callId, event.data.tool);
        c.stage = "confirming";
        // While it waits, the card says why in the person's words, as the modal does
        c.why = event.data.why;
        c.ask = event.data.ask;
        break;
      }
      case "confirm_resolved": {
        const c = calls.get(event.data.callId);
        if (!c) break;
        c.answer = event.data.answer;
        if (event.data.answer !== "approve" && event.data.answer !== "approve_session") c.stage = "denied";
        else c.stage = "decided";
        break;
      }
      case "tool_started": {
        const c = call(event.data.callId, event.data.tool);
        c.stage = "running";
        if (event.data.doing) c.doing = event.data.doing;
        break;
      }
      case "tool_finished": {
        const c = call(event.data.callId, event.data.tool);
        c.stage = event.data.ok ? "done" : "failed";
        c.output = event.data.output;
        c.error = event.data.error;
        c.durationMs = event.data.durationMs;
        break;
      }
      case "notice":
        // "done without asking" repeats what the call's card already shows (its notify badge).
        if (event.data.callId && calls.has(event.data.callId)) break;
        view.items.push({
          kind: "notice",
          level: event.data.level,
          message: event.data.message,
          seq: event.seq,
        });
        break;
      case "run_finished":
        view.status = "finished";
        view.endedAt = event.ts;
        if (event.data.text && !deltas.trim()) deltas = event.data.text;
        break;
      case "run_failed":
        view.status = "failed";
        view.endedAt = event.ts;
        view.error = event.data;
        break;
      case "run_cancelled":
        view.status = "cancelled";
        view.endedAt = event.ts;
        view.cancelReason = event.data.reason;
        break;
    }
  }
  view.text = deltas;
  const answer = deltas.trim();
  if (answer) view.answerCallId = [...calls.values()].find((c) => c.output?.trim() === answer)?.callId;
  // A run that ended leaves nothing spinning: neither a card nor a plan step.
  if (view.status !== "running" && view.status !== "unknown" && view.plan) {
    const stopped = view.status === "finished" ? "pending" : "failed";
    view.plan = view.plan.map((step) => (step.status === "running" ? { ...step, status: stopped } : step));
  }
  if (view.status !== "running") {
    for (const c of calls.values()) {
      if (c.stage === "running" || c.stage === "confirming" || c.stage === "proposed") {
        c.stage = view.status === "finished" ? c.stage : "failed";
        if (!c.error && c.stage === "failed")
          c.error = { code: "CANCELLED", message: "stopped before it finished" };
      }
    }
  }
  return view;
}
