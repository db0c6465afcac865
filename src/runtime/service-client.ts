import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { join } from "node:path";
import { processAlive, readServerFile } from "../config/discovery.js";
import { resolveHome } from "../config/paths.js";
import { ERROR_CODES, type ErrorCode, JarvisError } from "../core/errors.js";

// Not `import … from "node:http"`: an ES import of a built-in copies every export, and
// node:http's lazy WebSocket/EventSource getters then load undici with TLS and zlib (~30 ms of an
// attached `jarvis ask`, measured with --cpu-prof). Also works in the CJS bundle (dist/cli/attach.cjs).
const { request: httpRequest } = process.getBuiltinModule("node:http");

/**
 * Talking to the running service from another process (the CLI attached, doctor): its address
 * from `JARVIS_HOME/server.json`, the token from `JARVIS_HOME/token`, node:http only.
 */
export interface ServiceTarget {
  url: string;
  token: string;
}

/** The running service for this home, or undefined (then the CLI works in-process). */
export function findService(env: NodeJS.ProcessEnv): ServiceTarget | undefined {
  if (env.JARVIS_NO_ATTACH === "1") return undefined;
  const home = resolveHome(env);
  const info = readServerFile(home);
  const tokenPath = join(home, "token");
  if (!info || !processAlive(info.pid) || !existsSync(tokenPath)) return undefined;
  return { url: info.url, token: readFileSync(tokenPath, "utf8").trim() };
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
          let json: unknown = {};
          try {
            json = text ? JSON.parse(text) : {};
          } catch {
            json = {};
          }
          if ((res.statusCode ?? 500) >= 400) {
            const error = (json as { error?: { code?: string; message?: string; fix?: string } }).error ?? {};
            const code = error.code && error.code in ERROR_CODES ? (error.code as ErrorCode) : "UNAVAILABLE";
            const message = error.message ?? `the service answered ${res.statusCode}`;
            reject(
              new JarvisError(
                code,
                message,
                error.fix
                  ? { fix: error.fix, details: { status: res.statusCode } }
                  : { details: { status: res.statusCode } },
              ),
            );
          } else resolve(json as T);
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** Starts a turn in the service (`POST /api/turns`); resolves with its event stream (SSE). */
export function openTurnStream(
  target: ServiceTarget,
  body: Record<string, unknown>,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = httpRequest(`${target.url}/api/turns`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${target.token}`,
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
      res.on("end", () => {
        const error =
          (JSON.parse(text || "{}") as { error?: { code?: string; message?: string; fix?: string } }).error ??
          {};
        reject(
          Object.assign(new Error(error.message ?? `the service answered ${res.statusCode}`), {
            code: error.code,
            fix: error.fix,
          }),
        );
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
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
