import { existsSync, readFileSync } from "node:fs";
import type { WebSocket } from "ws";
import { processAlive, readServerFile } from "../../config/discovery.js";
import { loadConfig } from "../../config/load.js";
import { pathsFor, resolveHome } from "../../config/paths.js";
import { JarvisError } from "../../core/errors.js";

/** `jarvis chat --attach` finds the running server, connects, and reads what it has. */
export interface AttachFlags {
  url?: string;
  session?: string;
}

export interface Target {
  url: string;
  token: string;
}

/** The running server for this JARVIS_HOME and its token; one clear error when there is none. */
export async function findServer(env: NodeJS.ProcessEnv, flags: AttachFlags): Promise<Target> {
  const home = resolveHome(env);
  const paths = pathsFor(home);
  const startIt = { fix: "start it with `jarvis start` (or pass --url)" };
  if (!existsSync(paths.token)) {
    throw new JarvisError(
      "UNAVAILABLE",
      `no Jarvis server is running for ${home} (it has no token yet)`,
      startIt,
    );
  }
  const token = readFileSync(paths.token, "utf8").trim();
  let url = flags.url?.replace(/\/+$/, "");
  if (url !== undefined && !/^https?:\/\/[^/\s]+$/.test(url)) {
    throw new JarvisError("USAGE", `--url "${url.slice(0, 80)}" is not a server address`, {
      fix: "e.g. --url http://127.0.0.1:7777",
    });
  }
  if (url === undefined) {
    const info = readServerFile(home);
    url =
      info && processAlive(info.pid) ? info.url : `http://127.0.0.1:${loadConfig(paths.config).server.port}`;
  }
  let healthy = false;
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(3_000) });
    const body = (await response.json()) as { status?: string };
    healthy = response.ok && (body.status === "ok" || body.status === "starting");
  } catch {
    healthy = false;
  }
  if (!healthy) throw new JarvisError("UNAVAILABLE", `no Jarvis server is running at ${url}`, startIt);
  return { url, token };
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

/** A session's messages from the server (`GET /api/sessions/:id/history`). */
export async function fetchHistory(
  target: Target,
  sessionId: string,
): Promise<Array<{ role: "user" | "assistant"; text: string }>> {
  const response = await fetch(`${target.url}/api/sessions/${encodeURIComponent(sessionId)}/history`, {
    headers: { authorization: `Bearer ${target.token}` },
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => ({}))) as {
    messages?: Array<{ role: "user" | "assistant"; text: string }>;
    error?: { message?: string };
  };
  if (!response.ok || !body.messages) {
    throw new JarvisError(
      "UNAVAILABLE",
      `could not read the conversation: ${body.error?.message ?? `server answered ${response.status}`}`,
    );
  }
  return body.messages;
}

/** The session of the newest run (what the browser shows last), if any. */
export async function latestSession(target: Target): Promise<string | undefined> {
  const response = await fetch(`${target.url}/api/runs?limit=1`, {
    headers: { authorization: `Bearer ${target.token}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) return undefined;
  const body = (await response.json()) as { runs?: Array<{ sessionId?: string }> };
  return body.runs?.[0]?.sessionId;
}
