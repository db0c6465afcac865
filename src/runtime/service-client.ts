import { existsSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { processAlive, readServerFile } from "../config/discovery.js";
import { resolveHome } from "../config/paths.js";
import { ERROR_CODES, type ErrorCode, JarvisError } from "../core/errors.js";

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
