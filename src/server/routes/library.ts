import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { openKnowledge } from "../../knowledge/open.js";
import { exportMarkdown, forgetAll, Memory } from "../../memory/index.js";
import type { ServerContext } from "../context.js";
import { parseInput } from "./body.js";

const Text = z.object({ text: z.string().min(1).max(10_000) }).strict();
const Query = z
  .object({ query: z.string().min(1).max(2_000), limit: z.number().int().min(1).max(1000).optional() })
  .strict();
const Ids = z.object({ ids: z.array(z.string().min(1).max(40)).min(1).max(1000) }).strict();
const Paths = z.object({ paths: z.array(z.string().min(1).max(4096)).min(1).max(1000) }).strict();
const Targets = z.object({ targets: z.array(z.string().min(1).max(4096)).min(1).max(1000) }).strict();
const DocsQuery = Query.extend({ mode: z.enum(["hybrid", "keyword", "vector"]).optional() }).strict();

/**
 * `jarvis memory …` and `jarvis docs …` attached: the person's own requests from the CLI (no
 * gate, as in-process), run here so there is one writer while the service runs. Memory and the
 * document index keep nothing in memory between calls (every read is SQLite), so a change made
 * here is what the next `ask` recalls.
 */
export function registerLibraryRoutes(app: FastifyInstance, context: ServerContext): void {
  const { runtime } = context;
  const { deps } = runtime;
  const memory = () => new Memory({ db: deps.db, clock: deps.clock, logger: deps.logger });
  const knowledge = () => openKnowledge(deps);

  app.get("/api/memory", async () => ({ items: memory().list() }));
  app.post("/api/memory", async (request) =>
    memory().remember(parseInput(Text, request.body).text, { source: "user" }),
  );
  app.post("/api/memory/search", async (request) => {
    const { query, limit } = parseInput(Query, request.body);
    return memory().recall(query, { limit: Math.min(limit ?? 10, 50) });
  });
  app.post("/api/memory/forget", async (request) => ({
    forgotten: forgetAll(memory(), parseInput(Ids, request.body).ids),
  }));
  app.get("/api/memory/export", async () => ({ markdown: exportMarkdown(memory(), runtime.clock.now()) }));

  app.get("/api/docs", async () => ({ documents: knowledge().list() }));
  app.post("/api/docs/add", async (request) => ({
    reports: await knowledge().add(parseInput(Paths, request.body).paths),
  }));
  app.post("/api/docs/reindex", async () => ({ reports: await knowledge().reindex() }));
  app.post("/api/docs/remove", async (request) => ({
    removed: knowledge().removeAll(parseInput(Targets, request.body).targets),
  }));
  app.post("/api/docs/search", async (request) => {
    const { query, limit, mode } = parseInput(DocsQuery, request.body);
    return knowledge().search(query, { limit: limit ?? 10, mode });
  });
}
