import type { Keychain } from "../config/secrets.js";

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
