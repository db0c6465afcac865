import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import net, { type Socket } from "node:net";
import type { Logger } from "../../core/logger.js";
import { checkDestination, type GuardOptions } from "../web/guard.js";

// Not `import`: an ES import of node:http(s) reads its lazy WebSocket/MessageEvent exports, which
// loads undici (~3 MB of heap) into every process that loads the tool catalog; require() does not.
const require = createRequire(import.meta.url);
const http = require("node:http") as typeof import("node:http");

export interface BlockedRequest {
  host: string;
  port: number;
  reason: string;
  at: number;
}

const HOP_BY_HOP = new Set([
  "connection",
  "proxy-connection",
  "keep-alive",
  "proxy-authorization",
  "proxy-authenticate",
  "upgrade",
]);

/**
 * A forward proxy on 127.0.0.1 that every request of the Jarvis browser goes through
 * (`--proxy-server`, loopback included). Each connection's host is resolved once, checked by
 * the same SSRF guard as web_fetch, and the connection is made to that checked address, so
 * redirects, subresources, fetch() and DNS rebinding cannot reach private addresses.
 * HTTPS is tunnelled (CONNECT), never decrypted.
 */
export class GuardProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly blocked: BlockedRequest[] = [];
  /** Upstream connections are kept alive per checked address:port (saves a TCP setup per request). */
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

  constructor(
    private readonly guard: GuardOptions,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<number> {
    const server = http.createServer((req, res) => void this.forward(req, res));
    server.on(
      "connect",
      (req: IncomingMessage, socket: Socket, head: Buffer) => void this.tunnel(req, socket, head),
    );
    server.on("connection", (socket: Socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    this.server = server;
    return (server.address() as net.AddressInfo).port;
  }

  /** Requests refused since `since` (newest last), so a tool can say why a page did not load. */
  blockedSince(since: number): BlockedRequest[] {
    return this.blocked.filter((entry) => entry.at >= since);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.agent.destroy();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private record(host: string, port: number, reason: string): void {
    this.blocked.push({ host, port, reason, at: this.now() });
    if (this.blocked.length > 50) this.blocked.shift();
    this.logger.info({ host, port, reason }, "browser request blocked");
  }

  private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? "");
      if (url.protocol !== "http:") throw new Error("not http");
    } catch {
      res
        .writeHead(400, { "content-type": "text/plain" })
        .end("Jarvis browser proxy: absolute http URLs only");
      return;
    }
    const port = url.port ? Number(url.port) : 80;
    let address: string;
    try {
      address = (await checkDestination(url.hostname, port, this.guard)).address;
    } catch (error) {
      const reason = (error as Error).message;
      this.record(url.hostname, port, reason);
      res
        .writeHead(403, {
          "content-type": "text/html; charset=utf-8",
          "x-jarvis-blocked": encodeURIComponent(reason),
        })
        .end(
          `<!doctype html><title>Blocked by Jarvis</title><h1>Blocked by Jarvis</h1><p>${escapeHtml(reason)}</p>`,
        );
      return;
    }
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    }
    const upstream = http.request(
      {
        host: address,
        port,
        method: req.method,
        path: `${url.pathname}${url.search}`,
        headers,
        setHost: false,
        agent: this.agent,
      },
      (response) => {
        const out: OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
        }
        res.writeHead(response.statusCode ?? 502, response.statusMessage, out);
        response.pipe(res);
      },
    );
    upstream.on("error", (error) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" }).end(error.message);
      else res.destroy();
    });
    // The browser gave up (navigated away, tab closed): stop the upstream request too.
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.on("error", () => upstream.destroy());
    req.pipe(upstream);
  }

  private async tunnel(req: IncomingMessage, client: Socket, head: Buffer): Promise<void> {
    client.on("error", () => client.destroy());
    const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(req.url ?? "");
    if (!match) {
      client.end("HTTP/1.1 400 Bad Request\r\n\r\n");
      return;
    }
    const host = match[1]!;
    const port = Number(match[2]);
    let address: string;
    try {
      address = (await checkDestination(host, port, this.guard)).address;
    } catch (error) {
      const reason = (error as Error).message;
      this.record(host, port, reason);
      client.end(`HTTP/1.1 403 Forbidden\r\nX-Jarvis-Blocked: ${encodeURIComponent(reason)}\r\n\r\n`);
      return;
    }
    const upstream = net.connect({ host: address, port });
    this.sockets.add(upstream);
    upstream.on("close", () => this.sockets.delete(upstream));
    let connected = false;
    upstream.once("connect", () => {
      connected = true;
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => {
      if (connected) client.destroy();
      else if (!client.destroyed) client.end("HTTP/1.1 502 Bad Gateway\r\n\r\n");
    });
    client.on("close", () => upstream.destroy());
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);
}
