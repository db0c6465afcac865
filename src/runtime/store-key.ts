import { randomBytes } from "node:crypto";
import type { JarvisPaths } from "../config/paths.js";
import type { JarvisConfig } from "../config/schema.js";
import type { OpenedVault } from "../config/vault.js";
import { JarvisError } from "../core/errors.js";
import { isRawKey, type StoreFileState, type StoreKey, storeFileState } from "../store/cipher.js";

/** The vault entry holding the store's key (one per JARVIS_HOME, like the audit key). */
export const STORE_KEY_NAME = "store-key";

/** Where the store's key comes from: the keychain, the user's passphrase, or nowhere (the opt-out). */
export type StoreKeySource = "keychain" | "passphrase" | "off";

export interface StoreKeyPlan {
  source: StoreKeySource;
  state: StoreFileState;
  /** What opens the file as it is now (undefined: plaintext or new). */
  current?: StoreKey;
  /** What the file should be locked with (undefined: plaintext, only with the opt-out). */
  wanted?: StoreKey;
}

export interface StoreKeyInputs {
  paths: JarvisPaths;
  config: Pick<JarvisConfig, "store">;
  env: NodeJS.ProcessEnv;
  keys: OpenedVault;
}

interface StoredKey {
  v: 1;
  key: string;
}

const PASSPHRASE_HINT = "give JARVIS_PASSPHRASE (or run jarvis on a terminal to be asked)";

/** The passphrase from the environment, if one was given (an empty value is none). */
export function passphraseFrom(env: NodeJS.ProcessEnv): StoreKey | undefined {
  const text = env.JARVIS_PASSPHRASE;
  return text ? { kind: "passphrase", text } : undefined;
}

/**
 * Decides how the store is opened: with which key now, and with which key from now on. Never
 * falls back to plaintext: a missing, damaged or unreachable key is one error with the fix, and
 * only `store.encryption: off` leaves the file unencrypted. A new keychain key is made only
 * when the store is not encrypted yet, so an existing store is never re-keyed by accident.
 */
export function planStoreKey(inputs: StoreKeyInputs): StoreKeyPlan {
  const state = storeFileState(inputs.paths.database);
  const passphrase = passphraseFrom(inputs.env);
  if (inputs.config.store.encryption === "off") {
    if (state !== "encrypted") return { source: "off", state };
    const current = passphrase ?? keychainKey(inputs, "decrypt");
    return { source: "off", state, current };
  }
  if (passphrase)
    return {
      source: "passphrase",
      state,
      wanted: passphrase,
      ...(state === "encrypted" ? { current: passphrase } : {}),
    };
  if (state === "encrypted") {
    const key = keychainKey(inputs, "open");
    return { source: "keychain", state, current: key, wanted: key };
  }
  return { source: "keychain", state, wanted: keychainKey(inputs, "create") };
}

/**
 * What `jarvis` on a terminal must ask for before it opens the store: a passphrase for a store
 * that has none of its key in the keychain (`existing`), or a new one when there is no keychain
 * to hold a key (`new`). Undefined when nothing need be asked.
 */
export function passphraseNeeded(inputs: StoreKeyInputs): "new" | "existing" | undefined {
  if (inputs.config.store.encryption === "off" || passphraseFrom(inputs.env)) return undefined;
  const state = storeFileState(inputs.paths.database);
  const { vault } = inputs.keys;
  if (vault.kind !== "keychain") return state === "encrypted" ? "existing" : "new";
  if (state !== "encrypted") return undefined;
  try {
    return vault.get(STORE_KEY_NAME) === undefined ? "existing" : undefined;
  } catch {
    return undefined; // the runtime reports the keychain's own error
  }
}

function keychainKey(inputs: StoreKeyInputs, purpose: "open" | "create" | "decrypt"): StoreKey {
  const { vault, keychainProblem } = inputs.keys;
  const path = inputs.paths.database;
  if (vault.kind !== "keychain") {
    throw purpose === "create"
      ? new JarvisError(
          "STORE_LOCKED",
          `no keychain can hold the key to encrypt ${path}: ${keychainProblem}`,
          {
            fix: `${PASSPHRASE_HINT}, start a keychain (on Linux a Secret Service such as gnome-keyring), or set store.encryption: off in config.yaml to keep it unencrypted`,
          },
        )
      : new JarvisError(
          "STORE_LOCKED",
          `the store at ${path} is encrypted and no keychain answers: ${keychainProblem}`,
          {
            fix: `unlock or start the keychain (on Linux a Secret Service such as gnome-keyring), or ${PASSPHRASE_HINT} if you chose a passphrase; nothing was changed`,
          },
        );
  }
  const stored = vault.get(STORE_KEY_NAME);
  if (stored !== undefined) return parseStoredKey(stored, vault.where, purpose === "create");
  if (purpose !== "create") {
    throw new JarvisError(
      "STORE_LOCKED",
      `the store at ${path} is encrypted and its key is missing from ${vault.where}`,
      {
        fix: `restore the "${STORE_KEY_NAME}" entry from a keychain backup, or ${PASSPHRASE_HINT} if you chose a passphrase; nothing was changed`,
      },
    );
  }
  const key = randomBytes(32).toString("hex");
  vault.set(STORE_KEY_NAME, JSON.stringify({ v: 1, key } satisfies StoredKey));
  return { kind: "raw", hex: key };
}

function parseStoredKey(text: string, where: string, unused: boolean): StoreKey {
  try {
    const value = JSON.parse(text) as Partial<StoredKey>;
    if (value.v === 1 && typeof value.key === "string" && isRawKey(value.key))
      return { kind: "raw", hex: value.key };
  } catch {
    // reported below
  }
  throw new JarvisError("STORE_LOCKED", `the store's key in ${where} is damaged`, {
    fix: unused
      ? `the store is not encrypted with it yet: delete the "${STORE_KEY_NAME}" entry (keep a copy if an old backup needs it) and run again`
      : `restore the "${STORE_KEY_NAME}" entry from a keychain backup; without it the store cannot be read, and nothing was changed`,
  });
}

export function sameKey(a: StoreKey | undefined, b: StoreKey | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.kind === b.kind && (a.kind === "raw" ? a.hex === (b as typeof a).hex : a.text === (b as typeof a).text)
  );
}

/**
 * `passphraseNeeded` for a home given only its environment (the CLI asks before it opens the
 * runtime). Any problem reading config or keys is left for the runtime to report.
 */
export async function storePassphraseNeeded(env: NodeJS.ProcessEnv): Promise<"new" | "existing" | undefined> {
  try {
    const [{ configReader, readConfigSource }, { pathsFor, resolveHome }, { openVault }, { codeIdentity }] =
      await Promise.all([
        import("../config/config-cache.js"),
        import("../config/paths.js"),
        import("../config/vault.js"),
        import("../core/package-root.js"),
      ]);
    const paths = pathsFor(resolveHome(env));
    // The config as `jarvis ask` reads it (kept by the file's bytes when bundled): asking at a
    // terminal must not load the YAML parser and the schema that the ask itself skips
    const identity = codeIdentity(import.meta.url)?.code;
    const loadConfig = await configReader(paths.cache, identity, readConfigSource(paths.config));
    return passphraseNeeded({
      paths,
      config: loadConfig(paths.config),
      env,
      keys: openVault(paths.home, env),
    });
  } catch {
    return undefined;
  }
}
