import type { AgentService } from "../agent/service.js";
import { removeServerFile, writeServerFile } from "../config/discovery.js";
import { loadConfig } from "../config/load.js";
import { JarvisError } from "../core/errors.js";
import { composeRuntime, type Runtime } from "../runtime/compose.js";
import type { Tasks } from "../tasks/service.js";
import { TasksLink } from "../tasks/tools.js";
import type { ToolFactory } from "../tools/groups.js";
import type { ServerContext } from "./context.js";
import { watchConfig } from "./reload.js";
import { isLoopbackHost, isWildcardHost } from "./security.js";
import { createServer, type JarvisServer } from "./server.js";
import { settleMemory } from "./settle.js";
import { loadOrCreateToken } from "./token.js";

export interface LaunchOptions {
  env: NodeJS.ProcessEnv;
  host?: string;
  port?: number;
  allowRemote?: boolean;
  uiDir?: string | null;
  version?: string;
  /** The catalog instead of the built-in groups (the probe CLI of tests adds its probes). */
  tools?: ToolFactory;
}

export interface Launched {
  server: JarvisServer;
  runtime: Runtime;
  /** Where the server listens (`http://127.0.0.1:7777`). */
  url: string;
  /** The link that hands the token to the UI (fragment: never sent to the server or its logs). */
  openUrl: string;
  remote: boolean;
  /** Settles when the agent (NLU, models) is built; requests wait for it until then. */
  ready: Promise<void>;
  close(): Promise<void>;
}

const HOST = /^([A-Za-z0-9-]+\.)*[A-Za-z0-9-]+$|^\[?[0-9A-Fa-f:.]+\]?$/;

/** Lets pending requests through (a macrotask) between start-up steps. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The agent as every surface runs it (`openAgentService`: models, embedded NLU, recall), after
 * the built-in tools are registered: their modules (every tool group, ~0.4 s to import) load
 * while the server already answers. Nothing reads the catalog before: API and WebSocket
 * requests wait for the agent.
 */
async function buildAgent(
  runtime: Runtime,
  version: string,
  link: TasksLink,
  tools: ToolFactory | undefined,
  context: ServerContext,
): Promise<AgentService> {
  // Group by group with a breath between: Node links a dynamic import's whole module graph
  // synchronously (~0.35 s for every group at once), which would hold the UI's first requests
  // (and /health) that long.
  const { loadBuiltinTools } = await import("../tools/groups.js");
  const builtinTools = tools ?? (await loadBuiltinTools(breathe));
  const { tasksTools } = await import("../tasks/tools.js");
  runtime.registry.registerAll([...builtinTools(runtime.deps), ...tasksTools(runtime.deps, link)], {
    builtIn: true,
  });
  link.gate = runtime.gate;
  link.registry = runtime.registry;
  (await import("../runtime/extensions.js")).attachExtensions(runtime, (await import("yaml")).parse);
  await breathe();
  // MCP servers connect in the background; their tools join the catalog as each comes up.
  const { attachMcp } = await import("../extend/mcp/index.js");
  const attach = () => attachMcp({ ...runtime, onClose: runtime.deps.onClose }, { waitMs: 0, version });
  let hub = await attach();
  // A reload hands the new `mcp:` section over; with no hub yet (no server at start), one is made.
  context.mcp = async (next) => {
    if (hub) return hub.reconfigure(next);
    hub = await attach();
    return hub ? Object.keys(next.servers) : [];
  };
  const { openAgentService } = await import("../runtime/agent.js");
  await breathe();
  return openAgentService(runtime);
}

/**
 * Finishes mail sends a crash interrupted (files Sent copies, marks unknowable sends uncertain;
 * never sends twice). Background work: a failure is logged, never stops the server.
 */
async function resumeMail(runtime: Runtime, signal: AbortSignal): Promise<void> {
  if (runtime.config.mail.accounts.length === 0) return;
  try {
    const { createMailServices, resumeOutbox } = await import("../tools/mail/index.js");
    const notes = await resumeOutbox(createMailServices(runtime.deps), signal);
    if (notes.length > 0) runtime.logger.info({ notes }, "mail outbox resumed");
  } catch (error) {
    runtime.logger.warn({ err: error }, "could not resume the mail outbox");
  }
}

/**
 * The service's own work (delivery of due items, routines, observers) once the agent is ready:
 * routine runs are runs of that agent, their questions wait in the server's inbox, and alerts
 * reach every tab and attached terminal through the live hub.
 */
