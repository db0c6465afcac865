import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { ServerContext } from "../context.js";
import { SECURITY_HEADERS } from "../security.js";
import { parseInput } from "./body.js";

export const TurnBody = z
  .object({
    text: z.string().min(1).max(20_000),
    sessionId: z.string().min(1).max(100).optional(),
    /** `cli`/`voice`: a terminal or the voice loop attached to the service; otherwise an API client. */
    source: z.enum(["api", "cli", "voice"]).optional(),
  })
  .strict();

const HEARTBEAT_MS = 15_000;

/**
 * `POST /api/turns`: starts a turn and streams its events as Server-Sent Events
 * (`event: <type>`, `id: <seq>`, `data: <event JSON>`) until the run ends. A client that goes
 * away does not stop the run: other surfaces may be answering its confirmations; kill it
 * explicitly with `POST /api/kill`.
 */
export function registerTurnRoutes(app: FastifyInstance, context: ServerContext): void {
  app.post("/api/turns", async (request, reply) => {
    const body = parseInput(TurnBody, request.body);
    const handle = context.startTurn(body.text, body.sessionId, body.source ?? "api");
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...SECURITY_HEADERS,
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
    });
    let open = true;
    raw.on("close", () => {
      open = false;
    });
    const write = (text: string) => {
      if (open) raw.write(text);
    };
    write(`event: turn\ndata: ${JSON.stringify({ runId: handle.runId, sessionId: handle.sessionId })}\n\n`);
    const heartbeat = setInterval(() => write(": keep-alive\n\n"), HEARTBEAT_MS);
    try {
      for await (const event of handle.events) {
        write(`id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      }
    } finally {
      clearInterval(heartbeat);
      if (open) raw.end();
    }
  });
}
