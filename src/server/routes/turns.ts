import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { TurnResult } from "../../agent/types.js";
import type { ServerContext } from "../context.js";
import { SECURITY_HEADERS } from "../security.js";
import type { TurnHandle } from "../types.js";
import { parseInput } from "./body.js";

export const TurnBody = z
  .object({
    text: z.string().min(1).max(20_000),
    sessionId: z.string().min(1).max(100).optional(),
    /** `cli`/`voice`: a terminal or the voice loop attached to the service; otherwise an API client. */
    source: z.enum(["api", "cli", "voice"]).optional(),
  })
  .strict();

/** `jarvis tools call` attached: one call through the service's gate, as a run of its own. */
const CallBody = z
  .object({
    tool: z.string().min(1).max(100),
    args: z.unknown(),
    /** What the person typed (the run's input). */
    input: z.string().min(1).max(20_000),
    source: z.enum(["api", "cli"]).optional(),
  })
  .strict();

const HEARTBEAT_MS = 15_000;

/**
 * `POST /api/turns`: starts a turn and streams its events as Server-Sent Events
 * (`event: <type>`, `id: <seq>`, `data: <event JSON>`) until the run ends. A client that goes
 * away does not stop the run: other surfaces may be answering its confirmations; kill it
 * explicitly with `POST /api/kill`. `POST /api/calls` does the same for one exact tool call.
 */
export function registerTurnRoutes(app: FastifyInstance, context: ServerContext): void {
  app.post("/api/turns", async (request, reply) => {
    const body = parseInput(TurnBody, request.body);
    await streamRun(reply, context.startTurn(body.text, body.sessionId, body.source ?? "api"));
  });

  app.post("/api/calls", async (request, reply) => {
    const body = parseInput(CallBody, request.body);
    const handle = context.turns.startCall({
      tool: body.tool,
      args: body.args ?? {},
      input: body.input,
      source: body.source ?? "api",
      broker: context.broker,
      // The person wrote the call: say exactly what was wrong with it.
      detail: true,
    });
    await streamRun(reply, handle);
  });
}

/**
 * A run's events as Server-Sent Events: first `turn` (its ids), then every event, then `result`
 * (what became of the run and each call, as the in-process CLI reports it: exit codes,
 * `tools call --json`). The model-facing observation of each call is not sent.
 */
export async function streamRun(reply: FastifyReply, handle: TurnHandle): Promise<void> {
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
    const result = await handle.done.catch(() => undefined);
    if (result) write(`event: result\ndata: ${JSON.stringify(forPeople(result))}\n\n`);
  } finally {
    clearInterval(heartbeat);
    if (open) raw.end();
  }
}

function forPeople(result: TurnResult): Omit<TurnResult, "calls"> & { calls: unknown[] } {
  return { ...result, calls: result.calls.map(({ observation: _model, ...call }) => call) };
}
