import { describe, expect, it } from "vitest";
import { AllowList, parseAllowEntry } from "../../config/allowlist.js";
import { validateConfig } from "../../config/load.js";
import { blockedReason, formatIp, parseIp } from "../../core/ip.js";
import { checkDestination, checkUrl, type LookupFn } from "./guard.js";

const reason = (text: string) => blockedReason(parseIp(text)!);

describe("blockedReason", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "metadata"],
    ["169.254.10.10", "link-local"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fd00::1", "unique-local"],
    ["fc12:3456::1", "unique-local"],
    ["fe80::1%eth0", "link-local"],
    ["[fe80::abcd]", "link-local"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "metadata"],
    ["64:ff9b::10.0.0.1", "private"],
    ["2002:a00:1::", "private"],
    ["fd00:ec2::254", "metadata"],
  ])("refuses %s (%s)", (address, why) => {
    expect(reason(address)).toContain(why);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])(
    "lets the public address %s through",
    (address) => {
      expect(reason(address)).toBeUndefined();
    },
  );

  it("formats IPv6 the canonical short way", () => {
    expect(formatIp(parseIp("fd00:0:0:0:0:0:0:1")!)).toBe("fd00::1");
    expect(formatIp(parseIp("::1")!)).toBe("::1");
    expect(formatIp(parseIp("2001:db8:0:1:0:0:0:1")!)).toBe("2001:db8:0:1::1");
  });
});

describe("web.allow_private entries", () => {
  it("parses host, host:port, address, [v6]:port, CIDR and wildcard", () => {
    const kinds = [
      "127.0.0.1",
      "127.0.0.1:8080",
      "::1",
      "[::1]:8080",
      "10.0.0.0/8",
      "fd00::/8",
      "nas.local",
      "nas.local:5000",
      "*.home.arpa",
    ].map((entry) => {
      const parsed = parseAllowEntry(entry);
      return typeof parsed === "string" ? parsed : parsed.kind;
    });
    expect(kinds).toEqual(["ip", "ip", "ip", "ip", "cidr", "cidr", "host", "host", "host"]);
  });

  it.each([
    ["10.0.0.0/33", "CIDR"],
    ["127.0.0.1:99999", "invalid port"],
    ["::1:8080x", "invalid port"],
    ["http://x", "is a URL"],
    ["nas..local", "not a host"],
    ["", "empty"],
  ])("refuses %j in config.yaml with one line naming the key", (entry, why) => {
    expect(() => validateConfig({ web: { allow_private: ["127.0.0.1", entry] } })).toThrow(
      new RegExp(`^config\\.yaml: web\\.allow_private\\.1 .*${why}`),
    );
  });

  it("matches by address and port, CIDR, or host name", () => {
    const list = new AllowList(["127.0.0.1:8080", "10.0.0.0/8", "nas.local", "*.lan:443"]);
    const ip = (text: string) => parseIp(text)!;
    expect(list.allows("x", 8080, ip("127.0.0.1"))?.text).toBe("127.0.0.1:8080");
    expect(list.allows("x", 8081, ip("127.0.0.1"))).toBeUndefined();
    expect(list.allows("x", 1, ip("10.9.9.9"))?.text).toBe("10.0.0.0/8");
    expect(list.allows("NAS.local", 1, ip("192.168.1.2"))?.text).toBe("nas.local");
    expect(list.allows("printer.lan", 443, ip("192.168.1.3"))?.text).toBe("*.lan:443");
    expect(list.allows("printer.lan", 80, ip("192.168.1.3"))).toBeUndefined();
  });
});

describe("checkDestination", () => {
  const lookup: LookupFn = async (host) => {
    const table: Record<string, string[]> = {
      "evil.test": ["169.254.169.254"],
      "mixed.test": ["93.184.216.34", "10.0.0.1"],
      "public.test": ["93.184.216.34"],
      "v6local.test": ["fd00::5"],
    };
    const found = table[host];
    if (!found) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return found.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  const guard = { allow: new AllowList([]), lookup };

  it("refuses names resolving to private addresses and names the fix", async () => {
    await expect(checkDestination("evil.test", 80, guard)).rejects.toThrow(
      /evil\.test resolves to 169\.254\.169\.254, the cloud metadata address/,
    );
    await expect(checkDestination("mixed.test", 80, guard)).rejects.toThrow(/10\.0\.0\.1, a private address/);
    await expect(checkDestination("v6local.test", 443, guard)).rejects.toMatchObject({
      code: "POLICY_DENIED",
      fix: expect.stringContaining('"[fd00::5]:443" to web.allow_private'),
    });
  });

  it("pins to the checked address of a public name", async () => {
    expect(await checkDestination("public.test", 443, guard)).toMatchObject({
      address: "93.184.216.34",
      family: 4,
    });
  });

  it("says when a name does not resolve", async () => {
    await expect(checkDestination("nowhere.test", 80, guard)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("refuses other schemes, credentials and the odd spellings of loopback", async () => {
    for (const url of ["file:///etc/passwd", "javascript:alert(1)", "ftp://public.test/", "gopher://x/"]) {
      await expect(checkUrl(new URL(url), guard)).rejects.toThrow(/only http and https/);
    }
    await expect(checkUrl(new URL("http://user:pw@public.test/"), guard)).rejects.toThrow(/credentials/);
    for (const url of [
      "http://0x7f.1/",
      "http://2130706433/",
      "http://0177.0.0.1/",
      "http://127.1/",
      "http://[::ffff:127.0.0.1]/",
      "http://0.0.0.0/",
    ]) {
      await expect(checkUrl(new URL(url), guard)).rejects.toMatchObject({ code: "POLICY_DENIED" });
    }
  });
});
