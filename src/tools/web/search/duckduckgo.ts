import { JarvisError } from "../../../core/errors.js";
import { bodyText } from "./text.js";
import type { ProviderFetch, SearchProvider } from "./types.js";

export const DUCKDUCKGO_DEFAULT_URL = "https://html.duckduckgo.com";

/** Result links go through `//duckduckgo.com/l/?uddg=<target>`; the target is what we keep. */
export function unwrapDuckDuckGoLink(href: string, base: string): string {
  try {
    const url = new URL(href, base);
    if (/(^|\.)duckduckgo\.com$/i.test(url.hostname) && url.pathname === "/l/") {
      return url.searchParams.get("uddg") ?? "";
    }
    return url.href;
  } catch {
    return "";
  }
}

/** DuckDuckGo's HTML endpoint: no key, a form POST like the no-JS page sends. */
export function duckDuckGoProvider(baseUrl: string | undefined, fetch: ProviderFetch): SearchProvider {
  return {
    name: "duckduckgo",
    problem: () => undefined,
    async search({ query, limit, signal }) {
      const url = new URL("/html/", baseUrl ?? DUCKDUCKGO_DEFAULT_URL);
      const response = await fetch(url.href, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
        body: new URLSearchParams({ q: query, b: "", kl: "" }).toString(),
        signal,
      });
      const html = bodyText(response);
      // A 202 with the "anomaly" form is DuckDuckGo asking a human to prove itself.
      if (response.status === 202 || /anomaly-modal|challenge-form/.test(html)) {
        throw new JarvisError("UNAVAILABLE", "DuckDuckGo asked for a CAPTCHA (too many automated queries)", {
          fix: "wait, or configure web.search.provider: searxng or brave",
        });
      }
      if (response.status !== 200) {
        throw new JarvisError("TOOL_FAILED", `DuckDuckGo answered HTTP ${response.status}`);
      }
      const { parseDuckDuckGoHtml } = await import("./html.js");
      return parseDuckDuckGoHtml(html, response.url, limit);
    },
  };
}
