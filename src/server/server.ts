import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { loadConfig } from "../config/load.js";
import type { JarvisConfig } from "../config/schema.js";
import type { Logger } from "../core/logger.js";
import { ConfirmationInbox } from "../gate/inbox.js";
import type { ServerContext, ServerRuntime } from "./context.js";
import { HttpError, toErrorReply } from "./errors.js";
import { EventLog } from "./event-log.js";
import { LiveHub } from "./live.js";
import { pendingRestart } from "./live-config.js";
import { ServerMetrics } from "./metrics.js";
import { configReloader } from "./reload.js";
import { registerApiRoutes } from "./routes/api.js";
import { registerExtendRoutes } from "./routes/extend.js";
import { registerKnowledgeRoutes } from "./routes/knowledge.js";
import { registerLibraryRoutes } from "./routes/library.js";
import { registerMcpRoutes } from "./routes/mcp.js";
import { registerSettingsRoutes } from "./routes/settings.js";
import { registerTasksRoutes } from "./routes/tasks.js";
import { registerTurnRoutes } from "./routes/turns.js";
import { registerWebSocket } from "./routes/ws.js";
import { API_CSP, hostAllowed, remoteHostNames, SECURITY_HEADERS, sameOrigin, UI_CSP } from "./security.js";
import { registerStatic } from "./static.js";
import { bearerToken, tokenFromProtocols, tokenMatches, WS_PROTOCOL } from "./token.js";
import type { TurnService } from "./types.js";

export interface ServerOptions {
  runtime: ServerRuntime;
  /**
   * The agent; a promise lets the server listen (and the UI load) while it is still being
   * built: API and WebSocket requests wait for it, /health says "starting" meanwhile.
   */
  turns: TurnService | Promise<TurnService>;
  token: string;
  logger: Logger;
  host?: string;
  port?: number;
  /** Needed to bind anything but loopback. */
  allowRemote?: boolean;
  /** Built UI directory (index.html + assets); `null` serves no UI. Default: dist/ui. */
  uiDir?: string | null;
  /** Largest JSON body accepted (default 1 MiB); uploads have their own cap. */
  bodyLimit?: number;
  uploadLimit?: number;
  version?: string;
  defaultMetrics?: boolean;
}

