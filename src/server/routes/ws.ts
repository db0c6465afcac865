import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { z } from "zod";
import { USER_ANSWERS } from "../../gate/inbox.js";
import { drain, type ServerContext } from "../context.js";
import { HttpError, toErrorReply } from "../errors.js";
import type { LiveClient } from "../live.js";
import { VoiceHub } from "../voice-socket.js";
import { parseInput } from "./body.js";

const id = z.string().max(64).optional();
const runId = z.string().min(1).max(100);
export const ClientMessage = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("turn"),
    id,
    text: z.string().min(1).max(20_000),
    sessionId: z.string().min(1).max(100).optional(),
  }),
  z.object({
    type: z.literal("confirm"),
    id,
    confirmationId: z.string().min(1).max(100),
    answer: z.enum(USER_ANSWERS),
  }),
  z.object({ type: z.literal("kill"), id, runId: runId.optional() }),
  z.object({ type: z.literal("resume"), id, runId }),
  z.object({ type: z.literal("ping"), id }),
  z.object({
    type: z.literal("alert"),
    id,
    alertId: z.string().min(1).max(64),
    action: z.enum(["snooze", "dismiss"]),
    minutes: z.number().int().min(1).max(1440).optional(),
  }),
]);
type ClientMessage = z.infer<typeof ClientMessage>;

/** What a client sees first: the server clock, pending confirmations and the runs in flight. */
export function helloMessage(context: ServerContext): Record<string, unknown> {
  const streaming = new Map(context.log.active().map((r) => [r.runId, r.sessionId]));
  return {
    type: "hello",
    version: context.version,
    serverTime: Date.now(),
    pending: context.broker.list(),
    active: context.turns.activeRuns().map((r) => ({ runId: r, sessionId: streaming.get(r) })),
    // What the UI may offer (the knowledge base is an optional tool group)
    features: {
      knowledge: context.runtime.registry.has("knowledge_add"),
      ...(context.tasks ? { routines: true } : {}),
    },
    // What is ringing or was missed, so a tab opened now shows it too
    alerts: context.tasks?.delivery.open() ?? [],
  };
}

/**
 * `GET /ws`: one socket per tab (or CLI). Every event of every run is pushed to every socket;
 * clients start turns, answer confirmations, kill and resume runs with small JSON messages,
 * each answered by `ack` or `error` carrying the message's `id`.
 */
export function registerWebSocket(app: FastifyInstance, context: ServerContext): void {
  const voice = new VoiceHub(context); // push-to-talk: binary audio and voice_* messages
  app.addHook("onClose", () => voice.close(context.logger));
  app.get("/ws", { websocket: true }, (socket: WebSocket) => {
    const client: LiveClient = {
      send: (text) => socket.send(text),
      close: (code, reason) => socket.close(code, reason),
      get bufferedAmount() {
        return socket.bufferedAmount;
      },
    };
    socket.send(JSON.stringify(helloMessage(context)));
    context.live.add(client);
    socket.on("close", () => context.live.remove(client));
    socket.on("error", () => context.live.remove(client));
    const talk = voice.connect(socket);
    socket.on("close", () => talk.close());
    socket.on("message", (data, isBinary) => {
      if (talk.handle(data, isBinary)) return;
      let requestId: string | undefined;
      try {
        if (isBinary) throw Object.assign(new Error("binary messages are not accepted"), { statusCode: 400 });
        let raw: unknown;
        try {
          raw = JSON.parse(data.toString());
        } catch {
          throw Object.assign(new Error("the message is not JSON"), { statusCode: 400 });
        }
        const rawId = (raw as { id?: unknown } | null)?.id;
        requestId = typeof rawId === "string" ? rawId.slice(0, 64) : undefined;
        const message = parseInput(ClientMessage, raw, "message");
        socket.send(JSON.stringify({ type: "ack", id: requestId, ...handle(context, message) }));
      } catch (error) {
        socket.send(JSON.stringify({ type: "error", id: requestId, ...toErrorReply(error).body }));
      }
    });
  });
}

function handle(context: ServerContext, message: ClientMessage): Record<string, unknown> {
  switch (message.type) {
    case "turn": {
      const handle = context.startTurn(message.text, message.sessionId, "web");
      drain(handle);
      return { runId: handle.runId, sessionId: handle.sessionId };
    }
    case "confirm":
      return { answered: context.broker.answer(message.confirmationId, message.answer) };
    case "kill":
      return { killed: context.kill(message.runId) };
    case "resume": {
      const handle = context.turns.resume(message.runId, context.broker);
      drain(handle);
      return { runId: handle.runId, sessionId: handle.sessionId };
    }
    case "ping":
      return { serverTime: Date.now() };
    case "alert": {
      const delivery = context.tasks?.delivery;
      if (!delivery) throw new HttpError(503, "UNAVAILABLE", "alerts are not running yet");
      const alert =
        message.action === "snooze"
          ? delivery.snooze(message.alertId, message.minutes)
          : delivery.dismiss(message.alertId);
      return { alert };
    }
  }
}
