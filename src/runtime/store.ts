import type { JarvisPaths } from "../config/paths.js";
import type { JarvisConfig } from "../config/schema.js";
import type { OpenedVault } from "../config/vault.js";
import { isJarvisError } from "../core/errors.js";
import type { Logger } from "../core/logger.js";
import { type RekeyHooks, rekeyStore } from "../store/cipher.js";
import { openStore, type SqliteDatabase } from "../store/database.js";
import type { DerivedKey } from "../store/key-ahead.js";
import { planStoreKey, type StoreKeyPlan, sameKey } from "./store-key.js";

export interface HomeStore {
  db: SqliteDatabase;
  plan: StoreKeyPlan;
  /** What happened to the file on the way (encrypted, decrypted, or why not yet): said to the user once. */
  notice?: string;
}

/**
 * Opens `jarvis.db` the way config and keys say: encrypted with the keychain's key or the
 * passphrase, or plaintext only by the opt-out. A plaintext store (from before encryption) is
 * encrypted on the way in, and an encrypted one decrypted for the opt-out, both atomically.
 * When another Jarvis holds the file, the rewrite waits for a later start: the store opens as
 * it is, and the notice says so.
 */
export function openHomeStore(
  inputs: {
    paths: JarvisPaths;
    config: Pick<JarvisConfig, "store">;
    env: NodeJS.ProcessEnv;
    keys: OpenedVault;
    logger: Logger;
    /** A passphrase's key derived ahead (a one-shot command's, `store/key-ahead.ts`). */
    derived?: DerivedKey;
  },
  hooks: RekeyHooks = {},
): HomeStore {
  const plan = planStoreKey(inputs);
  const path = inputs.paths.database;
  if (plan.state === "new" || sameKey(plan.current, plan.wanted)) {
    const derived = inputs.derived;
    return { db: openStore(path, plan.wanted ? { key: plan.wanted, derived } : {}), plan };
  }
  let notice: string;
  let key = plan.wanted;
  try {
    const report = rekeyStore(path, plan.current, plan.wanted, hooks);
    notice = plan.wanted
      ? `the store was encrypted (${report.rows} rows in ${report.tables} tables, key in ${plan.source === "passphrase" ? "your passphrase" : inputs.keys.vault.where})`
      : `the store was decrypted because store.encryption is off (${report.rows} rows in ${report.tables} tables)`;
    inputs.logger.warn({ security: true, ...report }, notice);
  } catch (error) {
    if (!isJarvisError(error) || error.details?.busy !== true) throw error;
    key = plan.current;
    notice = `the store stays ${plan.current ? "encrypted" : "unencrypted"} for now: ${error.message}; it will be ${plan.wanted ? "encrypted" : "decrypted"} when Jarvis next starts alone`;
    inputs.logger.warn({ security: true }, notice);
  }
  return { db: openStore(path, key ? { key } : {}), plan, notice };
}
