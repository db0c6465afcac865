import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { USER_ANSWERS } from "../../gate/inbox.js";
import { KeyValueRepository } from "../../store/kv.js";
import { ChainVerifier, kvAnchorStore } from "../audit-chain.js";
import { drain, type ServerContext } from "../context.js";
import { HttpError } from "../errors.js";
import { eventsFromRun } from "../event-log.js";
import { parseInput } from "./body.js";
import { createToolCatalog } from "./tools.js";
import { streamRun } from "./turns.js";

const IdParam = z.object({ id: z.string().min(1).max(100) });
const AnswerBody = z.object({ answer: z.enum(USER_ANSWERS) }).strict();
const KillBody = z.object({ runId: z.string().min(1).max(100).optional() }).strict();
const RunsQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(10_000).default(50),
    status: z.enum(["running", "finished", "denied", "failed", "cancelled", "interrupted"]).optional(),
    sessionId: z.string().min(1).max(100).optional(),
  })
  .strict();
const ToolsQuery = z
  .object({
    // 0: the catalog as registered, without each tool's availability check (`jarvis tools list`)
    check: z.enum(["0", "1"]).default("1"),
  })
  .strict();
const HistoryQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }).strict();
const AuditQuery = z
  .object({
    runId: z.string().min(1).max(100).optional(),
    tool: z.string().min(1).max(100).optional(),
    decision: z.enum(["allow", "notify", "confirm", "deny"]).optional(),
    // Up to what the store itself caps at: `jarvis audit list --limit` reads through here attached
    limit: z.coerce.number().int().min(1).max(100_000).default(200),
    afterSeq: z.coerce.number().int().min(0).optional(),
    // 1: the entries since the last check (and the last checked one); full: the whole chain
    verify: z.enum(["0", "1", "full"]).default("1"),
  })
  .strict();

/** Confirmations, kill, runs, sessions, audit and the tool catalog. */
export function registerApiRoutes(app: FastifyInstance, context: ServerContext): void {
  // `context.turns` is read per request: the agent may still be starting at registration.
  const { broker, log, runtime } = context;

  app.get("/api/confirmations", async () => ({ pending: broker.list() }));

  app.post("/api/confirmations/:id", async (request) => {
    const { id } = parseInput(IdParam, request.params, "path");
    const { answer } = parseInput(AnswerBody, request.body);
    if (!broker.answer(id, answer)) {
      throw new HttpError(404, "NOT_FOUND", `no pending confirmation ${id} (already answered or expired)`);
    }
    return { answered: true, confirmationId: id, answer };
  });

  app.post("/api/kill", async (request) => {
    const { runId } = parseInput(KillBody, request.body ?? {});
    return { killed: context.kill(runId) };
  });

  app.get("/api/runs", async (request) => {
    const query = parseInput(RunsQuery, request.query, "query");
    return { runs: context.turns.listRuns(query), active: context.turns.activeRuns() };
  });

  app.get("/api/runs/:id", async (request) => {
    const { id } = parseInput(IdParam, request.params, "path");
    const run = context.turns.getRun(id);
    if (!run) throw new HttpError(404, "NOT_FOUND", `no run ${id}`);
    return { run, events: log.events(id) ?? eventsFromRun(run) };
  });

  // The page starts it and follows the hub; `jarvis runs resume` attached asks for the stream.
  app.post("/api/runs/:id/resume", async (request, reply) => {
    const { id } = parseInput(IdParam, request.params, "path");
    const handle = context.turns.resume(id, broker);
    if (request.headers.accept?.includes("text/event-stream")) return streamRun(reply, handle);
    drain(handle);
    return { runId: handle.runId, sessionId: handle.sessionId };
  });

  // A session's conversation as words (what `/history` prints in `jarvis chat --attach`).
  app.get("/api/sessions/:id/history", async (request) => {
    const { id } = parseInput(IdParam, request.params, "path");
    const { limit } = parseInput(HistoryQuery, request.query, "query");
    return { sessionId: id, messages: context.turns.history(id, limit) };
  });

  // The chat of one session: its recent runs, each with the events the page renders.
  app.get("/api/sessions/:id", async (request) => {
    const { id } = parseInput(IdParam, request.params, "path");
    const summaries = context.turns.listRuns({ sessionId: id, limit: 30 });
    const runs = summaries
      .slice()
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((summary) => {
        const events = log.events(summary.id);
        if (events) return { ...summary, events };
        const detail = context.turns.getRun(summary.id);
        return { ...summary, events: detail ? eventsFromRun(detail) : [] };
      });
    return { sessionId: id, runs };
  });

  // The verified prefix is kept in the store's kv table, so a restart checks only what is new.
  const chain = new ChainVerifier(
    runtime.audit,
    runtime.db ? kvAnchorStore(new KeyValueRepository(runtime.db, runtime.clock)) : undefined,
  );
  app.get("/api/audit", async (request) => {
    const query = parseInput(AuditQuery, request.query, "query");
    const { verify, ...filter } = query;
    const entries = runtime.audit.list(filter);
    if (verify === "0") return { entries };
    return { entries, chain: chain.verify(verify === "full" ? "full" : "incremental") };
  });

  const catalog = createToolCatalog(context);
  app.get("/api/tools", async (request) => {
    const { check } = parseInput(ToolsQuery, request.query, "query");
    return { tools: await catalog(check === "1") };
  });
}
