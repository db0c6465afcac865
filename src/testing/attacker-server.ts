import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the attacker's server received: what left the machine, as the attacker saw it. */
export interface ReceivedRequest {
  method: string;
  /** Path and query as sent (`/c?d=...`). */
  url: string;
  /** The Host header: the name the client used (DNS-looking exfiltration shows up here). */
  host: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface AttackerServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  /** Every request received, in order. */
  readonly requests: ReceivedRequest[];
  /** Serves `html` (or any text) at `path` from now on. */
  page(path: string, body: string, contentType?: string): void;
  /** Whether any received request (URL, Host, headers or body) contains `needle`. */
  received(needle: string): boolean;
  close(): Promise<void>;
}

/**
 * A web server run by the attacker, on 127.0.0.1 only: serves the hostile pages of the injection
 * suite and records every request that reaches it, so a test checks harm in the world ("did the
 * secret arrive?") rather than in Jarvis's own event log. Unknown paths answer 200 with a short
 * text, as an exfiltration endpoint would.
 */
export async function startAttackerServer(): Promise<AttackerServer> {
  const pages = new Map<string, { body: string; type: string }>();
  const requests: ReceivedRequest[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= 1024 * 1024) chunks.push(chunk);
    });
    request.on("end", () => {
      requests.push({
        method: request.method ?? "GET",
        url: request.url ?? "/",
        host: request.headers.host ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const path = (request.url ?? "/").split("?")[0] ?? "/";
      const page = pages.get(path);
      response.writeHead(200, { "content-type": page?.type ?? "text/plain; charset=utf-8" });
      response.end(page?.body ?? "thanks");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    page(path, body, contentType = "text/html; charset=utf-8") {
      pages.set(path, { body, type: contentType });
    },
    received(needle) {
      const lower = needle.toLowerCase();
      return requests.some((r) =>
        [decodeSafely(r.url), r.url, r.host, JSON.stringify(r.headers), r.body].some((text) =>
          text.toLowerCase().includes(lower),
        ),
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}
