import type { Nlu } from "../brain/nlu/types.js";
import type { EventPayload, JarvisEvent } from "../core/events.js";
import type { ConfirmationBroker } from "../gate/confirm.js";

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
 * service answers (`agentTurnHandler`); tests pass their own.
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
            if (event.type === "run_failed") yield { type: "text", text: spokenFailure(event.data.message) };
          }
        }
      } finally {
        request.signal.removeEventListener("abort", cancel);
      }
    },
  };
}

/**
 * A failed run, said aloud: a failure already put in sentences for people (a call's outcome,
 * described) is said as it is; a bare reason gets "Sorry, that failed".
 */
function spokenFailure(message: string): string {
  return /[.!?]$/.test(message.trim()) ? message.trim() : `Sorry, that failed: ${message}.`;
}
