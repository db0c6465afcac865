import { JarvisError } from "../../../core/errors.js";
import { cleanResults, parseJson } from "./text.js";
import type { ProviderFetch, SearchProvider, SearchResult } from "./types.js";

interface BraveResponse {
  web?: {
    results?: Array<{
      url?: unknown;
      title?: unknown;
      description?: unknown;
      meta_url?: { hostname?: unknown };
    }>;
  };
  error?: { code?: unknown; detail?: unknown };
}

export const BRAVE_DEFAULT_URL = "https://api.search.brave.com";

/** Brave Search API (`/res/v1/web/search`, key in `X-Subscription-Token`). */
export function braveProvider(
  baseUrl: string | undefined,
  apiKey: string | undefined,
  keyName: string,
  fetch: ProviderFetch,
): SearchProvider {
  return {
    name: "brave",
    problem: () => (apiKey ? undefined : `no Brave Search API key: set ${keyName} (web.search.api_key_env)`),
    async search({ query, limit, signal }) {
      if (!apiKey) throw new JarvisError("UNAVAILABLE", `no Brave Search API key in ${keyName}`);
      const url = new URL("/res/v1/web/search", baseUrl ?? BRAVE_DEFAULT_URL);
      url.searchParams.set("q", query);
      url.searchParams.set("count", String(Math.min(20, limit)));
      const response = await fetch(url.href, {
        headers: { accept: "application/json", "x-subscription-token": apiKey },
        signal,
      });
      const data = parseJson(response, "Brave Search") as BraveResponse;
      if (response.status !== 200) {
        const code = typeof data.error?.code === "string" ? data.error.code : `HTTP ${response.status}`;
        const detail = typeof data.error?.detail === "string" ? `: ${data.error.detail}` : "";
        throw new JarvisError(
          response.status === 401 || response.status === 422 || response.status === 429
            ? "UNAVAILABLE"
            : "TOOL_FAILED",
          `Brave Search refused the query (${code}${detail})`,
          response.status === 429 ? { fix: "wait a moment; the plan's rate limit was reached" } : {},
        );
      }
      const { htmlText } = await import("./html.js");
      const results: SearchResult[] = (data.web?.results ?? []).map((item) => ({
        url: typeof item.url === "string" ? item.url : "",
        title: htmlText(typeof item.title === "string" ? item.title : ""),
        snippet: htmlText(typeof item.description === "string" ? item.description : ""),
        ...(typeof item.meta_url?.hostname === "string" ? { source: item.meta_url.hostname } : {}),
      }));
      return cleanResults(results, limit);
    },
  };
}
