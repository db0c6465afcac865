import { connect, createServer, type Server, type Socket } from "node:net";
import type { Blocked, NetAllow } from "./types.js";

const MAX_HEAD = 16 * 1024;

/** `host:port` as it appears in an allowlist (IPv6 in brackets), lower-cased. */
export function targetKey(host: string, port: number): string {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare.includes(":") ? `[${bare}]:${port}` : `${bare}:${port}`;
}

/** Parses `HOST:PORT` (IPv6 as `[::1]:80`); undefined when it is not one. */
export function parseTarget(text: string): NetAllow | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(text.trim());
  if (!match) return undefined;
  const port = Number(match[2]);
  if (port < 1 || port > 65_535) return undefined;
  return { host: (match[1] ?? "").replace(/^\[|\]$/g, "").toLowerCase(), port };
}

/**
 * The only way out of a sandbox with a network allowlist: an HTTP proxy on a Unix socket that
 * is bound into the sandbox (whose own network namespace has nothing but loopback). It speaks
 * CONNECT and absolute-form requests, connects only to the exact `host:port` pairs allowed
 * (names are resolved here, never inside), and records every refusal.
 */
export class NetProxy {
  readonly blocked: Blocked[] = [];
  private readonly allowed: Set<string>;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly socketPath: string,
    allow: readonly NetAllow[],
  ) {
    this.allowed = new Set(allow.map((entry) => targetKey(entry.host, entry.port)));
  }

  static async start(socketPath: string, allow: readonly NetAllow[]): Promise<NetProxy> {
    let proxy: NetProxy | undefined;
    const server = createServer((socket) => proxy?.accept(socket));
    proxy = new NetProxy(server, socketPath, allow);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => resolve());
    });
    return proxy;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    this.track(client);
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\r\n\r\n");
      if (end < 0) {
        if (head.length > MAX_HEAD) client.destroy();
        return;
      }
      client.off("data", onData);
      client.pause();
      this.route(client, head.subarray(0, end + 4), head.subarray(end + 4));
    };
    client.on("data", onData);
    client.on("error", () => client.destroy());
  }

  private route(client: Socket, head: Buffer, rest: Buffer): void {
    const requestLine = head.toString("latin1").split("\r\n")[0] ?? "";
    const [method = "", target = ""] = requestLine.split(" ");
    let destination: NetAllow | undefined;
    let forward: Buffer | undefined;
    if (method === "CONNECT") {
      destination = parseTarget(target);
    } else {
      try {
        const url = new URL(target);
        if (url.protocol === "http:") {
          destination = { host: url.hostname.replace(/^\[|\]$/g, ""), port: Number(url.port || 80) };
          const originForm = `${method} ${url.pathname}${url.search}`;
          forward = Buffer.concat([
            Buffer.from(
              head.toString("latin1").replace(requestLine.split(" HTTP/")[0] ?? "", originForm),
              "latin1",
            ),
            rest,
          ]);
        }
      } catch {
        destination = undefined;
      }
    }
    if (!destination) {
      this.refuse(client, 400, `the request "${requestLine.slice(0, 80)}" names no host and port`);
      return;
    }
    const key = targetKey(destination.host, destination.port);
    if (!this.allowed.has(key)) {
      this.blocked.push({ rule: "network", detail: `${key} is not on the allowlist` });
      this.refuse(client, 403, `${key} is not on the allowlist`);
      return;
    }
    const upstream = connect({ host: destination.host, port: destination.port });
    this.track(upstream);
    upstream.once("connect", () => {
      if (forward) upstream.write(forward);
      else {
        client.write("HTTP/1.1 200 Connection established\r\n\r\n");
        if (rest.length > 0) upstream.write(rest);
      }
      client.pipe(upstream).pipe(client);
      client.resume();
    });
    upstream.once("error", (error) => {
      this.refuse(
        client,
        502,
        `${key} could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message})`,
      );
    });
  }

  private refuse(client: Socket, status: number, message: string): void {
    const reason = status === 403 ? "Forbidden" : status === 400 ? "Bad Request" : "Bad Gateway";
    const body = `Jarvis sandbox: ${message}\n`;
    client.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: text/plain\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
  }
}