async function startServiceTasks(
  runtime: Runtime,
  agent: AgentService,
  server: JarvisServer,
  link: TasksLink,
): Promise<Tasks> {
  const [{ startTasks }, { liveSurface }] = await Promise.all([
    import("../tasks/service.js"),
    import("../tasks/surfaces.js"),
  ]);
  const tasks = await startTasks({
    runtime,
    agent,
    broker: server.context.broker,
    link,
    surfaces: [liveSurface((text) => server.context.live.broadcast(text))],
  });
  server.context.tasks = tasks;
  return tasks;
}

/**
 * `jarvis start`: runtime, server, then the agent. The server listens first so the browser can
 * open and load the UI while the embedded NLU is built (the slowest part of start-up); API and
 * WebSocket requests simply wait until the agent is ready. Heavy modules are imported here,
 * not by the CLI entry, so other commands stay fast.
 */
export async function launchServer(options: LaunchOptions): Promise<Launched> {
  const runtime = composeRuntime({ env: options.env, tools: () => [], loadConfig });
  let agent: AgentService | undefined;
  let server: JarvisServer | undefined;
  try {
    const host = (options.host ?? runtime.config.server.host).trim();
    const port = options.port ?? runtime.config.server.port;
    if (!HOST.test(host))
      throw new JarvisError("USAGE", `--host "${host.slice(0, 60)}" is not a host name or IP address`);
    const remote = !isLoopbackHost(host);
    if (remote && !options.allowRemote) {
      throw new JarvisError("USAGE", `binding to ${host} would expose Jarvis beyond this computer`, {
        fix: "use 127.0.0.1, or pass --allow-remote if you really mean it",
      });
    }
    const token = loadOrCreateToken(runtime.paths.token);
    let resolveAgent!: (agent: AgentService) => void;
    let rejectAgent!: (error: unknown) => void;
    const agentPromise = new Promise<AgentService>((resolve, reject) => {
      resolveAgent = resolve;
      rejectAgent = reject;
    });
    agentPromise.catch(() => undefined); // reported through `ready`
    server = await createServer({
      runtime,
      turns: agentPromise,
      token,
      logger: runtime.logger,
      host: host.replace(/^\[|\]$/g, ""),
      port,
      allowRemote: options.allowRemote ?? false,
      ...(options.uiDir !== undefined ? { uiDir: options.uiDir } : {}),
      ...(options.version ? { version: options.version } : {}),
    });
    let url: string;
    try {
      url = await server.listen();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EADDRINUSE") {
        throw new JarvisError(
          "UNAVAILABLE",
          `port ${port} on ${host} is already in use (is Jarvis already running?)`,
          {
            fix: "stop the other process or pass --port with a free port",
          },
        );
      }
      if (code === "EADDRNOTAVAIL" || code === "ENOTFOUND") {
        throw new JarvisError("USAGE", `cannot listen on ${host}: no such address on this computer`);
      }
      throw error;
    }
    // Built after listening, on purpose: a macrotask later, so the listen callback and the
    // first requests are not queued behind the NLU.
    let unsettle = () => {};
    let tasks: Tasks | undefined;
    const link = new TasksLink();
    const listening = server;
    const ready = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => buildAgent(runtime, options.version ?? "0.1.0", link, options.tools, listening.context))
      .then(async (built) => {
        agent = built;
        // A reload with a changed `models:` section: the runs started from then on use the new ones
        listening.context.models = async () => {
          const { openModels } = await import("../runtime/agent.js");
          built.deps.models.replace((await openModels(runtime)).entries);
        };
        tasks = await startServiceTasks(runtime, built, listening, link);
        resolveAgent(built);
        runtime.logger.info("agent ready");
        unsettle = settleMemory(() => built.activeRuns().length === 0);
      })
      .catch((error: unknown) => {
        rejectAgent(error);
        throw error;
      });
    const local = isWildcardHost(host) ? url.replace(/\/\/[^/]+:/, "//127.0.0.1:") : url;
    runtime.logger.info({ url, remote }, "server listening");
    // How `jarvis chat --attach` finds this server (the token is in its own 0600 file).
    writeServerFile(runtime.paths.home, { url: local, pid: process.pid, startedAt: Date.now() });
    const stopping = new AbortController();
    const mail = resumeMail(runtime, stopping.signal);
    const unwatch = watchConfig(runtime.paths.config, listening.context.reloadConfig, runtime.logger);
    return {
      server: listening,
      runtime,
      url,
      openUrl: `${local}/#token=${token}`,
      remote,
      ready,
      async close() {
        removeServerFile(runtime.paths.home, process.pid);
        unwatch();
        stopping.abort();
        unsettle();
        await mail;
        await ready.catch(() => undefined);
        await tasks?.close();
        await listening.close();
        await agent?.close();
        await runtime.close();
      },
    };
  } catch (error) {
    await server?.close().catch(() => undefined);
    await runtime.close();
    throw error;
  }
}
