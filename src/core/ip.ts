import { isIP } from "node:net";

/** An IP address as a number: 32 bits for IPv4, 128 bits for IPv6. */
export interface IpAddress {
  version: 4 | 6;
  value: bigint;
}

export interface Cidr {
  version: 4 | 6;
  base: bigint;
  bits: number;
}

/** Parses an IPv4 or IPv6 literal (brackets and zone ids allowed); undefined when it is not one. */
export function parseIp(text: string): IpAddress | undefined {
  let literal = text.trim();
  if (literal.startsWith("[") && literal.endsWith("]")) literal = literal.slice(1, -1);
  const zone = literal.indexOf("%");
  if (zone >= 0) literal = literal.slice(0, zone);
  const version = isIP(literal);
  if (version === 4) return { version: 4, value: parseV4(literal) };
  if (version === 6) return { version: 6, value: parseV6(literal) };
  return undefined;
}

function parseV4(text: string): bigint {
  return text.split(".").reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function parseV6(text: string): bigint {
  let head = text;
  let tailV4: bigint | undefined;
  const lastColon = text.lastIndexOf(":");
  if (text.slice(lastColon + 1).includes(".")) {
    tailV4 = parseV4(text.slice(lastColon + 1));
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [left = "", right] = head.split("::");
  const leftGroups = left ? left.split(":") : [];
  const rightGroups = right !== undefined && right !== "" ? right.split(":") : [];
  const missing = 8 - leftGroups.length - rightGroups.length;
  const groups = [
    ...leftGroups,
    ...Array<string>(right === undefined ? 0 : missing).fill("0"),
    ...rightGroups,
  ];
  let value = groups.reduce((acc, group) => (acc << 16n) | BigInt(Number.parseInt(group || "0", 16)), 0n);
  if (tailV4 !== undefined) value = (value & ~0xffffffffn) | tailV4;
  return value;
}

export function parseCidr(text: string): Cidr | undefined {
  const slash = text.lastIndexOf("/");
  if (slash < 0) return undefined;
  const ip = parseIp(text.slice(0, slash));
  const bitsText = text.slice(slash + 1);
  if (!ip || !/^\d{1,3}$/.test(bitsText)) return undefined;
  const bits = Number(bitsText);
  if (bits > (ip.version === 4 ? 32 : 128)) return undefined;
  return { version: ip.version, base: mask(ip.value, bits, ip.version), bits };
}

function mask(value: bigint, bits: number, version: 4 | 6): bigint {
  const width = version === 4 ? 32n : 128n;
  const keep = BigInt(bits);
  if (keep === 0n) return 0n;
  return (value >> (width - keep)) << (width - keep);
}

export function inCidr(ip: IpAddress, cidr: Cidr): boolean {
  return ip.version === cidr.version && mask(ip.value, cidr.bits, ip.version) === cidr.base;
}

export function formatIp(ip: IpAddress): string {
  if (ip.version === 4) {
    return [24n, 16n, 8n, 0n].map((shift) => String((ip.value >> shift) & 0xffn)).join(".");
  }
  const groups: string[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) groups.push(((ip.value >> shift) & 0xffffn).toString(16));
  // RFC 5952: compress the longest run (two or more) of zero groups.
  let best = { start: -1, length: 0 };
  for (let i = 0; i < groups.length; ) {
    let j = i;
    while (j < groups.length && groups[j] === "0") j += 1;
    if (j - i > best.length && j - i >= 2) best = { start: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  if (best.start < 0) return groups.join(":");
  const left = groups.slice(0, best.start).join(":");
  const right = groups.slice(best.start + best.length).join(":");
  return `${left}::${right}`;
}

const range = (text: string, why: string) => ({ cidr: parseCidr(text)!, why });

/**
 * The special-purpose tables, parsed on the first address judged: parsing them at module load
 * cost every command that imports the web tools' guard (a one-shot `ask` among them) ~10 ms.
 */
interface Tables {
  v4: Array<{ cidr: Cidr; why: string }>;
  v6: Array<{ cidr: Cidr; why: string }>;
  embedded: Array<{ cidr: Cidr; extract(value: bigint): bigint }>;
}
let tables: Tables | undefined;
const blockedTables = (): Tables => {
  tables ??= { v4: blockedV4(), v6: blockedV6(), embedded: embeddedV4() };
  return tables;
};

/** Addresses no fetch may reach unless allowlisted (RFC 6890 special-purpose registries). */
const blockedV4 = () => [
  range("0.0.0.0/8", "the unspecified/this-network range"),
  range("10.0.0.0/8", "a private address"),
  range("100.64.0.0/10", "a carrier-grade NAT address"),
  range("127.0.0.0/8", "a loopback address"),
  range("169.254.169.254/32", "the cloud metadata address"),
  range("169.254.0.0/16", "a link-local address"),
  range("172.16.0.0/12", "a private address"),
  range("192.0.0.0/24", "an IETF protocol address"),
  range("192.0.2.0/24", "a documentation address"),
  range("192.88.99.0/24", "a 6to4 relay address"),
  range("192.168.0.0/16", "a private address"),
  range("198.18.0.0/15", "a benchmarking address"),
  range("198.51.100.0/24", "a documentation address"),
  range("203.0.113.0/24", "a documentation address"),
  range("224.0.0.0/4", "a multicast address"),
  range("240.0.0.0/4", "a reserved address"),
];

const blockedV6 = () => [
  range("fd00:ec2::254/128", "the cloud metadata address"),
  range("::/128", "the unspecified address"),
  range("::1/128", "a loopback address"),
  range("fc00::/7", "a unique-local (private) address"),
  range("fe80::/10", "a link-local address"),
  range("fec0::/10", "a site-local address"),
  range("ff00::/8", "a multicast address"),
  range("100::/64", "a discard address"),
  range("2001:db8::/32", "a documentation address"),
  range("2001::/32", "a Teredo tunnel address"),
];

/** IPv6 forms that carry an IPv4 address inside; the inner address is what gets reached. */
const embeddedV4 = (): Tables["embedded"] => [
  { cidr: parseCidr("::ffff:0:0/96")!, extract: (v) => v & 0xffffffffn }, // IPv4-mapped
  { cidr: parseCidr("::/96")!, extract: (v) => v & 0xffffffffn }, // IPv4-compatible (deprecated)
  { cidr: parseCidr("64:ff9b::/96")!, extract: (v) => v & 0xffffffffn }, // NAT64
  { cidr: parseCidr("64:ff9b:1::/48")!, extract: (v) => v & 0xffffffffn }, // local NAT64
  { cidr: parseCidr("2002::/16")!, extract: (v) => (v >> 80n) & 0xffffffffn }, // 6to4
];

/**
 * Why an address must not be fetched, or undefined when it is an ordinary public address.
 * IPv6 addresses that embed IPv4 are judged by the IPv4 address inside them.
 */
export function blockedReason(ip: IpAddress): string | undefined {
  if (ip.version === 6) {
    for (const embedded of blockedTables().embedded) {
      if (inCidr(ip, embedded.cidr) && ip.value > 1n) {
        const inner: IpAddress = { version: 4, value: embedded.extract(ip.value) };
        const why = blockedReason(inner);
        return why ? `${why} (${formatIp(inner)} inside an IPv6 address)` : undefined;
      }
    }
    return blockedTables().v6.find((entry) => inCidr(ip, entry.cidr))?.why;
  }
  if (ip.value === 0xffffffffn) return "the broadcast address";
  return blockedTables().v4.find((entry) => inCidr(ip, entry.cidr))?.why;
}
