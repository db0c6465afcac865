import { createRequire } from "node:module";
import { basename } from "node:path";
import type { ProvenanceKind } from "../core/tool.js";

// The public-suffix list (tldts, ~180 KB) is read on the first site named to a person, not by
// every command that loads the gate (decision 0032); Node's module cache keeps it after that.
const requireHere = createRequire(import.meta.url);
const getDomain = (host: string): string | null =>
  (requireHere("tldts") as typeof import("tldts")).getDomain(host);

/**
 * Provenance by equality, never by substring: which URLs, addresses, phone numbers and paths a
 * text names, and whether a value is one of them. "summarise http://host/page" vouches for that
 * page, not for `http://host/c?d=<secret>`; `docs.example-corp.com` does not vouch for
 * `le-corp.com`, nor `bob@corp.example.com` for `bob@corp.example.co`.
 */

const URL_TOKEN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** A bare host the user typed: `example.com`, `docs.example-corp.co.uk/page`. */
const HOST_TOKEN =
  /(?<![@\w.-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:\/[^\s<>"'`]*)?/gi;
const EMAIL_TOKEN = /[a-z0-9._%+-]+@(?:[a-z0-9-]+\.)+[a-z]{2,63}/gi;
const PHONE_TOKEN = /\+?\d[\d\s().-]{3,}\d/g;

/** Sentence punctuation that ends a word, not a URL or a name. */
function trimEnd(token: string): string {
  return token.replace(/[.,;:!?)\]}>]+$/, "");
}

/** Every value of `kind` the text names, in the form `sameAs` compares. */
export function mentions(kind: ProvenanceKind, text: string): string[] {
  switch (kind) {
    case "url": {
      const urls = [...text.matchAll(URL_TOKEN)].map((m) => trimEnd(m[0]));
      const withoutUrls = text.replace(URL_TOKEN, " ").replace(EMAIL_TOKEN, " ");
      const hosts = [...withoutUrls.matchAll(HOST_TOKEN)].map((m) => `bare:${trimEnd(m[0])}`);
      return [...urls, ...hosts];
    }
    case "email":
      return [...text.matchAll(EMAIL_TOKEN)].map((m) => trimEnd(m[0]));
    case "phone":
      return [...text.matchAll(PHONE_TOKEN)].map((m) => m[0]);
    case "path":
      return text
        .split(/[\s"'`,;()[\]{}<>]+/)
        .map(trimEnd)
        .filter((word) => word.length > 0);
  }
}

/** A predicate: is a mention (or a configured value) the same `kind` value as `value`? */
export function sameAs(kind: ProvenanceKind, value: string): (mention: string) => boolean {
  switch (kind) {
    case "url": {
      const target = parseUrl(value);
      if (!target) return (mention) => mention === value;
      return (mention) => {
        if (mention.startsWith("bare:")) return sameSite(mention.slice(5), target);
        const given = parseUrl(mention);
        return given !== undefined && given.href === target.href;
      };
    }
    case "email": {
      const address = value.trim().toLowerCase();
      return (mention) => mention.trim().toLowerCase() === address;
    }
    case "phone": {
      const digits = value.replace(/\D/g, "");
      return (mention) => digits.length >= 5 && mention.replace(/\D/g, "") === digits;
    }
    case "path": {
      const path = value.trim().toLowerCase();
      const name = basename(path);
      return (mention) => {
        const given = mention.toLowerCase();
        if (given === path) return true;
        // a name or a relative path the user typed, naming exactly this file
        if (given.includes("/")) return path.endsWith(`/${given.replace(/^~?\/+/, "")}`);
        return name.length > 0 && given === name;
      };
    }
  }
}

/** `text` occurs in `words`, case and spacing aside, and not as part of a longer word. */
export function saysWholly(words: string, text: string): boolean {
  const haystack = ` ${words.toLowerCase().replace(/\s+/g, " ")} `;
  const needle = text.toLowerCase().replace(/\s+/g, " ").trim();
  if (needle === "") return true;
  const edge = (char: string | undefined, inner: string | undefined) =>
    !/\w/.test(char ?? " ") || !/\w/.test(inner ?? " ");
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    if (edge(haystack[at - 1], needle[0]) && edge(haystack[at + needle.length], needle.at(-1))) return true;
  }
  return false;
}

/** The URL in one canonical form: lower-case scheme and host, no default port, no empty `?`/`#`. */
function parseUrl(text: string): URL | undefined {
  try {
    const url = new URL(text.trim());
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, "");
    return url;
  } catch {
    return undefined;
  }
}

/**
 * A bare host (or host/path) the user typed vouches for exactly that page: the site's root when
 * no path was typed, on the same host (`example.com` and `www.example.com` are one), with no
 * query or fragment that could carry anything out.
 */
function sameSite(typed: string, target: URL): boolean {
  const given = parseUrl(`https://${typed}`);
  if (!given) return false;
  const host = (url: URL) => url.hostname.toLowerCase().replace(/^www\./, "");
  if (host(given) !== host(target) || given.port !== target.port) return false;
  return target.search === "" && target.hash === "" && target.pathname === given.pathname;
}

/** The registrable domain of a URL or address's host (`evil.example`, `bbc.co.uk`), for people. */
export function siteOf(value: string): string | undefined {
  const at = value.lastIndexOf("@");
  const host = at >= 0 && !value.includes("/") ? value.slice(at + 1) : parseUrl(value)?.hostname;
  if (!host) return undefined;
  return getDomain(host) ?? host;
}
