import { parseHTML } from "linkedom";
import { JarvisError } from "../../../core/errors.js";
import { bodyText, cleanResults } from "./text.js";
import type { ProviderFetch, SearchProvider, SearchResult } from "./types.js";

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

/** Parses the no-JavaScript results page (html.duckduckgo.com/html/); ads are skipped. */
export function parseDuckDuckGoHtml(html: string, base: string, limit: number): SearchResult[] {
  const { document } = parseHTML(html);
  const results: SearchResult[] = [];
  for (const node of document.querySelectorAll(".result")) {
    const className = node.getAttribute("class") ?? "";
    if (/\bresult--ad\b/.test(className)) continue;
    const link = node.querySelector("a.result__a");
    if (!link) continue;
    const url = unwrapDuckDuckGoLink(link.getAttribute("href") ?? "", base);
    const snippet = node.querySelector(".result__snippet")?.textContent ?? "";
    const shown = node.querySelector(".result__url")?.textContent ?? "";
    results.push({
      url,
      title: (link.textContent ?? "").replace(/\s+/g, " ").trim(),
      snippet: snippet.replace(/\s+/g, " ").trim(),
      ...(shown.trim() ? { source: shown.trim() } : {}),
    });
  }
  return cleanResults(results, limit);
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
      return parseDuckDuckGoHtml(html, response.url, limit);
    },
  };
}
