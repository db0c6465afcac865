import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, existsSync, readFileSync, statSync } from "node:fs";
import { writeFileAtomic } from "../config/atomic.js";

const TOKEN = /^[0-9a-f]{64}$/;

/**
 * The API token in `JARVIS_HOME/token` (mode 0600). Reused across restarts so open tabs keep
 * working; a missing or malformed file gets a fresh random one.
 */
export function loadOrCreateToken(path: string): string {
  if (existsSync(path)) {
    const existing = readFileSync(path, "utf8").trim();
    if (TOKEN.test(existing)) {
      // Another program may have widened the mode; the token is a password.
      if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
      return existing;
    }
  }
  const token = randomBytes(32).toString("hex");
  writeFileAtomic(path, `${token}\n`, 0o600);
  return token;
}

/** Constant-time comparison (hashing first makes the lengths equal). */
export function tokenMatches(expected: string, given: string | undefined): boolean {
  if (typeof given !== "string" || given.length === 0 || given.length > 512) return false;
  const a = createHash("sha256").update(expected).digest();
  const b = createHash("sha256").update(given).digest();
  return timingSafeEqual(a, b);
}

/** `Authorization: Bearer <token>`; undefined when absent or another scheme. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** WebSocket clients pass `jarvis` plus `token.<token>` as subprotocols (never the query string). */
export const WS_PROTOCOL = "jarvis";
export const WS_TOKEN_PREFIX = "token.";

export function tokenFromProtocols(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.join(",") : header;
  if (!value) return undefined;
  for (const part of value.split(",")) {
    const protocol = part.trim();
    if (protocol.startsWith(WS_TOKEN_PREFIX)) return protocol.slice(WS_TOKEN_PREFIX.length);
  }
  return undefined;
}
