import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { JarvisError } from "../../core/errors.js";
import { routineView as view } from "../../tasks/describe.js";
import { parseGrant } from "../../tasks/grants.js";
import type { Tasks } from "../../tasks/service.js";
import { routineArgs } from "../../tasks/spec.js";
import type { RoutineRecord } from "../../tasks/store.js";
import { createRoutine, specContext, TasksLink } from "../../tasks/tools.js";
import type { ServerContext } from "../context.js";
import { HttpError } from "../errors.js";
import { bearerToken, tokenMatches } from "../token.js";
import { parseInput } from "./body.js";

const IdParam = z.object({ id: z.string().min(1).max(100) });
const AlertBody = z
  .object({ action: z.enum(["snooze", "dismiss"]), minutes: z.number().int().min(1).max(1440).optional() })
  .strict();
const RoutinePatch = z
  .object({
    status: z.enum(["active", "paused"]).optional(),
    grants: z.array(z.string().trim().min(1).max(300)).max(10).optional(),
  })
  .strict();
/** Largest webhook body kept for conditions and templates. */
export const MAX_HOOK_BODY = 64 * 1024;

/**
 * The service's own API: what it runs (parts and their restarts), what is ringing (snooze,
 * dismiss), routines (list, create, pause, grants, run, remove) and each webhook routine's own
 * endpoint, which takes that routine's token rather than the API token.
 */
/** A routine the person asked for that cannot be saved is their request's fault: 400, never 404. */
function refused<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    if (error instanceof JarvisError && error.code === "TOOL_UNKNOWN") {
      throw new HttpError(400, error.code, error.message, error.fix ? { fix: error.fix } : {});
    }
    throw error;
  }
}

