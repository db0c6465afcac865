/** Adds the API path when the user gave a bare origin (`http://host:port`); a path is kept. */
export function withPath(baseUrl: string, path: string): string {
  const url = new URL(baseUrl);
  if (url.pathname.replace(/\/+$/, "") === "") url.pathname = path;
  return url.toString().replace(/\/+$/, "");
}

/** Ollama's native API lives under `/api`; a configured `/v1` (its OpenAI shim) is redirected. */
export function ollamaApiUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, "");
  if (path === "" || path === "/v1") url.pathname = "/api";
  return url.toString().replace(/\/+$/, "");
}
