import type { Keychain } from "../config/secrets.js";
import type { KeychainBackend } from "../config/vault.js";

/** A keychain that keeps secrets in a Map: for tests and the conformance driver, never for users. */
export class MemoryKeychain implements Keychain {
  readonly entries = new Map<string, string>();

  constructor(initial: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(initial)) this.entries.set(key, value);
  }

  async unavailable(): Promise<string | undefined> {
    return undefined;
  }
  async get(key: string): Promise<string | undefined> {
    return this.entries.get(key);
  }
  async set(key: string, secret: string): Promise<void> {
    this.entries.set(key, secret);
  }
  async delete(key: string): Promise<boolean> {
    return this.entries.delete(key);
  }
}

/** The vault's keychain calls over a Map (`keychainVault(new MemoryKeychainBackend(), home)`). */
export class MemoryKeychainBackend implements KeychainBackend {
  readonly entries = new Map<string, string>();

  get(account: string): string | null {
    return this.entries.get(account) ?? null;
  }
  set(account: string, value: string): void {
    this.entries.set(account, value);
  }
  delete(account: string): boolean {
    return this.entries.delete(account);
  }
}
