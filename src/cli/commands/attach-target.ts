import type { WebSocket } from "ws";
import { resolveHome } from "../../config/paths.js";
import { JarvisError } from "../../core/errors.js";
import { callService, findService, type ServiceTarget } from "../../runtime/service-client.js";

/** `jarvis chat --attach` finds the running service, connects, and reads what it has. */
export interface AttachFlags {
  url?: string;
  session?: string;
}

export type Target = ServiceTarget;

/** The running service for this home (or at `--url`); one clear error when there is none. */
export function requireService(env: NodeJS.ProcessEnv, flags: AttachFlags): Target {
  const target = findService(env, flags.url);
  if (target) return target;
  throw new JarvisError("UNAVAILABLE", `no Jarvis service is running for ${resolveHome(env)}`, {
    fix: "start it with `jarvis service start` or `jarvis start`, or pass --url",
  });
}

export async function connect(target: Target): Promise<WebSocket> {
  const { default: WebSocketClient } = await import("ws");
  const socket = new WebSocketClient(`${target.url.replace(/^http/, "ws")}/ws`, [
    "jarvis",
    `token.${target.token}`,
  ]);
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(socket));
    socket.once("unexpected-response", (_request, response) => {
      socket.terminate();
      reject(
        response.statusCode === 401
          ? new JarvisError("AUTH_FAILED", `the server at ${target.url} did not accept this home's token`, {
              fix: "attach with the same JARVIS_HOME as `jarvis start`",
            })
          : new JarvisError(
              "UNAVAILABLE",
              `the server at ${target.url} refused the connection (${response.statusCode})`,
            ),
      );
    });
    socket.once("error", (error) =>
      reject(new JarvisError("UNAVAILABLE", `could not connect to ${target.url}: ${error.message}`)),
    );
  });
}

/** A session's messages from the service (`GET /api/sessions/:id/history`). */
export async function fetchHistory(
  target: Target,
  sessionId: string,
): Promise<Array<{ role: "user" | "assistant"; text: string }>> {
  const body = await callService<{ messages?: Array<{ role: "user" | "assistant"; text: string }> }>(
    target,
    "GET",
    `/api/sessions/${encodeURIComponent(sessionId)}/history`,
  ).catch((error: Error) => {
    throw new JarvisError("UNAVAILABLE", `could not read the conversation: ${error.message}`);
  });
  return body.messages ?? [];
}

/** The session of the newest run (what the browser shows last), if any. */
export async function latestSession(target: Target): Promise<string | undefined> {
  const body = await callService<{ runs?: Array<{ sessionId?: string }> }>(
    target,
    "GET",
    "/api/runs?limit=1",
  ).catch(() => undefined);
  return body?.runs?.[0]?.sessionId;
}
