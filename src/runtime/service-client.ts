import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, request } from "node:http";
import { join } from "node:path";
import { processAlive, readServerFile } from "../config/discovery.js";
import { resolveHome } from "../config/paths.js";
import { ERROR_CODES, type ErrorCode, JarvisError } from "../core/errors.js";

// Not `import … from "node:http"`: an ES import of a built-in copies every export, and
// node:http's lazy WebSocket/EventSource getters then load undici with TLS and zlib (~30 ms of an
// attached `jarvis ask`, measured with --cpu-prof). Also works in the CJS bundle (dist/cli/attach.cjs).
// Loaded on the first request, not with this module: with no service running, `jarvis ask`
// only reads server.json here and never needs it (~5 ms of a cold ask, docs/decisions/0040).
const httpRequest = ((...args: Parameters<typeof request>) =>
  process.getBuiltinModule("node:http").request(...args)) as typeof request;

/**
 * Talking to the running service from another process (the CLI attached, doctor): its address
 * from `JARVIS_HOME/server.json`, the token from `JARVIS_HOME/token`, node:http only.
 */
export interface ServiceTarget {
  url: string;
  token: string;
}

/**
 * The running service for this home, or undefined (then the CLI works in-process): its address
 * from `server.json` while its process lives, or the one given (`jarvis chat --attach --url`).
 * `JARVIS_NO_ATTACH=1` turns finding it off; no token, no service.
 */
export function findService(env: NodeJS.ProcessEnv, url?: string): ServiceTarget | undefined {
  if (url === undefined && env.JARVIS_NO_ATTACH === "1") return undefined;
  const home = resolveHome(env);
  const tokenPath = join(home, "token");
  let address = url?.replace(/\/+$/, "");
  if (address !== undefined && !/^https?:\/\/[^/\s]+$/.test(address)) {
    throw new JarvisError("USAGE", `--url "${address.slice(0, 80)}" is not a server address`, {
      fix: "e.g. --url http://127.0.0.1:7777",
    });
  }
  if (address === undefined) {
    const info = readServerFile(home);
    if (!info || !processAlive(info.pid)) return undefined;
    address = info.url;
  }
  if (!existsSync(tokenPath)) return undefined;
  return { url: address, token: readFileSync(tokenPath, "utf8").trim() };
}

/** One JSON request to the service; rejects with `{status}` on an HTTP error. */
export function callService<T>(
  target: ServiceTarget,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      `${target.url}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${target.token}`,
          ...(payload
            ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8").on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => {
          if ((res.statusCode ?? 500) >= 400) return reject(serviceError(res.statusCode, text));
          try {
            resolve((text ? JSON.parse(text) : {}) as T);
          } catch {
            resolve({} as T);
          }
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/**
 * Starts a run in the service (`POST /api/turns`, `/api/calls`, `/api/runs/:id/resume`) and
 * resolves with its event stream (SSE); rejects with the service's error when it refuses.
 */
export function openRunStream(
  target: ServiceTarget,
  path: string,
  body: Record<string, unknown>,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = httpRequest(`${target.url}${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${target.token}`,
        accept: "text/event-stream",
        "content-type": "application/json",
        "content-length": Buffer.byteLength(payload),
      },
    });
    req.on("response", (res) => {
      if ((res.statusCode ?? 500) < 400) return resolve(res);
      let text = "";
      res.setEncoding("utf8").on("data", (chunk: string) => {
        text += chunk;
      });
      res.on("end", () => reject(serviceError(res.statusCode, text)));
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** The service's `{error: {code, message, fix}}` as a JarvisError (its code when it is one of ours). */
function serviceError(status: number | undefined, text: string): JarvisError {
  let json: { error?: { code?: string; message?: string; fix?: string } } = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = {};
  }
  const error = json.error ?? {};
  const code = error.code && error.code in ERROR_CODES ? (error.code as ErrorCode) : "UNAVAILABLE";
  const message = error.message ?? `the service answered ${status}`;
  return new JarvisError(
    code,
    message,
    error.fix ? { fix: error.fix, details: { status } } : { details: { status } },
  );
}

/** The frames of a server-sent event stream: each `event:` name with its `data:` line. */
export async function* sseFrames(response: IncomingMessage): AsyncGenerator<{ type: string; data: string }> {
  let buffer = "";
  for await (const chunk of response.setEncoding("utf8")) {
    buffer += chunk as string;
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const type = /^event: (.*)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (type && data) yield { type, data };
    }
  }
}
