import type {
  FetchLike,
  OAuthClientProvider,
  Transport,
  VersionNegotiationOptions,
} from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { DEFAULT_INHERITED_ENV_VARS, StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { isStdioServer, type McpServerConfig } from "../../../config/mcp.js";
import { expandPath } from "../../../config/paths.js";
import { JarvisError } from "../../../core/errors.js";
import { resolveValues, type SecretSources } from "./secrets.js";

/**
 * Everything that knows how bytes reach a server lives here: stdio or Streamable HTTP, the
 * protocol era, size caps. When the SDK's stateless 2026-07-28 form becomes the default, this is
 * the one file that changes (docs/decisions/0019-mcp-protocol-era.md).
 */
export interface OpenedTransport {
  transport: Transport;
  kind: "stdio" | "http";
  /** What the user configured, for messages: the command line or the URL. */
  target: string;
  /** The server's last words on stderr (stdio), for error messages; never parsed. */
  stderrTail(): string;
}

export interface TransportOptions {
  server: string;
  config: McpServerConfig;
  sources: SecretSources;
  /** The user's home, for `~` in a stdio server's cwd. */
  home: string;
  authProvider?: OAuthClientProvider | undefined;
  fetch?: FetchLike | undefined;
}

export async function openTransport(options: TransportOptions): Promise<OpenedTransport> {
  const { server, config } = options;
  const limit = config.max_output_kb * 1024;
  if (isStdioServer(config)) {
    // The server sees PATH, HOME and the like from Jarvis' environment, plus what config gives it.
    const inherited = Object.fromEntries(
      DEFAULT_INHERITED_ENV_VARS.flatMap((key) => {
        const value = options.sources.env[key];
        return value === undefined || value.startsWith("()") ? [] : [[key, value]];
      }),
    );
    const env = {
      ...inherited,
      ...(await resolveValues(config.env, `mcp.servers.${server}.env`, options.sources)),
    };
    const transport = new StdioClientTransport({
      command: config.command,
      args: config.args,
      env,
      ...(config.cwd ? { cwd: expandPath(config.cwd, options.home) } : {}),
      stderr: "pipe",
      maxBufferSize: limit,
    });
    const tail = new Tail();
    transport.stderr?.on("data", (chunk: Buffer | string) => tail.push(String(chunk)));
    return {
      transport,
      kind: "stdio",
      target: [config.command, ...config.args].join(" "),
      stderrTail: () => tail.text(),
    };
  }
  const headers = await resolveValues(config.headers, `mcp.servers.${server}.headers`, options.sources);
  const transport = new StreamableHTTPClientTransport(new URL(config.url), {
    requestInit: { headers },
    fetch: cappedFetch(limit, options.fetch ?? fetch),
    ...(options.authProvider ? { authProvider: options.authProvider } : {}),
  });
  return { transport, kind: "http", target: config.url, stderrTail: () => "" };
}

/**
 * Which handshake to run. Default: `auto` over HTTP (one `server/discover` round trip finds a
 * 2026-07-28 server, a 2025 server falls back to `initialize`); `legacy` over stdio, where the
 * SDK's probe costs a second spawn of the server on every connect.
 */
export function negotiationFor(config: McpServerConfig): VersionNegotiationOptions {
  const protocol = config.protocol ?? (isStdioServer(config) ? "legacy" : "auto");
  if (protocol === "auto" || protocol === "legacy") return { mode: protocol };
  return { mode: { pin: protocol } };
}

/**
 * Fails a response whose body (or, for an SSE stream, one event) passes `limit` bytes: a server
 * cannot flood Jarvis' memory through one answer.
 */
export function cappedFetch(limit: number, base: FetchLike): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (!response.body) return response;
    const streaming = (response.headers.get("content-type") ?? "").includes("text/event-stream");
    let count = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          count += chunk.byteLength;
          if (streaming) {
            const boundary = lastEventBoundary(chunk);
            if (boundary >= 0) count = chunk.byteLength - boundary;
          }
          if (count > limit) {
            controller.error(
              new JarvisError(
                "LIMIT_REACHED",
                `answered more than its ${Math.round(limit / 1024)} KB output cap`,
              ),
            );
          } else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** Index just after the last blank line (`\n\n`) in the chunk, or -1. */
function lastEventBoundary(chunk: Uint8Array): number {
  for (let i = chunk.byteLength - 1; i > 0; i--) {
    if (chunk[i] === 10 && (chunk[i - 1] === 10 || (chunk[i - 1] === 13 && chunk[i - 2] === 10)))
      return i + 1;
  }
  return -1;
}

/** The last few KB a process wrote to stderr. */
class Tail {
  private buffer = "";
  push(text: string): void {
    this.buffer = (this.buffer + text).slice(-4096);
  }
  text(): string {
    const lines = this.buffer
      .replace(/\u001b\[[0-9;]*[A-Za-z]/g, "")
      .split("\n")
      .map((l) => l.trim());
    return lines.filter(Boolean).slice(-3).join(" / ").slice(0, 300);
  }
}
