/** The API token: handed over once in the URL fragment, then kept in this tab's sessionStorage. */
const TOKEN_KEY = "jarvis.token";
const TOKEN = /^[0-9a-f]{64}$/;

export function takeTokenFromUrl(): string | null {
  const match = /(?:^#|&)token=([^&]+)/.exec(window.location.hash);
  if (match?.[1]) {
    const token = decodeURIComponent(match[1]);
    // Strip it from the address bar and history at once: it must not be bookmarked or shared.
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    if (TOKEN.test(token)) sessionStorage.setItem(TOKEN_KEY, token);
  }
  return getToken();
}

export function getToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): boolean {
  const clean = token.trim();
  if (!TOKEN.test(clean)) return false;
  sessionStorage.setItem(TOKEN_KEY, clean);
  return true;
}

export function clearToken(): void {
  sessionStorage.removeItem(TOKEN_KEY);
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly path?: string,
  ) {
    super(message);
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** JSON request with the token; errors become ApiError with the server's code and message. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; raw?: Blob | File } = {},
): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${getToken() ?? ""}` };
  let body: BodyInit | undefined;
  if (init.raw) {
    headers["content-type"] = "application/octet-stream";
    body = init.raw;
  } else if (init.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(init.body);
  }
  let response: Response;
  try {
    response = await fetch(path, { method: init.method ?? "GET", headers, body, cache: "no-store" });
  } catch {
    throw new ApiError(0, "OFFLINE", "Jarvis is not reachable. Is `jarvis start` still running?");
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = {};
  }
  if (!response.ok) {
    const error = (json as { error?: { code?: string; message?: string; path?: string } }).error ?? {};
    if (response.status === 401) for (const listener of unauthorizedListeners) listener();
    throw new ApiError(
      response.status,
      error.code ?? `HTTP_${response.status}`,
      error.message ?? response.statusText,
      error.path,
    );
  }
  return json as T;
}
