import { AllowList } from "../../../config/allowlist.js";
import type { JarvisConfig } from "../../../config/schema.js";
import type { GuardOptions } from "../guard.js";
import { safeFetch } from "../http.js";
import { BRAVE_DEFAULT_URL, braveProvider } from "./brave.js";
import { DUCKDUCKGO_DEFAULT_URL, duckDuckGoProvider } from "./duckduckgo.js";
import { searxngProvider } from "./searxng.js";
import type { ProviderFetch, SearchProvider } from "./types.js";

export { unwrapDuckDuckGoLink } from "./duckduckgo.js";
export type { SearchProvider, SearchResult } from "./types.js";

// `./html.js` (htmlText, parseDuckDuckGoHtml) is not re-exported: it loads linkedom, and this
// module is on the path of every `jarvis` start. Import it directly where needed.

const SEARCH_MAX_BYTES = 3_000_000;

/**
 * The configured provider, or undefined when search is off. Its HTTP goes through the same
 * SSRF guard as web_fetch; the configured endpoint (often a local SearXNG) is allowed
 * because the user named it.
 */
export function createSearchProvider(
  web: JarvisConfig["web"],
  env: NodeJS.ProcessEnv,
  guard: GuardOptions,
  timeoutMs: number,
  ca: () => readonly string[] | undefined = () => undefined,
): SearchProvider | undefined {
  const { provider, base_url: baseUrl } = web.search;
  if (provider === "none") return undefined;
  const endpoint =
    baseUrl ??
    (provider === "brave"
      ? BRAVE_DEFAULT_URL
      : provider === "duckduckgo"
        ? DUCKDUCKGO_DEFAULT_URL
        : undefined);
  const allowed = endpoint ? [...web.allow_private, hostPort(new URL(endpoint))] : web.allow_private;
  const providerGuard: GuardOptions = { ...guard, allow: new AllowList(allowed) };
  const fetch: ProviderFetch = (url, init) =>
    safeFetch(url, {
      guard: providerGuard,
      method: init.method ?? "GET",
      ...(init.headers ? { headers: init.headers } : {}),
      ...(init.body !== undefined ? { body: init.body } : {}),
      maxBytes: SEARCH_MAX_BYTES,
      timeoutMs,
      maxRedirects: 3,
      ...(init.signal ? { signal: init.signal } : {}),
      ca,
    });
  switch (provider) {
    case "searxng":
      return searxngProvider(baseUrl, fetch);
    case "brave": {
      const keyName = web.search.api_key_env ?? "BRAVE_API_KEY";
      return braveProvider(baseUrl, env[keyName] || undefined, keyName, fetch);
    }
    case "duckduckgo":
      return duckDuckGoProvider(baseUrl, fetch);
  }
}

function hostPort(url: URL): string {
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return `${url.hostname}:${port}`;
}
