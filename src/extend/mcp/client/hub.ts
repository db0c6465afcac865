import type { OAuthClientProvider } from "@modelcontextprotocol/client";
import { isStdioServer, type McpConfig, type McpServerConfig } from "../../../config/mcp.js";
import type { Keychain } from "../../../config/secrets.js";
import type { Clock } from "../../../core/clock.js";
import { JarvisError } from "../../../core/errors.js";
import type { Logger } from "../../../core/logger.js";
import { AJV_LIBRARY } from "../../../gate/ajv-library.js";
import type { ToolRegistry } from "../../../gate/registry.js";
import { SchemaValidator } from "../../../gate/schema-validator.js";
import { type ElicitationResponder, McpConnection } from "./connection.js";
import { groupOf } from "./names.js";
import { type Backoff, type Schedule, type ServerStatus, ServerSupervisor } from "./supervisor.js";

export interface McpHubOptions {
  config: McpConfig;
  registry: ToolRegistry;
  env: NodeJS.ProcessEnv;
  keychain: Keychain;
  /** The user's home directory (`~` in a stdio server's cwd). */
  home: string;
  clock: Clock;
  logger: Logger;
  version: string;
  /** The OAuth provider of an HTTP server (tokens in the keychain); none = no OAuth. */
  authProvider?: (server: string, config: McpServerConfig) => OAuthClientProvider | undefined;
  /** Answers servers' requests for input; none = Jarvis does not declare elicitation. */
  elicit?: ElicitationResponder;
  fetch?: typeof fetch;
  backoff?: Backoff;
  schedule?: Schedule;
  /** Called whenever a server's state or tools change (the status file, the UI). */
  onChange?: (statuses: ServerStatus[]) => void;
}

/**
 * Every configured MCP server, kept connected; their tools live in the gate's registry as
 * `<server>__<tool>` in group `mcp:<server>` while the server is up, and only then.
 */
export class McpHub {
  private readonly supervisors = new Map<string, ServerSupervisor>();
  private readonly validator = new SchemaValidator(AJV_LIBRARY);
  private started: Promise<void> | undefined;
  private config: McpConfig;

  constructor(private readonly options: McpHubOptions) {
    this.config = options.config;
    for (const [name, config] of Object.entries(options.config.servers))
      if (config.enabled) this.supervise(name, config);
  }

  private supervise(name: string, config: McpServerConfig): ServerSupervisor {
    const options = this.options;
    const supervisor = new ServerSupervisor({
      name,
      config,
      validator: this.validator,
      clock: options.clock,
      logger: options.logger.child({ area: "mcp", server: name }),
      ...(options.backoff ? { backoff: options.backoff } : {}),
      ...(options.schedule ? { schedule: options.schedule } : {}),
      connect: (hooks, signal) => this.connect(name, config, hooks, signal),
      publish: (catalog) => this.publish(name, catalog?.tools.map((tool) => tool.definition) ?? []),
      onStatus: () => this.options.onChange?.(this.statuses()),
    });
    this.supervisors.set(name, supervisor);
    return supervisor;
  }

  /**
   * Follows a changed `mcp:` section while running: a server removed, disabled or changed is
   * stopped (its process ends, its tools leave the catalog); a new or changed one is started.
   * Servers whose entry did not change keep their connection. Returns the names touched.
   */
  async reconfigure(next: McpConfig): Promise<string[]> {
    const before = this.config.servers;
    this.config = next;
    const touched: string[] = [];
    for (const name of new Set([...Object.keys(before), ...Object.keys(next.servers)])) {
      const was = before[name]?.enabled ? JSON.stringify(before[name]) : undefined;
      const now = next.servers[name]?.enabled ? JSON.stringify(next.servers[name]) : undefined;
      if (was === now && (now === undefined || this.supervisors.has(name))) continue;
      touched.push(name);
      await this.supervisors.get(name)?.stop();
      this.supervisors.delete(name);
      const config = next.servers[name];
      if (now !== undefined && config) void this.supervise(name, config).start();
    }
    this.options.onChange?.(this.statuses());
    return touched;
  }

  get size(): number {
    return this.supervisors.size;
  }

  /** Connects every server (once); resolves when each first attempt has settled. */
  start(): Promise<void> {
    this.started ??= Promise.all([...this.supervisors.values()].map((s) => s.start())).then(() => undefined);
    return this.started;
  }

  /** Starts, and waits for the first attempts at most `ms` (a slow server keeps connecting). */
  async startWithin(ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.start(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
        timer.unref?.();
      }),
    ]);
    clearTimeout(timer);
  }

  statuses(): ServerStatus[] {
    return [...this.supervisors.values()].map((s) => s.status());
  }

  server(name: string): ServerSupervisor {
    const supervisor = this.supervisors.get(name);
    if (!supervisor) {
      const known = Object.keys(this.config.servers);
      throw new JarvisError("NOT_FOUND", `no MCP server named "${name.slice(0, 40)}"`, {
        fix: known.length > 0 ? `use one of: ${known.join(", ")}` : "add one with `jarvis mcp add`",
      });
    }
    return supervisor;
  }

  async close(): Promise<void> {
    await Promise.all([...this.supervisors.values()].map((s) => s.stop()));
  }

  private connect(
    name: string,
    config: McpServerConfig,
    hooks: { onToolsChanged(): void; onLost(reason: string): void },
    signal: AbortSignal,
  ): Promise<McpConnection> {
    return McpConnection.open(
      {
        server: name,
        config,
        sources: { env: this.options.env, keychain: this.options.keychain },
        home: this.options.home,
        logger: this.options.logger,
        clientVersion: this.options.version,
        authProvider: isStdioServer(config) ? undefined : this.options.authProvider?.(name, config),
        elicit: this.options.elicit,
        fetch: this.options.fetch,
        ...hooks,
      },
      signal,
    );
  }

  private publish(name: string, definitions: Parameters<ToolRegistry["replaceGroup"]>[1]): void {
    try {
      this.options.registry.replaceGroup(groupOf(name), definitions);
    } catch (error) {
      // A name a built-in tool owns: the server's tools stay out rather than replace Jarvis' own.
      this.options.registry.replaceGroup(groupOf(name), []);
      this.options.logger.warn({ server: name, err: (error as Error).message }, "mcp tools not registered");
    }
  }
}
