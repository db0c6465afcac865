import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { createMcpHandler } from "@modelcontextprotocol/server";
import { JarvisError } from "../../../core/errors.js";
import type { Logger } from "../../../core/logger.js";
import type { JarvisMcpService } from "./expose.js";

/** Refuses a request before MCP sees it (Host, Origin, token); undefined lets it through. */
export type RequestGuard = (request: IncomingMessage) => { status: number; message: string } | undefined;

export interface HttpServeOptions {
  service: JarvisMcpService;
  port: number;
  guard: RequestGuard;
  logger: Logger;
}

export interface ServingHttp {
  /** The endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  close(): Promise<void>;
}

const PATH = "/mcp";
const HOST = "127.0.0.1";

/**
 * `jarvis mcp serve --http`: Streamable HTTP on loopback only. The guard runs first on every
 * request (the web server's Host/Origin checks and its bearer token); both protocol eras are
 * served from one handler, a request at a time.
 */
export async function serveHttp(options: HttpServeOptions): Promise<ServingHttp> {
  const handler = createMcpHandler(options.service.factory, {
    onerror: (error) => options.logger.debug({ err: error.message }, "mcp http"),
  });
  const server = createServer((req, res) => {
    void respond(req, res).catch((error: unknown) => {
      options.logger.warn({ err: (error as Error).message }, "mcp http request failed");
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end();
    });
  });

  async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refused = options.guard(req);
    if (refused) {
      res.writeHead(refused.status, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ jsonrpc: "2.0", error: { code: -32600, message: refused.message }, id: null }),
      );
      return;
    }
    const url = new URL(req.url ?? "/", `http://${HOST}`);
    if (url.pathname !== PATH) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          jsonrpc: "2.0",
          error: { code: -32601, message: `the endpoint is ${PATH}` },
          id: null,
        }),
      );
      return;
    }
    const aborted = new AbortController();
    res.on("close", () => aborted.abort());
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(key, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(key, item);
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD" && req.method !== "DELETE";
    const request = new Request(url, {
      method: req.method ?? "GET",
      headers,
      signal: aborted.signal,
      ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: "half" } : {}),
    } as RequestInit);
    const response = await handler.fetch(request);
    const outHeaders: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      outHeaders[key] = value;
    });
    res.writeHead(response.status, outHeaders);
    if (response.body) {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) res.write(chunk);
    }
    res.end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new JarvisError("UNAVAILABLE", `port ${options.port} on ${HOST} is already in use`, {
              fix: "pass --port with a free port, or set mcp.serve.port",
            })
          : error,
      ),
    );
    server.listen(options.port, HOST, resolve);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    url: `http://${HOST}:${port}${PATH}`,
    async close() {
      options.service.close();
      await handler.close().catch(() => undefined);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
