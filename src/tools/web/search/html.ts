import { parseHTML } from "linkedom";
import { unwrapDuckDuckGoLink } from "./duckduckgo.js";
import { cleanResults } from "./text.js";
import type { SearchResult } from "./types.js";

// The HTML parsing the providers need (linkedom); they import this module on their first search
// so that building the tool list does not load a DOM.

/** Text of an HTML fragment (snippets arrive with <b>, <strong> and entities). */
export function htmlText(fragment: string): string {
  if (!/[<&]/.test(fragment)) return fragment.replace(/\s+/g, " ").trim();
  const { document } = parseHTML(`<!doctype html><html><body><p>${fragment}</p></body></html>`);
  return (document.body?.textContent ?? "").replace(/\s+/g, " ").trim();
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
