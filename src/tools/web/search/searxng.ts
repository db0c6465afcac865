import { JarvisError } from "../../../core/errors.js";
import { cleanResults, parseJson } from "./text.js";
import type { ProviderFetch, SearchProvider, SearchResult } from "./types.js";

interface SearxngResponse {
  results?: Array<{ url?: unknown; title?: unknown; content?: unknown; engine?: unknown; engines?: unknown }>;
  unresponsive_engines?: unknown[];
}

/** SearXNG's JSON API (`/search?format=json`); the instance must enable the json format. */
export function searxngProvider(baseUrl: string | undefined, fetch: ProviderFetch): SearchProvider {
  return {
    name: "searxng",
    problem: () =>
      baseUrl ? undefined : "web.search.base_url is not set (the address of your SearXNG instance)",
    async search({ query, limit, signal }) {
      if (!baseUrl) throw new JarvisError("UNAVAILABLE", "web.search.base_url is not set for SearXNG");
      const url = new URL("search", baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
      url.searchParams.set("q", query);
      url.searchParams.set("format", "json");
      url.searchParams.set("pageno", "1");
      const response = await fetch(url.href, { headers: { accept: "application/json" }, signal });
      if (response.status === 403) {
        throw new JarvisError("UNAVAILABLE", "SearXNG refused the JSON API (HTTP 403)", {
          fix: "add `json` to search.formats in the instance's settings.yml",
        });
      }
      if (response.status === 429)
        throw new JarvisError("UNAVAILABLE", "SearXNG is rate limiting (HTTP 429)");
      if (response.status !== 200) {
        throw new JarvisError("TOOL_FAILED", `SearXNG answered HTTP ${response.status}`);
      }
      const data = parseJson(response, "SearXNG") as SearxngResponse;
      const { htmlText } = await import("./html.js");
      const results: SearchResult[] = (Array.isArray(data.results) ? data.results : []).map((item) => {
        const engines = Array.isArray(item.engines) ? item.engines.map(String) : [];
        const source =
          engines.length > 0 ? engines.join(", ") : typeof item.engine === "string" ? item.engine : "";
        return {
          url: typeof item.url === "string" ? item.url : "",
          title: htmlText(typeof item.title === "string" ? item.title : ""),
          snippet: htmlText(typeof item.content === "string" ? item.content : ""),
          ...(source ? { source } : {}),
        };
      });
      return cleanResults(results, limit);
    },
  };
}
