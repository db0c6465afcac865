import type { DoctorCheck, DoctorResult } from "../../config/doctor.js";
import { makeHomePrivate } from "../../config/private-home.js";
import { openVault } from "../../config/vault.js";
import { isJarvisError } from "../../core/errors.js";
import { storeFileState } from "../../store/cipher.js";
import { openStore } from "../../store/database.js";
import { passphraseFrom, planStoreKey, STORE_KEY_NAME } from "../store-key.js";

type Report = Omit<DoctorResult, "name" | "area">;

/**
 * Whether jarvis.db is encrypted, where its key is, and whether that key opens it (a read-only
 * open: doctor changes nothing, and never makes a key).
 */
const storeEncryption: DoctorCheck = {
  name: "store encryption",
  area: "security",
  async run(context) {
    if (!context.config) return { status: "warn", detail: "not checked: config.yaml has an error" };
    const { paths, env, config } = context;
    const state = storeFileState(paths.database);
    const keys = openVault(paths.home, env);
    if (config.store.encryption === "off") {
      return {
        status: "warn",
        detail: `jarvis.db is ${state === "encrypted" ? "encrypted, and will be decrypted at the next start" : "not encrypted"} because store.encryption is off`,
        fix: "remove store.encryption: off from config.yaml; Jarvis encrypts the store at its next start",
      };
    }
    if (state === "new") return newStore(keys.vault.kind === "keychain" ? keys.vault.where : undefined, env);
    if (state === "plaintext") {
      return {
        status: "warn",
        detail:
          "jarvis.db is not encrypted yet (it was made before encryption, or another Jarvis held it open)",
        fix: "start Jarvis with no other Jarvis running (`jarvis service stop` first): it encrypts the store on the way in",
      };
    }
    try {
      const plan = planStoreKey({ paths, config, env, keys });
      if (plan.current) openStore(paths.database, { key: plan.current, readonly: true }).close();
      const where = plan.source === "passphrase" ? "your passphrase (JARVIS_PASSPHRASE)" : keys.vault.where;
      return { status: "ok", detail: `jarvis.db is encrypted (ChaCha20-Poly1305); its key is ${where}` };
    } catch (error) {
      if (!isJarvisError(error)) throw error;
      const noPassphraseGiven = !passphraseFrom(env) && keys.vault.kind !== "keychain";
      return noPassphraseGiven
        ? {
            status: "ok",
            detail:
              "jarvis.db is encrypted with a passphrase (not checked: JARVIS_PASSPHRASE is not set here)",
          }
        : { status: "error", detail: error.message, ...(error.fix ? { fix: error.fix } : {}) };
    }
  },
};

function newStore(keychain: string | undefined, env: NodeJS.ProcessEnv): Report {
  if (passphraseFrom(env))
    return { status: "ok", detail: "jarvis.db will be encrypted with JARVIS_PASSPHRASE" };
  if (keychain) {
    return {
      status: "ok",
      detail: `jarvis.db will be encrypted with a key kept in ${keychain} ("${STORE_KEY_NAME}")`,
    };
  }
  return {
    status: "warn",
    detail: "no keychain answers, so jarvis.db needs a passphrase: jarvis asks for one on a terminal",
    fix: "set JARVIS_PASSPHRASE for the service and scripts, or start a keychain (gnome-keyring on Linux)",
  };
}

/** JARVIS_HOME and what is in it readable by the user only (Jarvis tightens it at each start). */
const homePermissions: DoctorCheck = {
  name: "home permissions",
  area: "security",
  async run(context) {
    const loose = makeHomePrivate(context.paths.home, { fix: false }).filter((item) => !item.unreachable);
    if (loose.length === 0)
      return { status: "ok", detail: `${context.paths.home} and its files are yours only` };
    return {
      status: "warn",
      detail: `readable by others: ${loose.map(({ path, was }) => `${path} (${was})`).join(", ")}`,
      fix: `run \`chmod -R go-rwx ${context.paths.home}\`; Jarvis also does it at its next start`,
    };
  },
};

export const STORE_CHECKS: DoctorCheck[] = [storeEncryption, homePermissions];
