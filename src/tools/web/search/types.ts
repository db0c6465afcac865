import type { SafeFetchResult } from "../http.js";

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
  /** Engine or site that produced it, when the provider says. */
  source?: string;
}

export interface SearchRequest {
  query: string;
  limit: number;
  signal?: AbortSignal;
}

/** The HTTP a provider may use: the SSRF-guarded client, with the configured endpoint allowed. */
export type ProviderFetch = (
  url: string,
  init: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<SafeFetchResult>;

export interface SearchProvider {
  name: string;
  /** Why it cannot search (missing key or URL), or undefined when it can. */
  problem(): string | undefined;
  search(request: SearchRequest): Promise<SearchResult[]>;
}
