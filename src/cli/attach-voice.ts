import WebSocket from "ws";
import { AsyncQueue } from "../agent/events.js";
import type { ConfirmAnswer, JarvisEvent } from "../core/events.js";
import type { ConfirmationBroker } from "../gate/confirm.js";
import { callService, openRunStream, type ServiceTarget, sseFrames } from "../runtime/service-client.js";
import type { AgentTurn } from "../voice/turn.js";

/**
 * The voice loop attached to the running service: spoken turns run there (its agent, its
 * routines' inbox), questions are put to the person by voice and answered back, and alerts that
 * ring in the service are said aloud here.
 */
export function serviceTurns(
  target: ServiceTarget,
): (request: { text: string; broker: ConfirmationBroker }) => AgentTurn {
  let sessionId: string | undefined;
  return (request) => {
    const events = new AsyncQueue<JarvisEvent>();
    let runId: string | undefined;
    void (async () => {
      try {
        const response = await openRunStream(target, "/api/turns", {
          text: request.text,
          source: "voice",
          ...(sessionId ? { sessionId } : {}),
        });
        for await (const { type, data } of sseFrames(response)) {
          if (type === "turn") {
            const turn = JSON.parse(data) as { runId: string; sessionId: string };
            runId = turn.runId;
            sessionId = turn.sessionId;
            continue;
          }
          if (type === "result") continue; // the events already said how it ended
          const event = JSON.parse(data) as JarvisEvent;
          events.push(event);
          if (event.type === "confirm_requested") void ask(target, request.broker, event);
        }
      } catch {
        // the service went away or refused the turn: the turn ends with what arrived
      } finally {
        events.close();
      }
    })();
    return {
      events,
      cancel: () => {
        if (runId) void callService(target, "POST", "/api/kill", { runId }).catch(() => undefined);
      },
    };
  };
}

/** Asks by voice; the person's yes or no goes back to the service (silence: the service's timeout decides). */
async function ask(
  target: ServiceTarget,
  broker: ConfirmationBroker,
  event: Extract<JarvisEvent, { type: "confirm_requested" }>,
): Promise<void> {
  const { data } = event;
  const answer: ConfirmAnswer = await broker
    .request(
      { ...data, runId: event.runId, args: {} },
      AbortSignal.timeout(Math.max(1_000, data.expiresAt - Date.now())),
    )
    .catch(() => "timeout" as const);
  if (answer === "timeout") return;
  await callService(target, "POST", `/api/confirmations/${encodeURIComponent(data.confirmationId)}`, {
    answer,
  }).catch(() => undefined);
}

/** Calls `onRing` for every alert that starts ringing in the service; returns a stop function. */
export function watchAlerts(
  target: ServiceTarget,
  onRing: (alert: { id: string; message: string }) => void,
): () => void {
  const socket = new WebSocket(`${target.url.replace(/^http/, "ws")}/ws`, [
    "jarvis",
    `token.${target.token}`,
  ]);
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as {
      type: string;
      alert?: { id: string; message: string; status: string };
    };
    if (message.type === "alert" && message.alert?.status === "ringing") onRing(message.alert);
  });
  socket.on("error", () => undefined);
  return () => socket.close();
}
