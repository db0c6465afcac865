import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { codeLayout } from "../core/package-root.js";

/** Client-side routes of the single-page UI: each serves index.html. */
export const UI_ROUTES = ["/", "/runs", "/runs/:id", "/audit", "/tools", "/settings"];

/** The package's dist/ui, whether the server runs compiled, bundled or from sources. */
export function defaultUiDir(): string | undefined {
  const dir = join(codeLayout(import.meta.url).root, "dist", "ui");
  return existsSync(join(dir, "index.html")) ? dir : undefined;
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Jarvis</title></head>
<body><main><h1>Jarvis is running</h1><p>The web UI is not built. Run <code>npm run build</code> in the
Jarvis checkout, then reload this page. The API is available meanwhile.</p></main></body></html>`;

/**
 * Serves the built UI (hashed assets cached for a year, index.html never cached). Every route
 * registered here is public (`config.public`), the only ones besides /health: the server's auth
 * hook decides on that flag of the matched route.
 */
export async function registerStatic(app: FastifyInstance, uiDir: string | null | undefined): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.config = { ...(route.config ?? {}), public: true };
    });
    await registerUi(scope, uiDir);
  });
}

async function registerUi(app: FastifyInstance, uiDir: string | null | undefined): Promise<void> {
  const root = uiDir === undefined ? defaultUiDir() : uiDir;
  if (!root || !existsSync(join(root, "index.html"))) {
    for (const route of UI_ROUTES) {
      app.get(route, async (_request, reply) => reply.type("text/html; charset=utf-8").send(NOT_BUILT));
    }
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: "/",
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header(
        "cache-control",
        path.includes(`${join("assets", "")}`) ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  for (const route of UI_ROUTES) {
    app.get(route, async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return reply.sendFile("index.html");
    });
  }
}
