/** Query parameters that only track the click; dropped when comparing URLs. */
const TRACKING = /^(utm_[a-z]+|gclid|fbclid|msclkid|mc_eid|mc_cid|ref_src|yclid|_hsenc|_hsmi)$/i;

/**
 * What the user or model meant as a URL: `mit.edu` → `https://mit.edu/`. Undefined when it
 * cannot be one. Only http(s) is produced; other schemes are returned as given for the guard
 * to refuse with a clear message.
 */
export function coerceUrl(input: string): URL | undefined {
  const text = input.trim();
  if (!text || /\s/.test(text)) return undefined;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^/]+:\d+(\/|$)/.test(text);
  const bare = text.replace(/^\/\//, "");
  // Local hosts rarely speak TLS; everything else defaults to https (seed 004).
  const local = /^(localhost|\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])(:\d+)?(\/|$)/i.test(bare);
  try {
    return new URL(hasScheme ? text : `${local ? "http" : "https"}://${bare}`);
  } catch {
    return undefined;
  }
}

/**
 * The form two URLs are compared in for "already opened" (seed 004, generalized): scheme and
 * `www.` ignored, host lower-cased, default port, fragment, trailing slash and tracking
 * parameters dropped, remaining parameters sorted.
 */
export function normalizeUrl(input: string | URL): string {
  const url = typeof input === "string" ? coerceUrl(input) : new URL(input.href);
  if (!url) return typeof input === "string" ? input.trim().toLowerCase() : String(input);
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const port = url.port && url.port !== "80" && url.port !== "443" ? `:${url.port}` : "";
  const params = [...url.searchParams.entries()]
    .filter(([key]) => !TRACKING.test(key))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = params.length > 0 ? `?${new URLSearchParams(params).toString()}` : "";
  const path = url.pathname.replace(/\/+$/, "");
  return `${host}${port}${path}${query}`;
}

export interface OpenedRecord {
  url: string;
  tool: string;
  at: number;
  count: number;
}

/**
 * URLs opened per session, so a second open of the same page is noticed and said so in the
 * output (the proposer then knows it is repeating itself). Bounded in sessions and URLs.
 */
export class OpenedUrls {
  private readonly sessions = new Map<string, Map<string, OpenedRecord>>();

  constructor(
    private readonly maxSessions = 200,
    private readonly maxPerSession = 2_000,
  ) {}

  /** Records an open; returns the earlier record when this URL was opened before in the session. */
  record(session: string, url: string, tool: string, at: number): OpenedRecord | undefined {
    let opened = this.sessions.get(session);
    if (opened) {
      this.sessions.delete(session); // re-insert: most recently used last
    } else {
      opened = new Map();
      while (this.sessions.size >= this.maxSessions) {
        const oldest = this.sessions.keys().next().value;
        if (oldest === undefined) break;
        this.sessions.delete(oldest);
      }
    }
    this.sessions.set(session, opened);
    const key = normalizeUrl(url);
    const previous = opened.get(key);
    if (previous) {
      const earlier = { ...previous };
      previous.count += 1;
      previous.at = at;
      return earlier;
    }
    if (opened.size >= this.maxPerSession) {
      const oldest = opened.keys().next().value;
      if (oldest !== undefined) opened.delete(oldest);
    }
    opened.set(key, { url, tool, at, count: 1 });
    return undefined;
  }
}

export function duplicateNote(previous: OpenedRecord | undefined): string {
  if (!previous) return "";
  const times = previous.count === 1 ? "once" : `${previous.count} times`;
  return `Note: already opened ${times} in this session (${previous.url} via ${previous.tool}); this is a repeat.\n`;
}
