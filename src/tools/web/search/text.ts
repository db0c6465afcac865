import { JarvisError } from "../../../core/errors.js";
import { decodeText } from "../charset.js";
import type { SafeFetchResult } from "../http.js";

export function bodyText(response: SafeFetchResult): string {
  return decodeText(response.body, String(response.headers["content-type"] ?? ""), response.mediaType);
}

export function parseJson(response: SafeFetchResult, provider: string): unknown {
  try {
    return JSON.parse(bodyText(response));
  } catch {
    throw new JarvisError("TOOL_FAILED", `${provider} answered with something that is not JSON`, {
      fix: `check web.search.base_url points at ${provider}`,
    });
  }
}

/** Keeps http(s) results with a title, drops duplicates by URL, cuts to the limit. */
export function cleanResults<T extends { url: string; title: string }>(results: T[], limit: number): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const result of results) {
    if (!/^https?:\/\//i.test(result.url) || seen.has(result.url)) continue;
    seen.add(result.url);
    out.push({ ...result, title: result.title || result.url });
    if (out.length >= limit) break;
  }
  return out;
}
