import type { McpServerConfig } from "../../../config/mcp.js";
import { isStdioServer } from "../../../config/mcp.js";
import type { Clock } from "../../../core/clock.js";
import { JarvisError, toJarvisError } from "../../../core/errors.js";
import type { Logger } from "../../../core/logger.js";
import type { SchemaValidator } from "../../../gate/schema-validator.js";
import type { McpConnection } from "./connection.js";
import type { AskPerson } from "./elicit.js";
import type { McpCallResult } from "./result.js";
import { adaptTools, type Catalog } from "./tools.js";

export type ServerState = "starting" | "ready" | "failed" | "needs_login" | "stopped";

export interface ServerStatus {
  name: string;
  kind: "stdio" | "http";
  target: string;
  state: ServerState;
  tools: string[];
  skipped: Catalog["skipped"];
  warnings: string[];
  protocolVersion?: string | undefined;
  serverInfo?: { name: string; version: string } | undefined;
  restarts: number;
  error?: { message: string; fix?: string | undefined; at: number } | undefined;
  nextAttemptAt?: number | undefined;
}

/** Delays between attempts: doubling from `initialMs` to `maxMs`; reset once a server stays up `stableMs`. */
export interface Backoff {
  initialMs: number;
  maxMs: number;
  stableMs: number;
}
export const DEFAULT_BACKOFF: Backoff = { initialMs: 1000, maxMs: 60_000, stableMs: 60_000 };

export type Schedule = (run: () => void, ms: number) => () => void;
export const realSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref?.();
  return () => clearTimeout(timer);
};

export interface SupervisorOptions {
  name: string;
  config: McpServerConfig;
  connect(
    hooks: { onToolsChanged(): void; onLost(reason: string): void },
    signal: AbortSignal,
  ): Promise<McpConnection>;
  /** The server's tools, or none while it is down. */
  publish(catalog: Catalog | undefined): void;
  onStatus(): void;
  validator: SchemaValidator;
  clock: Clock;
  logger: Logger;
  backoff?: Backoff;
  schedule?: Schedule;
}

/**
 * Keeps one server connected: connect, list its tools, publish them; when it crashes or the
 * connection is lost its tools are withdrawn and it is restarted with back-off. A failure is one
 * line naming the server and the fix; nothing else stops.
 */
export class ServerSupervisor {
  private connection: McpConnection | undefined;
  private state: ServerState = "stopped";
  private catalog: Catalog = { tools: [], skipped: [], warnings: [] };
  private attempts = 0;
  private restarts = 0;
  private readyAt = 0;
  private error: ServerStatus["error"];
  private nextAttemptAt: number | undefined;
  private cancelRetry: (() => void) | undefined;
  private refreshing: Promise<void> | undefined;
  private refreshAgain = false;
  private stopped = false;
  private readonly lifetime = new AbortController();
  private readonly backoff: Backoff;
  private readonly schedule: Schedule;

  constructor(private readonly options: SupervisorOptions) {
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.schedule = options.schedule ?? realSchedule;
  }

  get name(): string {
    return this.options.name;
  }

  /** Connects once; resolves when that attempt settled (ready, or failed with a retry planned). */
  async start(): Promise<void> {
    if (this.stopped || this.state === "starting" || this.state === "ready") return;
    this.cancelRetry?.();
    this.cancelRetry = undefined;
    this.nextAttemptAt = undefined;
    this.setState("starting");
    this.attempts += 1;
    let connection: McpConnection | undefined;
    try {
      connection = await this.options.connect(
        { onToolsChanged: () => this.refresh(), onLost: (reason) => this.lost(connection, reason) },
        this.lifetime.signal,
      );
      if (this.stopped) {
        await connection.close();
        return;
      }
      this.connection = connection;
      await this.loadTools(connection);
      this.readyAt = this.options.clock.now();
      this.error = undefined;
      this.setState("ready");
    } catch (error) {
      await connection?.close();
      if (connection && this.connection === connection) this.connection = undefined;
      this.fail(toJarvisError(error, "UNAVAILABLE"));
    }
  }

  /** One tool call on the live connection; a server that is down is one clear error. */
  async call(
    mcpName: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    ask?: AskPerson,
  ): Promise<McpCallResult> {
    const connection = this.connection;
    if (this.state !== "ready" || !connection) throw this.downError();
    try {
      return await connection.callTool(mcpName, args, signal, ask);
    } catch (error) {
      const failure = toJarvisError(error, "TOOL_FAILED");
      // Over HTTP there is no process to watch: a transport failure during a call is the signal.
      if (failure.code === "UNAVAILABLE" && !isStdioServer(this.options.config))
        this.lost(connection, failure.message);
      throw failure;
    }
  }

