import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Entry } from "@napi-rs/keyring";
import { JarvisError } from "../core/errors.js";
import { writeFileAtomic } from "./atomic.js";
import { KEYCHAIN_SERVICE } from "./secrets.js";

/**
 * Where Jarvis keeps its own keys (the audit chain's MAC key, the store's encryption key): the
 * OS keychain (Secret Service on Linux, Keychain on macOS, Credential Manager on Windows) through
 * @napi-rs/keyring, or — only where no keychain answers — files (0600) in `JARVIS_HOME/keys`.
 * Entries are named per JARVIS_HOME, so two homes never share a key.
 */
export interface KeyVault {
  readonly kind: "keychain" | "file";
  /** For doctor: where the keys are. */
  readonly where: string;
  /** The stored value; undefined when there is none. Throws UNAVAILABLE when the vault cannot be read. */
  get(name: string): string | undefined;
  set(name: string, value: string): void;
  delete(name: string): boolean;
}

/** The keychain calls the vault makes; tests pass one over a fake or a real Secret Service. */
export interface KeychainBackend {
  get(account: string): string | null;
  set(account: string, value: string): void;
  delete(account: string): boolean;
}

/**
 * The system keychain, or why it cannot be used. `JARVIS_KEYCHAIN=off` turns it off (tests, and
 * machines whose keychain must not be touched). On Linux the entry is pinned to the Secret
 * Service: the library's fallback, the kernel keyring, forgets everything at reboot, which for
 * an encryption key would mean losing the data.
 */
export function systemKeychainBackend(env: NodeJS.ProcessEnv): KeychainBackend | { unavailable: string } {
  if (env.JARVIS_KEYCHAIN === "off")
    return { unavailable: "the keychain is turned off (JARVIS_KEYCHAIN=off)" };
  const options = process.platform === "linux" ? { linux: { store: "secret-service" as const } } : undefined;
  const entry = (account: string) => new Entry(KEYCHAIN_SERVICE, account, options);
  try {
    entry("probe").getPassword();
  } catch (error) {
    return { unavailable: `no keychain answers (${firstLine((error as Error).message)})` };
  }
  return {
    get: (account) => entry(account).getPassword(),
    set: (account, value) => entry(account).setPassword(value),
    delete: (account) => entry(account).deletePassword(),
  };
}

/** A short stable id of one JARVIS_HOME, so its entries do not collide with another home's. */
export function homeId(jarvisHome: string): string {
  let path = jarvisHome;
  try {
    path = realpathSync.native(jarvisHome);
  } catch {
    // not created yet: the literal path
  }
  return createHash("sha256").update(path).digest("hex").slice(0, 16);
}

export function keychainVault(backend: KeychainBackend, jarvisHome: string): KeyVault {
  const id = homeId(jarvisHome);
  const account = (name: string) => `${name}/${id}`;
  const failed = (what: string, error: unknown) =>
    new JarvisError("UNAVAILABLE", `the keychain could not ${what}: ${firstLine((error as Error).message)}`, {
      fix: "unlock the login keychain (on Linux a Secret Service such as gnome-keyring must be running)",
    });
  return {
    kind: "keychain",
    where: `the system keychain (service "${KEYCHAIN_SERVICE}", entries ending /${id})`,
    get(name) {
      try {
        return backend.get(account(name)) ?? undefined;
      } catch (error) {
        throw failed(`read ${name}`, error);
      }
    },
    set(name, value) {
      try {
        backend.set(account(name), value);
      } catch (error) {
        throw failed(`store ${name}`, error);
      }
    },
    delete(name) {
      try {
        return backend.delete(account(name));
      } catch (error) {
        throw failed(`delete ${name}`, error);
      }
    },
  };
}

/** Keys as files in `JARVIS_HOME/keys` (directory 0700, files 0600): only when no keychain exists. */
export function fileVault(jarvisHome: string): KeyVault {
  const dir = join(jarvisHome, "keys");
  const file = (name: string) => join(dir, `${name.replace(/[^a-z0-9-]/gi, "_")}.key`);
  return {
    kind: "file",
    where: `${dir} (files readable only by you; no keychain was available)`,
    get(name) {
      const path = file(name);
      if (!existsSync(path)) return undefined;
      try {
        return readFileSync(path, "utf8").trim();
      } catch (error) {
        throw new JarvisError(
          "UNAVAILABLE",
          `cannot read ${path}: ${(error as NodeJS.ErrnoException).code}`,
          {
            fix: `make ${dir} readable by you (chmod 700)`,
          },
        );
      }
    },
    set(name, value) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      chmodSync(dir, 0o700);
      writeFileAtomic(file(name), `${value}\n`, 0o600);
    },
    delete(name) {
      const path = file(name);
      if (!existsSync(path)) return false;
      rmSync(path);
      return true;
    },
  };
}

export interface OpenedVault {
  vault: KeyVault;
  /** Why the keychain was not used (file vault), for doctor. */
  keychainProblem?: string;
}

/** The keychain when one answers, else the file vault. */
export function openVault(
  jarvisHome: string,
  env: NodeJS.ProcessEnv,
  backend: KeychainBackend | { unavailable: string } = systemKeychainBackend(env),
): OpenedVault {
  if ("unavailable" in backend) return { vault: fileVault(jarvisHome), keychainProblem: backend.unavailable };
  return { vault: keychainVault(backend, jarvisHome) };
}

function firstLine(text: string): string {
  return text.trim().split("\n")[0]?.slice(0, 200) ?? "";
}
