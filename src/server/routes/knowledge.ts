import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { drain, type ServerContext } from "../context.js";
import { HttpError } from "../errors.js";
import { parseInput } from "./body.js";

const KNOWLEDGE_ADD = "knowledge_add";

const AddBody = z
  .object({
    path: z.string().min(1).max(4096),
    sessionId: z.string().min(1).max(100).optional(),
  })
  .strict();

/**
 * `POST /api/knowledge {path, sessionId?}`: "Add to knowledge base" on a file dropped on the
 * chat. A run of the agent with one `knowledge_add` call through the gate (roots, policy,
 * confirmation, audit: it writes into Jarvis' own store), in the chat's session like any run.
 */
export function registerKnowledgeRoutes(app: FastifyInstance, context: ServerContext): void {
  app.post("/api/knowledge", async (request) => {
    const { path, sessionId } = parseInput(AddBody, request.body);
    if (!context.runtime.registry.has(KNOWLEDGE_ADD)) {
      throw new HttpError(
        404,
        "NOT_FOUND",
        "this Jarvis has no knowledge base (the knowledge tools are off)",
      );
    }
    const handle = context.turns.startCall({
      tool: KNOWLEDGE_ADD,
      args: { path },
      input: `Add ${path} to the knowledge base`,
      ...(sessionId ? { sessionId } : {}),
      source: "web",
      broker: context.broker,
      doing: "add it to the knowledge base",
    });
    drain(handle);
    return { runId: handle.runId, sessionId: handle.sessionId };
  });
}
