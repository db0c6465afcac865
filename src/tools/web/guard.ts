import { promises as dns } from "node:dns";
import type { AllowList } from "../../config/allowlist.js";
import { whenAborted } from "../../core/abort.js";
import { JarvisError } from "../../core/errors.js";
import { blockedReason, formatIp, type IpAddress, parseIp } from "../../core/ip.js";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** DNS resolution, injectable so tests can make any name resolve to any address. */
export type LookupFn = (hostname: string, signal?: AbortSignal) => Promise<ResolvedAddress[]>;

export const systemLookup: LookupFn = async (hostname) => {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

export interface GuardOptions {
  allow: AllowList;
  lookup: LookupFn;
}

/** A destination that passed the check: connect to `address`, never re-resolve `hostname`. */
export interface CheckedTarget {
  hostname: string;
  port: number;
  address: string;
  family: 4 | 6;
  /** The allowlist entry that let a private address through, if one did. */
  allowedBy?: string;
}

const DEFAULT_PORTS: Record<string, number> = { "http:": 80, "https:": 443 };

/** Only http(s) without embedded credentials: anything else is refused before DNS. */
export function checkUrlShape(url: URL): void {
  if (!(url.protocol in DEFAULT_PORTS)) {
    throw new JarvisError("POLICY_DENIED", `only http and https URLs can be opened, not ${url.protocol}`, {
      fix: "give an http(s) URL or a #u handle",
    });
  }
  if (url.username || url.password) {
    throw new JarvisError("POLICY_DENIED", "URLs with embedded credentials are refused", {
      fix: "remove the user:password@ part",
    });
  }
}

export function portOf(url: URL): number {
  return url.port ? Number(url.port) : (DEFAULT_PORTS[url.protocol] ?? 80);
}

/**
 * Resolves the host once and checks every address it resolves to against the SSRF rules
 * (loopback, private, link-local, CGNAT, metadata, IPv6 ULA/link-local/mapped, ...). The caller
 * connects to the returned address, so a second DNS answer (rebinding) can never be used.
 */
export async function checkDestination(
  hostname: string,
  port: number,
  options: GuardOptions,
  signal?: AbortSignal,
): Promise<CheckedTarget> {
  const host = hostname.replace(/^\[|\]$/g, "");
  const literal = parseIp(host);
  let addresses: IpAddress[];
  if (literal) {
    addresses = [literal];
  } else {
    let resolved: ResolvedAddress[];
    try {
      const lookup = options.lookup(host, signal);
      resolved = await (signal ? Promise.race([lookup, whenAborted(signal)]) : lookup);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new JarvisError("NOT_FOUND", `cannot resolve ${host}: ${(error as Error).message}`, {
        fix: "check the host name",
      });
    }
    addresses = resolved.flatMap((entry) => {
      const ip = parseIp(entry.address);
      return ip ? [ip] : [];
    });
    if (addresses.length === 0) throw new JarvisError("NOT_FOUND", `${host} has no addresses`);
  }
  let allowedBy: string | undefined;
  for (const ip of addresses) {
    const why = blockedReason(ip);
    if (!why) continue;
    const entry = options.allow.allows(host, port, ip);
    if (entry) {
      allowedBy = entry.text;
      continue;
    }
    const shown = formatIp(ip);
    const via = literal ? shown : `${host} resolves to ${shown}`;
    const suggestion = ip.version === 6 ? `[${shown}]:${port}` : `${shown}:${port}`;
    throw new JarvisError("POLICY_DENIED", `blocked: ${via}, ${why}`, {
      fix: `only if you trust it, add "${suggestion}" to web.allow_private in config.yaml`,
    });
  }
  const first = addresses[0]!;
  return {
    hostname: host,
    port,
    address: formatIp(first),
    family: first.version,
    ...(allowedBy ? { allowedBy } : {}),
  };
}

export async function checkUrl(
  url: URL,
  options: GuardOptions,
  signal?: AbortSignal,
): Promise<CheckedTarget> {
  checkUrlShape(url);
  return checkDestination(url.hostname, portOf(url), options, signal);
}
