import { describe, expect, it } from "vitest";
import { hostAllowed, hostnameOf, isLoopbackHost, remoteHostNames, sameOrigin } from "./security.js";

const none = new Set<string>();

describe("Host check (DNS rebinding)", () => {
  it("accepts loopback names with any port and refuses everything else", () => {
    for (const host of ["127.0.0.1:7777", "localhost:7777", "LOCALHOST", "[::1]:7777", "127.0.0.2:80"]) {
      expect(hostAllowed(host, none), host).toBe(true);
    }
    for (const host of [
      undefined,
      "",
      "evil.example",
      "evil.example:7777",
      "127.0.0.1.nip.io",
      "localhost.evil.example",
      "0.0.0.0:7777",
      "192.168.1.5:7777",
      "user@127.0.0.1",
      "127.0.0.1/x",
      "127.0.0.1:7777 evil",
      "[::2]",
    ]) {
      expect(hostAllowed(host, none), String(host)).toBe(false);
    }
  });

  it("accepts the bound address only in remote mode", () => {
    expect(remoteHostNames({ allowRemote: false, boundHost: "192.168.1.5" }).size).toBe(0);
    const names = remoteHostNames({ allowRemote: true, boundHost: "192.168.1.5" });
    expect(hostAllowed("192.168.1.5:7777", names)).toBe(true);
    expect(hostAllowed("evil.example", names)).toBe(false);
    expect(remoteHostNames({ allowRemote: true, boundHost: "0.0.0.0" }).size).toBeGreaterThan(0);
  });

  it("parses host names and recognizes loopback", () => {
    expect(hostnameOf("[::1]:80")).toBe("::1");
    expect(hostnameOf("Example.ORG:1")).toBe("example.org");
    expect(isLoopbackHost("127.9.9.9")).toBe(true);
    expect(isLoopbackHost("128.0.0.1")).toBe(false);
  });
});

describe("Origin check", () => {
  it("is same-origin only when scheme is http(s) and host:port match exactly", () => {
    expect(sameOrigin("http://127.0.0.1:7777", "127.0.0.1:7777")).toBe(true);
    expect(sameOrigin("http://localhost:7777", "localhost:7777")).toBe(true);
    expect(sameOrigin("http://localhost:7777", "127.0.0.1:7777")).toBe(false);
    expect(sameOrigin("http://127.0.0.1:7778", "127.0.0.1:7777")).toBe(false);
    expect(sameOrigin("http://evil.example", "127.0.0.1:7777")).toBe(false);
    expect(sameOrigin("null", "127.0.0.1:7777")).toBe(false);
    expect(sameOrigin("file://", "127.0.0.1:7777")).toBe(false);
    expect(sameOrigin("chrome-extension://abc", "abc")).toBe(false);
    expect(sameOrigin("http://127.0.0.1:7777", undefined)).toBe(false);
  });
});
