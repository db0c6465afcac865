import {
  Client,
  type ElicitRequestParams,
  type ElicitResult,
  type GetPromptResult,
  type OAuthClientProvider,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  SdkError,
  SdkErrorCode,
} from "@modelcontextprotocol/client";
import type { McpServerConfig } from "../../../config/mcp.js";
import { linkSignals } from "../../../core/abort.js";
import type { Logger } from "../../../core/logger.js";
import { type AskPerson, relayElicitation } from "./elicit.js";
import { describeMcpError } from "./errors.js";
import type { McpCallResult } from "./result.js";
import type { SecretSources } from "./secrets.js";
import type { McpToolInfo } from "./tools.js";
import { negotiationFor, type OpenedTransport, openTransport } from "./transport.js";

/** Answers a server's requests for input itself (a test driver); absent = they go to the person. */
export type ElicitationResponder = (
  server: string,
  request: ElicitRequestParams,
  signal: AbortSignal,
) => Promise<ElicitResult>;

export interface ConnectionSpec {
  server: string;
  config: McpServerConfig;
  sources: SecretSources;
  home: string;
  logger: Logger;
  clientVersion: string;
  authProvider?: OAuthClientProvider | undefined;
  elicit?: ElicitationResponder | undefined;
  fetch?: typeof fetch | undefined;
  /** The server's tool list changed (`notifications/tools/list_changed`). */
  onToolsChanged(): void;
  /** The connection ended without Jarvis closing it (the process exited, the stream failed). */
  onLost(reason: string): void;
}

/**
 * One live MCP session with one server (SDK v2 `Client`). Jarvis' timeouts and AbortSignals
 * reach the server: an aborted call sends `notifications/cancelled`.
 */
export class McpConnection {
  private closing = false;
  private lastError: string | undefined;
  private onGarbage: (() => void) | undefined;
  /** Who to ask for each call in progress, newest last: a server's question goes to its caller. */
  private readonly askers: AskPerson[] = [];

  private constructor(
    readonly client: Client,
    private readonly opened: OpenedTransport,
    private readonly spec: ConnectionSpec,
  ) {}

  static async open(spec: ConnectionSpec, signal?: AbortSignal): Promise<McpConnection> {
    const opened = await openTransport({
      server: spec.server,
      config: spec.config,
      sources: spec.sources,
      home: spec.home,
      authProvider: spec.authProvider,
      fetch: spec.fetch,
    });
    const client = new Client(
      { name: "jarvis", version: spec.clientVersion },
      {
        // Form elicitation only: a URL to open is never relayed.
        capabilities: { elicitation: { form: spec.elicit ? { applyDefaults: true } : {} } },
        versionNegotiation: negotiationFor(spec.config),
        listMaxPages: 16,
      },
    );
    const connection = new McpConnection(client, opened, spec);
    const elicit = spec.elicit;
    client.setRequestHandler("elicitation/create", (request, ctx) =>
      elicit
        ? elicit(spec.server, request.params, ctx.mcpReq.signal)
        : relayElicitation(spec.server, request.params, connection.askers.at(-1)),
    );
    client.setNotificationHandler("notifications/tools/list_changed", () => spec.onToolsChanged());
    client.onerror = (error) => connection.noteError(error);
    client.onclose = () => connection.lost();
    // Something that is not MCP on the wire during the handshake: stop now, not at the timeout.
    const garbage = new AbortController();
    connection.onGarbage = () => garbage.abort(new Error("not MCP"));
    const linked = linkSignals([signal, garbage.signal]);
    try {
      await client.connect(opened.transport, {
        timeout: spec.config.connect_timeout_s * 1000,
        signal: linked.signal,
      });
    } catch (error) {
      connection.closing = true;
      await client.close().catch(() => undefined);
      const context = { stderr: opened.stderrTail(), target: opened.target, lastError: connection.lastError };
      throw describeMcpError(spec.server, garbage.signal.aborted ? notMcp() : error, context);
    } finally {
      linked.dispose();
      connection.onGarbage = undefined;
    }
    return connection;
  }

  get kind(): "stdio" | "http" {
    return this.opened.kind;
  }

  get protocolVersion(): string | undefined {
    return this.client.getNegotiatedProtocolVersion();
  }

  get serverInfo(): { name: string; version: string } | undefined {
    const info = this.client.getServerVersion();
    return info
      ? { name: String(info.name).slice(0, 100), version: String(info.version).slice(0, 50) }
      : undefined;
  }

  async listTools(signal?: AbortSignal): Promise<McpToolInfo[]> {
    return this.request(async () => {
      const result = await this.client.listTools(undefined, {
        ...this.options(signal),
        cacheMode: "refresh",
      });
      return result.tools as McpToolInfo[];
    });
  }

  async callTool(
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    ask?: AskPerson,
  ): Promise<McpCallResult> {
    if (ask) this.askers.push(ask);
    try {
      return await this.request(
        async () =>
          (await this.client.callTool(
            { name, arguments: args },
            // The gate's timeout fires first; the SDK's is a backstop.
            { signal, timeout: (this.spec.config.timeout_s + 5) * 1000 },
          )) as McpCallResult,
      );
    } finally {
      if (ask) this.askers.splice(this.askers.lastIndexOf(ask), 1);
    }
  }

  async listResources(signal?: AbortSignal): Promise<Resource[]> {
    if (!this.client.getServerCapabilities()?.resources) return [];
    return this.request(
      async () => (await this.client.listResources(undefined, this.options(signal))).resources,
    );
  }

  async readResource(uri: string, signal?: AbortSignal): Promise<ReadResourceResult> {
    return this.request(() => this.client.readResource({ uri }, this.options(signal)));
  }

  async listPrompts(signal?: AbortSignal): Promise<Prompt[]> {
    if (!this.client.getServerCapabilities()?.prompts) return [];
    return this.request(async () => (await this.client.listPrompts(undefined, this.options(signal))).prompts);
  }

  async getPrompt(
    name: string,
    args: Record<string, string>,
    signal?: AbortSignal,
  ): Promise<GetPromptResult> {
    return this.request(() => this.client.getPrompt({ name, arguments: args }, this.options(signal)));
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.client.close().catch(() => undefined);
  }

  private options(signal: AbortSignal | undefined) {
    return { timeout: this.spec.config.timeout_s * 1000, ...(signal ? { signal } : {}) };
  }

  private async request<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw describeMcpError(this.spec.server, error, {
        stderr: this.opened.stderrTail(),
        target: this.opened.target,
        lastError: this.lastError,
      });
    }
  }

  private noteError(error: Error): void {
    // A line of JSON that is not JSON-RPC fails the SDK's schema (a long zod report): say what it was.
    const schemaFailure =
      error.name === "ZodError" || error.name === "$ZodError" || /invalid_union|"code":/.test(error.message);
    this.lastError = schemaFailure
      ? "a line on stdout that is not an MCP message"
      : error.message.slice(0, 300);
    if (schemaFailure) this.onGarbage?.();
    this.spec.logger.debug({ server: this.spec.server, err: error.message }, "mcp transport error");
  }

  private lost(): void {
    if (this.closing) return;
    this.closing = true;
    const said = this.opened.stderrTail();
    this.spec.onLost(
      [this.lastError, said ? `it said: ${said}` : undefined].filter(Boolean).join("; ") ||
        "the connection closed",
    );
  }
}

/** Stands for "the server wrote something that is not MCP" until it is described. */
function notMcp(): SdkError {
  return new SdkError(SdkErrorCode.RequestTimeout, "not MCP");
}
