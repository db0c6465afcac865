import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** One tool call a fake model makes; `arguments` as a string is sent verbatim (may be broken JSON). */
export interface FakeToolCall {
  name: string;
  arguments: string | Record<string, unknown>;
  id?: string;
}

/**
 * What a fake model server answers to one request:
 * - a reply: streamed text and/or tool calls (argument deltas split into `chunkSize` pieces);
 * - an HTTP error (429 with `retry-after`, 500, ...);
 * - `malformed`: a stream whose event is not valid JSON;
 * - `drop`: the connection is destroyed (before the headers, or after part of the stream).
 */
export type FakeReply =
  | {
      kind?: "reply";
      text?: string;
      /** Reasoning streamed before the text, where the protocol has a field for it. */
      reasoning?: string;
      /** Ollama: end the stream with this `{"error": …}` line after the text. */
      streamError?: string;
      toolCalls?: FakeToolCall[];
      usage?: { input: number; output: number };
      /** Characters per streamed delta (text and tool arguments). Default 8. */
      chunkSize?: number;
      /** Pause before each streamed chunk, in ms. */
      delayMs?: number;
      /** Keep the stream open after the first chunk until the client goes away. */
      hang?: boolean;
    }
  | { kind: "error"; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: "malformed" }
  | { kind: "drop"; after?: "headers" | "partial" };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown>;
  receivedAt: number;
}

export type FakeResponder = (request: RecordedRequest, index: number) => FakeReply | undefined;

/**
 * Replies consumed in order (an entry may be a function deciding from the request), or one
 * function answering every request.
 */
export type FakeScript = Array<FakeReply | FakeResponder> | FakeResponder;

/** A fake's context for writing one streamed reply. */
export interface StreamWriter {
  res: ServerResponse;
  /** Waits `delayMs`; false when the client has gone. */
  pause(): Promise<boolean>;
  closed(): boolean;
}

/**
 * Shared core of the fake model servers: a real node:http server on 127.0.0.1 (random port),
 * request recording, scripted replies, and leftover detection. Protocol subclasses write the
 * bytes of each reply.
 */
export abstract class FakeLlmServer {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: Array<FakeReply | FakeResponder> = [];
  private readonly responder: FakeResponder | undefined;
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  private port = 0;

  constructor(script: FakeScript = []) {
    if (typeof script === "function") this.responder = script;
    else this.queue.push(...script);
  }

  /** Base URL a provider is configured with (protocol-specific path prefix included). */
  abstract get url(): string;
  protected abstract matches(method: string, path: string): boolean;
  protected abstract writeReply(
    request: RecordedRequest,
    reply: FakeReply,
    writer: StreamWriter,
  ): Promise<void>;
  protected abstract errorBody(status: number, message: string): unknown;
  /** The error this server answers a well-formed request with (a quirk of the real server). */
  protected refusal(_body: Record<string, unknown>): { status: number; body: unknown } | undefined {
    return undefined;
  }

  /** Other read-only routes (model lists) as JSON; undefined = 404. */
  protected extraRoute(_method: string, _path: string): unknown {
    return undefined;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Appends replies to the script. */
  push(...replies: Array<FakeReply | FakeResponder>): void {
    this.queue.push(...replies);
  }

  get remaining(): number {
    return this.queue.length;
  }

  /** Fails the test when scripted replies were never asked for. */
  assertDone(): void {
    if (this.queue.length > 0) {
      throw new Error(`${this.constructor.name}: ${this.queue.length} scripted replies were never requested`);
    }
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.handle(req, res));
    server.on("connection", (socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (!this.matches(req.method ?? "GET", path)) {
      const extra = this.extraRoute(req.method ?? "GET", path);
      if (extra !== undefined) this.sendJson(res, 200, extra);
      else this.sendJson(res, 404, this.errorBody(404, `no route ${req.method} ${path}`));
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
    } catch {
      this.sendJson(res, 400, this.errorBody(400, "request body is not JSON"));
      return;
    }
    const request: RecordedRequest = {
      method: req.method ?? "POST",
      path,
      headers: req.headers,
      body,
      receivedAt: Date.now(),
    };
    const index = this.requests.length;
    this.requests.push(request);
    const refused = this.refusal(body);
    if (refused) {
      this.sendJson(res, refused.status, refused.body);
      return;
    }
    const next = this.responder ?? this.queue.shift();
    const reply = typeof next === "function" ? next(request, index) : next;
    if (!reply) {
      this.sendJson(res, 500, this.errorBody(500, `${this.constructor.name}: no scripted reply left`));
      return;
    }
    if (reply.kind === "error") {
      this.sendJson(
        res,
        reply.status,
        reply.body ?? this.errorBody(reply.status, `scripted ${reply.status}`),
        reply.headers,
      );
      return;
    }
    if (reply.kind === "drop" && reply.after !== "partial") {
      req.socket.destroy();
      return;
    }
    let gone = false;
    res.on("close", () => {
      gone = true;
    });
    const delayMs = reply.kind === undefined || reply.kind === "reply" ? (reply.delayMs ?? 0) : 0;
    const writer: StreamWriter = {
      res,
      closed: () => gone,
      pause: async () => {
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        return !gone;
      },
    };
    try {
      await this.writeReply(request, reply, writer);
    } catch {
      res.destroy();
    }
  }

  protected sendJson(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  }

  /** Resolves when the client disconnects (for `hang` replies). */
  protected waitForClose(writer: StreamWriter): Promise<void> {
    return new Promise((resolve) => {
      if (writer.closed()) resolve();
      else writer.res.on("close", () => resolve());
    });
  }
}

/** Splits text into deltas of at most `size` characters (at least one, possibly empty). */
export function splitChunks(text: string, size = 8): string[] {
  if (text.length === 0) return [];
  const out: string[] = [];
  for (let i = 0; i < text.length; i += Math.max(1, size)) out.push(text.slice(i, i + Math.max(1, size)));
  return out;
}

export function argumentsText(call: FakeToolCall): string {
  return typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
}

/** Convenience builders for scripts. */
export const reply = {
  text: (text: string, extra: Omit<Extract<FakeReply, { kind?: "reply" }>, "text"> = {}): FakeReply => ({
    text,
    ...extra,
  }),
  tools: (...toolCalls: FakeToolCall[]): FakeReply => ({ toolCalls }),
  call: (name: string, args: Record<string, unknown> | string = {}, id?: string): FakeReply => ({
    toolCalls: [{ name, arguments: args, ...(id ? { id } : {}) }],
  }),
  error: (status: number, headers?: Record<string, string>): FakeReply => ({
    kind: "error",
    status,
    ...(headers ? { headers } : {}),
  }),
  malformed: (): FakeReply => ({ kind: "malformed" }),
  drop: (after: "headers" | "partial" = "headers"): FakeReply => ({ kind: "drop", after }),
};
