import type { Nlu } from "../brain/nlu/types.js";
import type { EventPayload, JarvisEvent } from "../core/events.js";
import type { HandleStore } from "../core/tool.js";
import type { ConfirmationBroker } from "../gate/confirm.js";
import { describeOutcome } from "../gate/describe.js";
import type { CallOutcome, Gate } from "../gate/gate.js";
import { createRunScope } from "../gate/scope.js";

/** What a turn streams back: answer text as it is produced, and agent events to show. */
export type TurnChunk = { type: "text"; text: string } | { type: "event"; event: EventPayload };

export interface TurnRequest {
  /** What the user said (the transcript). */
  text: string;
  signal: AbortSignal;
  /** Confirmations raised during the turn are asked by voice through this broker. */
  broker: ConfirmationBroker;
}

/**
 * The voice pipeline's view of "the agent": given what was said, stream an answer. The agent
 * loop implements it (fast path + LLM); until then `createNluTurnHandler` stands in.
 */
export interface TurnHandler {
  run(request: TurnRequest): AsyncIterable<TurnChunk>;
}

export type DialogAnswer = "yes" | "no" | "cancel" | "repeat";

/** Classifies a spoken answer to a confirmation; undefined when it is not an answer. */
export interface DialogClassifier {
  classify(text: string): DialogAnswer | undefined;
}

const YES =
  /^(yes|yeah|yep|yup|sure|okay|ok|correct|confirm|affirmative|do it|go ahead|please do|yes please)\b/;
const NO = /^(no|nope|nah|don't|do not|negative|no thanks)\b/;
const CANCEL = /^(cancel|stop|never mind|abort|forget it)\b/;
const REPEAT = /^(repeat|say (that )?again|what|pardon|sorry)\b/;

/** Keyword fallback for when no NLU is available. */
export const keywordDialogClassifier: DialogClassifier = {
  classify(text) {
    const t = text.trim().toLowerCase();
    if (YES.test(t)) return "yes";
    if (NO.test(t)) return "no";
    if (CANCEL.test(t)) return "cancel";
    if (REPEAT.test(t)) return "repeat";
    return undefined;
  },
};

/** The NLU's `dialog` kind answers confirmations; the keyword list covers what it leaves out. */
export function nluDialogClassifier(nlu: Pick<Nlu, "parse">): DialogClassifier {
  return {
    classify(text) {
      const result = nlu.parse(text);
      if (result.kind === "dialog" && result.dialog) return result.dialog;
      return keywordDialogClassifier.classify(text);
    },
  };
}

export interface NluTurnOptions {
  nlu: Nlu;
  gate: Gate;
  handles: HandleStore;
  newRunId(): string;
  sessionId?: string;
}

/**
 * A minimal voice turn on the embedded brain only: parse, run the proposed calls through the
 * gate (with voice confirmations), and say what they returned. The agent loop replaces this.
 */
export function createNluTurnHandler(options: NluTurnOptions): TurnHandler {
  const userText: string[] = [];
  const grants = new Set<string>();
  return {
    async *run(request) {
      userText.push(request.text);
      const result = options.nlu.parse(request.text);
      const calls = result.calls ?? (result.tool ? [{ tool: result.tool, args: result.args ?? {} }] : []);
      if (result.kind === "action" && calls.length > 0) {
        const events: EventPayload[] = [];
        const runId = options.newRunId();
        for (const call of calls) {
          const outcome = await options.gate.call(
            { tool: call.tool, args: call.args },
            createRunScope({
              runId,
              sessionId: options.sessionId,
              userText,
              handles: options.handles,
              grants,
              broker: request.broker,
              signal: request.signal,
              emit: (event) => events.push(event),
            }),
          );
          for (const event of events.splice(0)) yield { type: "event", event };
          yield { type: "text", text: `${spokenOutcome(outcome)} ` };
          if (outcome.status !== "ok") break;
        }
        return;
      }
      if (result.reply) {
        yield { type: "text", text: result.reply };
        return;
      }
      if (result.kind === "dialog") {
        yield { type: "text", text: "Okay." };
        return;
      }
      yield { type: "text", text: "Sorry, I can't do that without a language model." };
    },
  };
}

/** A short spoken form of a call's result: the first lines of its output, or why it did not run. */
export function spokenOutcome(outcome: CallOutcome): string {
  return describeOutcome(outcome, { spoken: true });
}

/** What an agent loop returns for one turn: its event stream, and a way to stop it. */
export interface AgentTurn {
  events: AsyncIterable<JarvisEvent>;
  /** The conversation this turn belongs to; the next voice turn continues it. */
  sessionId?: string;
  cancel?(reason: string): void;
}

/**
 * Adapts an agent loop (text in, `JarvisEvent`s out) to the pipeline: `text_delta`s are spoken,
 * a failure is said in one sentence, everything else is passed on as events; barge-in (the
 * signal) cancels the run.
 */
export function agentTurnHandler(
  start: (request: {
    text: string;
    source: "voice";
    broker: TurnRequest["broker"];
    sessionId?: string;
  }) => AgentTurn,
): TurnHandler {
  let sessionId: string | undefined;
  return {
    async *run(request) {
      const turn = start({
        text: request.text,
        source: "voice",
        broker: request.broker,
        ...(sessionId ? { sessionId } : {}),
      });
      sessionId = turn.sessionId ?? sessionId;
      const cancel = () => turn.cancel?.("interrupted by the user");
      request.signal.addEventListener("abort", cancel, { once: true });
      try {
        for await (const event of turn.events) {
          if (request.signal.aborted) return;
          if (event.type === "text_delta") yield { type: "text", text: event.data.text };
          else {
            yield { type: "event", event: { type: event.type, data: event.data } as EventPayload };
            if (event.type === "run_failed")
              yield { type: "text", text: `Sorry, that failed: ${event.data.message}.` };
          }
        }
      } finally {
        request.signal.removeEventListener("abort", cancel);
      }
    },
  };
}

/** When there is no NLU at all: repeat what was heard, so the pipeline is still testable. */
export const echoTurnHandler: TurnHandler = {
  async *run(request) {
    yield { type: "text", text: `You said: ${request.text}.` };
  },
};
