import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../context.js";
import { testModelConnection } from "../models-test.js";
import { redactSettings, updateSettings } from "../settings.js";
import { registerUploads } from "./uploads.js";

/** Settings (read, merge-patch write), the model "test connection" and file drops. */
export function registerSettingsRoutes(
  app: FastifyInstance,
  context: ServerContext,
  options: { uploadLimit: number },
): void {
  const { runtime } = context;

  app.get("/api/settings", async () => ({
    config: redactSettings(runtime.config),
    file: runtime.paths.config,
    roots: { read: runtime.roots.readRoots, write: runtime.roots.writeRoots, deny: runtime.roots.deny },
    restartPending: context.restartPending(),
  }));

  // Written, then reloaded as a hand edit is: the parts built from a changed section (mail,
  // MCP servers, models) are made again, and what waits for a restart is said in words.
  app.put("/api/settings", async (request) => {
    const update = updateSettings(runtime.paths.config, request.body);
    const reloaded = await context.reloadConfig();
    context.logger.info({ restartRequired: update.restartRequired }, "settings changed from the web UI");
    return {
      config: redactSettings(update.config),
      restartRequired: update.restartRequired,
      restartPending: reloaded.restartWords,
    };
  });

  // The CLI after `config set`, `accounts add|remove`, `mcp add|remove` (and `config reload`).
  app.post("/api/config/reload", async () => context.reloadConfig());

  app.post("/api/models/test", async (request) =>
    testModelConnection((request.body as { model?: unknown } | undefined)?.model, runtime.env),
  );

  registerUploads(app, context, options.uploadLimit);
}
