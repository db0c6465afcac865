import { pbkdf2 } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";
import { promisify } from "node:util";

/**
 * A passphrase's key for one encrypted store, derived before the store is opened, on libuv's
 * thread pool, so that a one-shot command's main thread loads code meanwhile (the derivation
 * is ~25 ms of a cold `jarvis ask`, docs/decisions/0040). It is exactly what
 * SQLite3MultipleCiphers derives at `db.key(passphrase)` for its default cipher,
 * ChaCha20-Poly1305: PBKDF2-HMAC-SHA256 over the file's 16-byte salt (its first bytes), 64007
 * iterations, 32 bytes; handed to SQLite as a raw key, which skips the library's own
 * derivation. Held in memory only, as the passphrase is; never written anywhere. The
 * encryption is unchanged: same key, same file. If the library ever derived differently, the
 * raw key would not open the file and `unlockStore` falls back to the passphrase.
 */
export interface DerivedKey {
  /** The passphrase it was derived from. */
  text: string;
  /** The salt it was derived with: the file's first 16 bytes then. */
  salt: Buffer;
  /** The 32-byte key, hex. */
  hex: string;
}

const SALT_BYTES = 16;
const KDF_ITERATIONS = 64007;
const KEY_BYTES = 32;
const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1");
const derive = promisify(pbkdf2);

/** The salt of an encrypted store file, or undefined (no file, empty, or plaintext SQLite). */
export function storeSalt(path: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return undefined;
  }
  try {
    const head = Buffer.alloc(SALT_BYTES);
    const read = readSync(fd, head, 0, SALT_BYTES, 0);
    return read === SALT_BYTES && !head.equals(SQLITE_HEADER) ? head : undefined;
  } finally {
    closeSync(fd);
  }
}

/** Starts deriving `text`'s key for the store at `path`; undefined when it is not an encrypted store. */
export async function deriveAhead(path: string, text: string): Promise<DerivedKey | undefined> {
  const salt = storeSalt(path);
  if (!salt || text.length === 0) return undefined;
  const key = await derive(Buffer.from(text, "utf8"), salt, KDF_ITERATIONS, KEY_BYTES, "sha256");
  return { text, salt, hex: key.toString("hex") };
}

/** The raw key to try first for `text` on the file at `path`: only one derived from both as they are now. */
export function aheadFor(derived: DerivedKey | undefined, text: string, path: string): Buffer | undefined {
  if (!derived || derived.text !== text) return undefined;
  const salt = storeSalt(path);
  return salt?.equals(derived.salt) ? Buffer.from(`x'${derived.hex}'`, "latin1") : undefined;
}
