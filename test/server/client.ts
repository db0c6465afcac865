import { request } from "node:http";
import WebSocket from "ws";
import type { JarvisEvent } from "../../src/core/events.js";
import { TOKEN } from "./harness.js";

/** A raw HTTP request (any Host header, any body), answered with status, headers and text. */
export function rawRequest(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { hostname, port, method: options.method ?? "GET", path: options.path, headers: options.headers ?? {} },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** Reads an SSE response into events until the stream ends (or `until` says stop). */
export async function readSse(
  response: Response,
  onEvent?: (event: JarvisEvent) => void | Promise<void>,
): Promise<{ turn?: { runId: string; sessionId: string }; events: JarvisEvent[] }> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  const events: JarvisEvent[] = [];
  let turn: { runId: string; sessionId: string } | undefined;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let cut = buffer.indexOf("\n\n");
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      cut = buffer.indexOf("\n\n");
      const type = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!type || !data) continue;
      if (type === "turn") turn = JSON.parse(data);
      else if (type === "result")
        continue; // the run's outcome, after its last event
      else {
        const event = JSON.parse(data) as JarvisEvent;
        events.push(event);
        await onEvent?.(event);
      }
    }
  }
  return { turn, events };
}

/** A WebSocket client as the UI opens it (token as a subprotocol); collects every message. */
export class WsClient {
  readonly messages: Array<Record<string, unknown>> = [];
  private waiters: Array<{
    test: (m: Record<string, unknown>) => boolean;
    resolve: (m: Record<string, unknown>) => void;
  }> = [];
  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      this.messages.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.test(message)) return true;
        w.resolve(message);
        return false;
      });
    });
  }

  static open(url: string, options: { token?: string; origin?: string } = {}): Promise<WsClient> {
    const socket = new WebSocket(
      `${url.replace(/^http/, "ws")}/ws`,
      ["jarvis", `token.${options.token ?? TOKEN}`],
      {
        headers: options.origin ? { origin: options.origin } : {},
      },
    );
    const client = new WsClient(socket);
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(client));
      socket.once("unexpected-response", (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
      socket.once("error", reject);
    });
  }

  /** Resolves with the first message (already received or future) that passes `test`. */
  next(test: (m: Record<string, unknown>) => boolean, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    const seen = this.messages.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no matching WebSocket message")), timeoutMs);
      this.waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  event(type: string, extra: (e: JarvisEvent) => boolean = () => true): Promise<JarvisEvent> {
    return this.next(
      (m) => m.type === "event" && (m.event as JarvisEvent).type === type && extra(m.event as JarvisEvent),
    ).then((m) => m.event as JarvisEvent);
  }

  send(message: Record<string, unknown>): void {
    this.socket.send(JSON.stringify(message));
  }

  close(): void {
    this.socket.close();
  }
}