export function registerTasksRoutes(app: FastifyInstance, context: ServerContext): void {
  const routineView = (record: RoutineRecord, tasks: Tasks | undefined) =>
    view(record, tasks?.store.runs(record.id, 10) ?? [], tasks?.engine.activeCount(record.id) ?? 0);
  const tasks = (): Tasks => {
    if (!context.tasks)
      throw new HttpError(503, "UNAVAILABLE", "the service's routines and alerts are still starting");
    return context.tasks;
  };
  const link = (): TasksLink => {
    const made = new TasksLink();
    made.gate = context.runtime.gate;
    made.registry = context.runtime.registry;
    made.changed = (routine) => tasks().changed(routine);
    return made;
  };
  const audit = (tool: string, args: unknown, reason: string) =>
    context.runtime.audit.append({
      correlationId: "api",
      runId: "api",
      callId: context.runtime.ids.next("call"),
      tool,
      stage: "result",
      args,
      decision: "allow",
      reason,
      outcome: "ok",
    });

  app.get("/api/service", async () => ({
    pid: process.pid,
    version: context.version,
    uptimeMs: Math.round(process.uptime() * 1000),
    parts: context.tasks?.supervisor.status() ?? [],
    alerts: context.tasks?.delivery.open().length ?? 0,
    restartPending: context.restartPending(),
  }));

  app.get("/api/alerts", async () => ({
    open: tasks().delivery.open(),
    recent: tasks().delivery.store.recent(50),
  }));

  app.post("/api/alerts/:id", async (request) => {
    const { id } = parseInput(IdParam, request.params, "path");
    const body = parseInput(AlertBody, request.body);
    const delivery = tasks().delivery;
    const alert = body.action === "snooze" ? delivery.snooze(id, body.minutes) : delivery.dismiss(id);
    return { alert };
  });

  app.get("/api/routines", async () => ({
    routines: tasks()
      .store.list()
      .map((record) => routineView(record, context.tasks)),
  }));

  app.get("/api/routines/:id", async (request) => {
    const { id } = parseInput(IdParam, request.params, "path");
    return { routine: routineView(tasks().store.find(id), context.tasks) };
  });

  app.get("/api/routines/:id/hook", async (request) => {
    const { id } = parseInput(IdParam, request.params, "path");
    const record = tasks().store.find(id);
    if (!record.hookToken) throw new HttpError(400, "USAGE", `routine "${record.name}" has no webhook`);
    const host = request.headers.host ?? `127.0.0.1:${context.runtime.config.server.port}`;
    return { url: `http://${host}/hooks/${record.id}`, token: record.hookToken };
  });

  app.post("/api/routines", async (request) => {
    const args = parseInput(routineArgs, request.body);
    const record = refused(() =>
      createRoutine(context.runtime.deps, link(), args, [JSON.stringify(request.body)]),
    );
    audit("routines_create", { ...args, id: record.id }, "a routine created by the person (API)");
    return {
      routine: routineView(record, context.tasks),
      ...(record.hookToken ? { hookToken: record.hookToken } : {}),
    };
  });

  app.patch("/api/routines/:id", async (request) => {
    const { id } = parseInput(IdParam, request.params, "path");
    const patch = parseInput(RoutinePatch, request.body);
    const store = tasks().store;
    const record = store.find(id);
    const now = context.runtime.clock.now();
    const spec = patch.grants
      ? {
          ...record.spec,
          grants: refused(() =>
            patch.grants!.map((grant) => parseGrant(grant, specContext(context.runtime.deps, link()))),
          ),
        }
      : undefined;
    store.update(
      record.id,
      { ...(patch.status ? { status: patch.status } : {}), ...(spec ? { spec } : {}) },
      now,
    );
    const updated = store.get(record.id)!;
    tasks().changed(updated);
    audit(
      patch.grants ? "routines_grants" : "routines_status",
      { id: record.id, ...patch },
      "a routine changed by the person (API)",
    );
    return { routine: routineView(updated, context.tasks) };
  });

  app.delete("/api/routines/:id", async (request) => {
    const { id } = parseInput(IdParam, request.params, "path");
    const store = tasks().store;
    const record = store.find(id);
    store.remove(record.id);
    tasks().changed({ ...record, status: "paused" });
    audit("routines_remove", { id: record.id }, "a routine removed by the person (API)");
    return { removed: record.id };
  });

  app.post("/api/routines/:id/run", async (request) => {
    const { id } = parseInput(IdParam, request.params, "path");
    const record = tasks().store.find(id);
    const run = tasks().engine.trigger({
      routine: record,
      scheduledFor: context.runtime.clock.now(),
      trigger: "run by hand",
      data: { routine: { id: record.id, name: record.name } },
      depth: 0,
      chain: [],
    });
    return { run };
  });

  // A webhook routine's endpoint: its own token, never the API token; a wrong or missing one is a
  // 401 that runs nothing (and does not say whether the routine exists).
  app.post("/hooks/:id", { bodyLimit: MAX_HOOK_BODY, config: { ownToken: true } }, async (request, reply) => {
    const { id } = parseInput(IdParam, request.params, "path");
    if (!context.tasks)
      throw new HttpError(503, "UNAVAILABLE", "Jarvis is still starting; try again in a moment");
    const routine = context.tasks.store.get(id);
    const given = bearerToken(request.headers.authorization);
    if (
      !routine?.hookToken ||
      routine.spec.trigger.type !== "webhook" ||
      !tokenMatches(routine.hookToken, given)
    ) {
      reply.header("www-authenticate", 'Bearer realm="jarvis-hook"');
      throw new HttpError(401, "UNAUTHORIZED", "this webhook needs its own token");
    }
    if (routine.status !== "active")
      throw new HttpError(409, "PAUSED", `routine "${routine.name}" is paused`);
    const body = typeof request.body === "string" ? request.body : JSON.stringify(request.body ?? {});
    const run = tasks().engine.trigger({
      routine,
      scheduledFor: context.runtime.clock.now(),
      trigger: "webhook call",
      data: {
        webhook: { body: body.slice(0, MAX_HOOK_BODY) },
        routine: { id: routine.id, name: routine.name },
      },
      untrusted: "a webhook call",
      depth: 0,
      chain: [],
    });
    void reply.status(202);
    return { run: { id: run.id, status: run.status } };
  });
}