  /** The live connection for reading resources and prompts, or one clear error. */
  live(): McpConnection {
    if (this.state !== "ready" || !this.connection) throw this.downError();
    return this.connection;
  }

  status(): ServerStatus {
    const config = this.options.config;
    return {
      name: this.options.name,
      kind: isStdioServer(config) ? "stdio" : "http",
      target: isStdioServer(config) ? [config.command, ...config.args].join(" ") : config.url,
      state: this.state,
      tools: this.state === "ready" ? this.catalog.tools.map((t) => t.definition.name) : [],
      skipped: this.catalog.skipped,
      warnings: this.catalog.warnings,
      protocolVersion: this.connection?.protocolVersion,
      serverInfo: this.connection?.serverInfo,
      restarts: this.restarts,
      error: this.error,
      nextAttemptAt: this.nextAttemptAt,
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.lifetime.abort();
    this.cancelRetry?.();
    const connection = this.connection;
    this.connection = undefined;
    this.options.publish(undefined);
    this.setState("stopped");
    await connection?.close();
  }

  private async loadTools(connection: McpConnection): Promise<void> {
    const listed = await connection.listTools(this.lifetime.signal);
    this.catalog = adaptTools(
      this.options.name,
      this.options.config,
      listed,
      (name, args, signal, ask) => this.call(name, args, signal, ask),
      this.options.validator,
    );
    for (const warning of this.catalog.warnings)
      this.options.logger.warn({ server: this.options.name }, warning);
    this.options.publish(this.catalog);
  }

  /** `list_changed`: list again (one refresh at a time; a change during one runs another). */
  private refresh(): void {
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    const connection = this.connection;
    if (!connection || this.state !== "ready") return;
    this.refreshing = this.loadTools(connection)
      .then(() => this.options.onStatus())
      .catch((error: unknown) => {
        if (this.connection === connection) this.lost(connection, toJarvisError(error).message);
      })
      .finally(() => {
        this.refreshing = undefined;
        if (this.refreshAgain) {
          this.refreshAgain = false;
          this.refresh();
        }
      });
  }

  private lost(connection: McpConnection | undefined, reason: string): void {
    if (this.stopped || (connection && this.connection !== connection)) return;
    this.connection = undefined;
    void connection?.close();
    if (this.readyAt > 0 && this.options.clock.now() - this.readyAt >= this.backoff.stableMs)
      this.attempts = 0;
    this.restarts += 1;
    const message = reason.startsWith(`MCP server ${this.options.name}`)
      ? reason
      : `MCP server ${this.options.name} stopped: ${reason}`;
    this.fail(
      new JarvisError("UNAVAILABLE", message, {
        fix: `Jarvis restarts it; \`jarvis mcp test ${this.options.name}\` shows why it stops`,
      }),
    );
  }

  private fail(error: JarvisError): void {
    this.options.publish(undefined);
    this.error = { message: error.message, fix: error.fix, at: this.options.clock.now() };
    this.options.logger.warn({ server: this.options.name, code: error.code }, error.toLine());
    if (this.stopped) return;
    // Waiting helps a crash or an outage; a missing secret or a sign-in does not come by itself.
    if (error.code === "AUTH_FAILED") {
      this.setState("needs_login");
      return;
    }
    if (error.code === "CONFIG_INVALID" || error.code === "NOT_FOUND") {
      this.setState("failed");
      return;
    }
    const delay = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** Math.max(0, this.attempts - 1));
    this.nextAttemptAt = this.options.clock.now() + delay;
    this.cancelRetry = this.schedule(() => void this.start(), delay);
    this.setState("failed");
  }

  private downError(): JarvisError {
    const why = this.error ? `: ${this.error.message.replace(`MCP server ${this.options.name} `, "")}` : "";
    return new JarvisError("UNAVAILABLE", `MCP server ${this.options.name} is not available${why}`, {
      fix: this.error?.fix ?? `run \`jarvis mcp test ${this.options.name}\``,
    });
  }

  private setState(state: ServerState): void {
    this.state = state;
    this.options.onStatus();
  }
}
