import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Extensions } from "../../extend/index.js";
import { skillSummary } from "../../extend/skills/index.js";
import { drain, type ServerContext } from "../context.js";
import { HttpError } from "../errors.js";
import { parseInput } from "./body.js";

const SourceBody = z
  .object({ source: z.string().min(1).max(2000), sessionId: z.string().min(1).max(100).optional() })
  .strict();
const MakeBody = z
  .object({ description: z.string().min(10).max(4000), sessionId: z.string().min(1).max(100).optional() })
  .strict();
const NameParam = z.object({ name: z.string().min(1).max(64) });
const IdParam = z.object({ id: z.string().min(1).max(100) });
const SessionBody = z.object({ sessionId: z.string().min(1).max(100).optional() }).strict();

/**
 * The Extend page's API: skills, generated tools (and their drafts, shown readably before the
 * one review), the sandbox's state. Every change is one call through the gate as a direct run
 * (`context.turns.startCall`): the confirmation appears in every tab, the audit records it.
 */
export function registerExtendRoutes(app: FastifyInstance, context: ServerContext): void {
  const extensions = (): Extensions => {
    const found = context.runtime.extensions;
    if (!found) throw new HttpError(503, "UNAVAILABLE", "Jarvis is still starting; try again in a moment");
    return found;
  };
  const start = (
    tool: string,
    args: Record<string, unknown>,
    input: string,
    doing: string,
    sessionId?: string,
  ) => {
    const handle = context.turns.startCall({
      tool,
      args,
      input,
      doing,
      source: "web",
      broker: context.broker,
      ...(sessionId ? { sessionId } : {}),
    });
    drain(handle);
    return { runId: handle.runId, sessionId: handle.sessionId };
  };

  app.get("/api/extend", async () => {
    const { sandbox, skills, factory } = extensions();
    const support = sandbox.support;
    return {
      sandbox: {
        backend: support.backend,
        version: support.version ?? null,
        seccomp: Boolean(support.seccompArch),
        cgroups: support.cgroups ? `v${support.cgroups.version}` : null,
        unavailable: support.unavailable ?? null,
        notes: support.notes,
      },
      skills: skills.catalog.reload().map(skillSummary),
      generated: factory.list().map((tool) => ({
        name: tool.name,
        status: tool.status,
        tier: tool.pin?.tier ?? null,
        hash: tool.pin?.hash ?? null,
        description: tool.draft?.manifest.description ?? null,
        request: tool.pin?.request ?? null,
        reason: tool.reason ?? null,
      })),
      drafts: factory
        .listDrafts()
        .map((draft) => ({ id: draft.id, status: draft.status, request: draft.request })),
    };
  });

  app.post("/api/skills", async (request) => {
    const { source, sessionId } = parseInput(SourceBody, request.body);
    // Fetched and checked now: a malformed skill is refused with its rule before anyone is asked.
    await extensions().skills.staging.stage(source);
    return start(
      "skills_install",
      { source },
      `Install the skill from ${source}`,
      "install the skill",
      sessionId,
    );
  });

  app.post("/api/skills/:name/remove", async (request) => {
    const { name } = parseInput(NameParam, request.params, "path");
    const { sessionId } = parseInput(SessionBody, request.body ?? {});
    return start("skills_remove", { name }, `Remove the skill ${name}`, "remove the skill", sessionId);
  });

  app.post("/api/factory/make", async (request) => {
    const { description, sessionId } = parseInput(MakeBody, request.body);
    extensions();
    return start("tools_make", { description }, `Make a tool: ${description}`, "make the tool", sessionId);
  });

  // `jarvis tools generated list|show` attached: every stored tool as the CLI prints it.
  app.get("/api/factory/tools", async () => ({
    tools: extensions()
      .factory.list()
      .map(({ dir: _where, ...tool }) => tool),
  }));

  app.get("/api/factory/drafts/:id", async (request) => {
    const { id } = parseInput(IdParam, request.params, "path");
    const { factory } = extensions();
    const draft = factory.draft(id);
    if (!draft) throw new HttpError(404, "NOT_FOUND", `no tool draft ${id}`);
    return {
      // The one review a person reads before registering (`jarvis tools make` attached prints it).
      review: draft.status === "passed" && draft.draft ? factory.review(id) : null,
      id: draft.id,
      status: draft.status,
      request: draft.request,
      attempts: draft.attempts,
      lastFailure: draft.lastFailure ?? null,
      tier: draft.tier ?? null,
      hash: draft.hash ?? null,
      manifest: draft.draft?.manifest ?? null,
      code: draft.draft?.code ?? null,
      tests: draft.draft?.tests ?? [],
      report: draft.report ?? null,
    };
  });

  app.post("/api/factory/drafts/:id/register", async (request) => {
    const { id } = parseInput(IdParam, request.params, "path");
    const { sessionId } = parseInput(SessionBody, request.body ?? {});
    const draft = extensions().factory.draft(id);
    if (!draft) throw new HttpError(404, "NOT_FOUND", `no tool draft ${id}`);
    return start(
      "tools_register",
      { draft: id },
      `Register the tool ${draft.draft?.manifest.name ?? id}`,
      "register the tool",
      sessionId,
    );
  });

  app.post("/api/factory/tools/:name/remove", async (request) => {
    const { name } = parseInput(NameParam, request.params, "path");
    const { sessionId } = parseInput(SessionBody, request.body ?? {});
    return start("tools_remove", { name }, `Remove the tool ${name}`, "remove the tool", sessionId);
  });
}