export interface JarvisServer {
  app: FastifyInstance;
  context: ServerContext;
  token: string;
  /** Listens and returns the base URL (`http://127.0.0.1:7777`). */
  listen(): Promise<string>;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Whether the route the router MATCHED is public (the UI's static files and /health carry
 * `config.public`). Decided on the route, never on the raw path: `/%61pi/settings`,
 * `/api/settings/` or `/ws/` match the same routes as their plain spelling, and an unmatched
 * path needs the token too, so nothing becomes public by accident.
 */
export function isPublicRoute(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as { public?: unknown; ownToken?: unknown } | undefined;
  // `ownToken`: the route checks a token of its own instead (a webhook routine's)
  return config?.public === true || config?.ownToken === true;
}

/**
 * The local gateway: one port for the API, the WebSocket and the UI. Every request passes the
 * Host check (DNS rebinding), the Origin check (no other web page can drive it) and, for the API
 * and WebSocket, the token (constant-time compare).
 */
export async function createServer(options: ServerOptions): Promise<JarvisServer> {
  const host = options.host ?? "127.0.0.1";
  const remoteNames = remoteHostNames({ allowRemote: options.allowRemote ?? false, boundHost: host });
  const app = Fastify({
    logger: false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: false,
    forceCloseConnections: true,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const broker = new ConfirmationInbox();
  const log = new EventLog();
  const metrics = new ServerMetrics({ defaultMetrics: options.defaultMetrics ?? true });
  let turns: TurnService | undefined = options.turns instanceof Promise ? undefined : options.turns;
  const live = new LiveHub({ subscribe: () => context.turns.subscribe() }, metrics, log, options.logger);
  const turnsReady = Promise.resolve(options.turns).then((ready) => {
    turns = ready;
    live.start();
    return ready;
  });
  turnsReady.catch(() => undefined); // whoever passed the promise reports the failure
  // Events from outside any run (a timer ringing) go to every client as they are.
  const stopNotices = options.runtime.onEvent((event) => {
    if (event.type === "notice")
      live.broadcast(JSON.stringify({ type: "notice", ts: Date.now(), ...event.data }));
  });
  // What settings read only at start still use, however often config.yaml changes afterwards
  const started = structuredClone(options.runtime.config);
  const pendingFor = (file: JarvisConfig) =>
    pendingRestart(started, file, { "server.host": host, "server.port": port });
  const context: ServerContext = {
    runtime: options.runtime,
    get turns(): TurnService {
      if (!turns) throw new HttpError(503, "UNAVAILABLE", "Jarvis is still starting; try again in a moment");
      return turns;
    },
    broker,
    log,
    live,
    metrics,
    logger: options.logger,
    version: options.version ?? "0.1.0",
    startTurn(text, sessionId, source) {
      return context.turns.startTurn({ text, ...(sessionId ? { sessionId } : {}), source, broker });
    },
    kill(runId) {
      return context.turns.kill(runId);
    },
    reloadConfig: configReloader({
      runtime: options.runtime,
      logger: options.logger,
      tasks: () => context.tasks,
      mcp: (next) => context.mcp?.(next) ?? Promise.resolve([]),
      models: () => context.models?.() ?? Promise.resolve(),
      pending: pendingFor,
    }),
    restartPending() {
      let file = options.runtime.config;
      try {
        file = loadConfig(options.runtime.paths.config);
      } catch {
        // A file that does not parse is the reload's to report; the running config stands
      }
      return pendingFor(file);
    },
  };

  // First, so its own onRequest hook marks upgrade requests and a refused upgrade's socket is
  // destroyed after the error response.
  await app.register(websocket, {
    options: {
      maxPayload: 1024 * 1024,
      // Select our protocol; the token entry is never echoed back.
      handleProtocols: (protocols: Set<string>) => (protocols.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
    },
  });

  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const hostHeader = request.headers.host;
    if (!hostAllowed(hostHeader, remoteNames)) {
      throw new HttpError(
        403,
        "FORBIDDEN",
        "this Host is not allowed (Jarvis answers only to its own address)",
      );
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !sameOrigin(origin, hostHeader)) {
      throw new HttpError(403, "FORBIDDEN", "requests from other web pages are refused");
    }
    if (!isPublicRoute(request)) {
      // A browser cannot set headers on a WebSocket: the token travels as a subprotocol there.
      const given = request.ws
        ? (tokenFromProtocols(request.headers["sec-websocket-protocol"]) ??
          bearerToken(request.headers.authorization))
        : bearerToken(request.headers.authorization);
      if (!tokenMatches(options.token, given)) {
        reply.header("www-authenticate", 'Bearer realm="jarvis"');
        throw new HttpError(
          401,
          "UNAUTHORIZED",
          "a valid token is required (open the link `jarvis start` printed)",
        );
      }
      if (!turns && request.routeOptions.url !== "/metrics") {
        await turnsReady.catch(() => {
          throw new HttpError(503, "UNAVAILABLE", "Jarvis could not start its agent (see the terminal)");
        });
      }
    }
  });

  app.addHook("onSend", async (request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    // By route, not content type: a 304 for index.html has no type, and browsers apply its CSP.
    const ui = isPublicRoute(request) && request.routeOptions.url !== "/health";
    reply.header("content-security-policy", ui ? UI_CSP : API_CSP);
    if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    return payload;
  });

  app.setErrorHandler((error, _request, reply) => {
    const { status, body } = toErrorReply(error);
    if (status >= 500) options.logger.error({ err: error }, "request failed");
    void reply.status(status).type("application/json").send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = (request.url.split("?")[0] ?? "/").slice(0, 200);
    void reply
      .status(404)
      .type("application/json")
      .send({ error: { code: "NOT_FOUND", message: `no route ${request.method} ${path}` } });
  });

  app.get("/health", { config: { public: true } }, async () => ({
    status: turns ? "ok" : "starting",
    version: context.version,
  }));
  app.get("/metrics", async (_request, reply) => {
    const { contentType, text } = await metrics.render();
    void reply.type(contentType);
    return text;
  });
  registerTurnRoutes(app, context);
  registerWebSocket(app, context);
  registerApiRoutes(app, context);
  registerKnowledgeRoutes(app, context);
  registerLibraryRoutes(app, context);
  registerMcpRoutes(app, context);
  registerExtendRoutes(app, context);
  registerTasksRoutes(app, context);
  registerSettingsRoutes(app, context, { uploadLimit: options.uploadLimit ?? 256 * 1024 * 1024 });
  await registerStatic(app, options.uiDir);

  let port = options.port ?? 7777;
  return {
    app,
    context,
    token: options.token,
    get port() {
      return port;
    },
    async listen() {
      await app.listen({ host, port });
      const address = app.server.address();
      if (address && typeof address === "object") port = address.port;
      const shown = host.includes(":") ? `[${host}]` : host;
      return `http://${shown}:${port}`;
    },
    async close() {
      stopNotices();
      await live.stop();
      await app.close();
    },
  };
}
