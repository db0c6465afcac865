import { isIP } from "node:net";
import { networkInterfaces, hostname as osHostname } from "node:os";

/** Which Host names the server answers to. Loopback always; more only with `--allow-remote`. */
export interface HostPolicy {
  allowRemote: boolean;
  /** The address the server is bound to (`127.0.0.1`, `0.0.0.0`, `192.168.1.5`, `::`). */
  boundHost: string;
}

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost" || bare === "::1") return true;
  return isIP(bare) === 4 && bare.startsWith("127.");
}

export function isWildcardHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "");
  return bare === "0.0.0.0" || bare === "::" || bare === "";
}

/** Host names that may appear in a Host header besides loopback (remote mode only). */
export function remoteHostNames(policy: HostPolicy): Set<string> {
  const names = new Set<string>();
  if (!policy.allowRemote) return names;
  const bound = policy.boundHost.replace(/^\[|\]$/g, "").toLowerCase();
  if (!isWildcardHost(bound)) {
    names.add(bound);
    return names;
  }
  const host = osHostname().toLowerCase();
  names.add(host);
  names.add(`${host}.local`);
  for (const list of Object.values(networkInterfaces())) {
    for (const entry of list ?? []) names.add(entry.address.toLowerCase());
  }
  return names;
}

/** The hostname part of a Host header, or undefined when it is malformed. */
export function hostnameOf(hostHeader: string | undefined): string | undefined {
  if (!hostHeader || hostHeader.length > 300 || /[\s/@?#\\]/.test(hostHeader)) return undefined;
  try {
    const url = new URL(`http://${hostHeader}`);
    return url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * DNS rebinding defence: a page on evil.example that resolves to 127.0.0.1 still sends
 * `Host: evil.example`, which is refused here.
 */
export function hostAllowed(hostHeader: string | undefined, remoteNames: Set<string>): boolean {
  const name = hostnameOf(hostHeader);
  if (!name) return false;
  return isLoopbackHost(name) || remoteNames.has(name);
}

/** Same origin = the Origin's host:port is exactly the Host header (the UI's own page). */
export function sameOrigin(origin: string, hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  try {
    const url = new URL(origin);
    if (url.protocol !== "http:" && url.protocol !== "https:") return false;
    return url.host.toLowerCase() === hostHeader.toLowerCase();
  } catch {
    return false;
  }
}

/** Headers on every response; the UI gets a strict CSP (no inline script, no third parties). */
export const SECURITY_HEADERS: Record<string, string> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "permissions-policy": "camera=(), geolocation=(), payment=(), usb=()",
};

export const UI_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";
