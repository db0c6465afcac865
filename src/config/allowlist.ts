import { type Cidr, type IpAddress, inCidr, parseCidr, parseIp } from "../core/ip.js";

/**
 * One `web.allow_private` entry. Accepted forms:
 * - `127.0.0.1`, `::1`, `[::1]`        an address, any port
 * - `127.0.0.1:8080`, `[::1]:8080`     an address and one port
 * - `10.0.0.0/8`, `fd00::/8`           a CIDR range, any port
 * - `nas.local`, `nas.local:5000`      a host name (whatever it resolves to), optionally one port
 * - `*.home.arpa`                      every host name under a suffix
 */
export type AllowEntry =
  | { kind: "ip"; ip: IpAddress; port?: number; text: string }
  | { kind: "cidr"; cidr: Cidr; text: string }
  | { kind: "host"; host: string; wildcard: boolean; port?: number; text: string };

const HOST_PATTERN =
  /^(\*\.)?([a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*$/i;

function parsePort(text: string): number | undefined {
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const port = Number(text);
  return port >= 1 && port <= 65_535 ? port : undefined;
}

/** Parses one entry; a string explains what is wrong with a bad one. */
export function parseAllowEntry(raw: string): AllowEntry | string {
  const text = raw.trim();
  if (text.length === 0) return "is empty";
  if (text.includes("://")) return `"${text}" is a URL; write just the host or host:port`;
  if (text.includes("/")) {
    const cidr = parseCidr(text);
    return cidr ? { kind: "cidr", cidr, text } : `"${text}" is not a valid CIDR range (e.g. 10.0.0.0/8)`;
  }
  const bare = parseIp(text);
  if (bare && !text.includes("%")) return { kind: "ip", ip: bare, text };
  const bracketed = /^\[([^\]]+)\]:(\d+)$/.exec(text);
  if (bracketed) {
    const ip = parseIp(bracketed[1]!);
    const port = parsePort(bracketed[2]!);
    if (!ip || port === undefined) return `"${text}" is not a valid [address]:port`;
    return { kind: "ip", ip, port, text };
  }
  const colon = text.lastIndexOf(":");
  const hostPart = colon >= 0 ? text.slice(0, colon) : text;
  const portPart = colon >= 0 ? text.slice(colon + 1) : undefined;
  const port = portPart === undefined ? undefined : parsePort(portPart);
  if (portPart !== undefined && port === undefined) return `"${text}" has an invalid port`;
  const ip = parseIp(hostPart);
  if (ip) {
    if (ip.version === 6) return `"${text}": write an IPv6 address with a port as [address]:port`;
    return { kind: "ip", ip, port, text };
  }
  if (!HOST_PATTERN.test(hostPart)) return `"${text}" is not a host, host:port, address or CIDR range`;
  const wildcard = hostPart.startsWith("*.");
  return {
    kind: "host",
    host: (wildcard ? hostPart.slice(2) : hostPart).toLowerCase(),
    wildcard,
    port,
    text,
  };
}

export function allowEntryProblem(raw: string): string | undefined {
  const parsed = parseAllowEntry(raw);
  return typeof parsed === "string" ? parsed : undefined;
}

/** The parsed `web.allow_private` list; invalid entries are rejected when config is loaded. */
export class AllowList {
  readonly entries: AllowEntry[];

  constructor(raw: readonly string[]) {
    this.entries = raw.flatMap((text) => {
      const parsed = parseAllowEntry(text);
      return typeof parsed === "string" ? [] : [parsed];
    });
  }

  /** The entry that lets a connection to `address` (reached via `hostname`, `port`) through, if any. */
  allows(hostname: string, port: number, address: IpAddress): AllowEntry | undefined {
    const host = hostname
      .toLowerCase()
      .replace(/^\[|\]$/g, "")
      .replace(/\.$/, "");
    return this.entries.find((entry) => {
      switch (entry.kind) {
        case "cidr":
          return inCidr(address, entry.cidr);
        case "ip":
          return (
            entry.ip.version === address.version &&
            entry.ip.value === address.value &&
            (entry.port === undefined || entry.port === port)
          );
        case "host": {
          const nameMatches = entry.wildcard ? host.endsWith(`.${entry.host}`) : host === entry.host;
          return nameMatches && (entry.port === undefined || entry.port === port);
        }
        default:
          return false;
      }
    });
  }
}
