import { randomBytes } from "node:crypto";
import type { KeyVault } from "../config/vault.js";
import { JarvisError } from "../core/errors.js";
import type { AuditKey } from "./audit.js";

/** The vault entry holding the audit chain's MAC key. */
export const AUDIT_KEY_NAME = "audit-key";

interface StoredKey {
  v: 1;
  key: string;
  since: number;
}

/**
 * The audit MAC key from the vault, created on first use. A new key covers the entries from the
 * next one on (`since`): older entries were written unkeyed and stay verifiable as such. The
 * start of the keyed part lives with the key, outside the database, so rewriting the database
 * cannot move it; a log shorter than `since` − 1 fails verification. A damaged entry is one
 * error line, never a silent unkeyed chain.
 */
export function loadAuditKey(vault: KeyVault, nextSeq: () => number): AuditKey {
  const stored = vault.get(AUDIT_KEY_NAME);
  // An empty log with an older key: the database was started afresh (an emptied log is evident
  // by itself), so the new log gets a new key from its first entry.
  if (stored !== undefined && nextSeq() > 1) return parseKey(stored, vault);
  const key: StoredKey = { v: 1, key: randomBytes(32).toString("hex"), since: nextSeq() };
  vault.set(AUDIT_KEY_NAME, JSON.stringify(key));
  return { secret: Buffer.from(key.key, "hex"), since: key.since };
}

function parseKey(text: string, vault: KeyVault): AuditKey {
  try {
    const value = JSON.parse(text) as Partial<StoredKey>;
    if (
      value.v === 1 &&
      typeof value.key === "string" &&
      /^[0-9a-f]{64}$/.test(value.key) &&
      Number.isSafeInteger(value.since) &&
      (value.since ?? 0) >= 1
    ) {
      return { secret: Buffer.from(value.key, "hex"), since: value.since as number };
    }
  } catch {
    // reported below
  }
  throw new JarvisError("AUDIT_BROKEN", `the audit key in ${vault.where} is damaged`, {
    fix: `restore it from a backup of the keychain, or delete the "${AUDIT_KEY_NAME}" entry to start a new key (entries keyed with the old one will no longer verify)`,
  });
}
