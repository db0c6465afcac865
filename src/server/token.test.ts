import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { bearerToken, loadOrCreateToken, tokenFromProtocols, tokenMatches } from "./token.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tokenPath(): string {
  const dir = mkdtempSync(join(tmpdir(), "jarvis-token-"));
  dirs.push(dir);
  return join(dir, "token");
}

describe("token file", () => {
  it("creates a random 256-bit token readable only by the user, and reuses it", () => {
    const path = tokenPath();
    const token = loadOrCreateToken(path);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(loadOrCreateToken(path)).toBe(token);
    expect(loadOrCreateToken(tokenPath())).not.toBe(token);
  });

  it("replaces a malformed token and tightens a widened mode", () => {
    const path = tokenPath();
    writeFileSync(path, "hunter2\n", { mode: 0o644 });
    const token = loadOrCreateToken(path);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path, "utf8").trim()).toBe(token);
    chmodSync(path, 0o644);
    expect(loadOrCreateToken(path)).toBe(token);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });
});

describe("token checks", () => {
  const token = "ab".repeat(32);
  it("matches only the exact token", () => {
    expect(tokenMatches(token, token)).toBe(true);
    for (const given of [
      undefined,
      "",
      token.slice(1),
      `${token}0`,
      token.toUpperCase(),
      "x".repeat(10_000),
    ]) {
      expect(tokenMatches(token, given)).toBe(false);
    }
  });

  it("reads bearer headers and WebSocket subprotocols", () => {
    expect(bearerToken(`Bearer ${token}`)).toBe(token);
    expect(bearerToken(`bearer  ${token} `)).toBe(token);
    expect(bearerToken(`Basic ${token}`)).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
    expect(tokenFromProtocols(`jarvis, token.${token}`)).toBe(token);
    expect(tokenFromProtocols("jarvis")).toBeUndefined();
    expect(tokenFromProtocols(undefined)).toBeUndefined();
  });
});
