import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A throwaway JARVIS_HOME (and HOME, so file roots point into it) for one test.
 * `env` is what to pass to a runtime or a spawned `jarvis`.
 */
export interface TempHome {
  dir: string;
  home: string;
  jarvisHome: string;
  env: NodeJS.ProcessEnv;
  writeConfig(yaml: string): void;
  cleanup(): void;
}

/** The passphrase of every temp home's store (tests that open jarvis.db themselves use `TEST_STORE_KEY`). */
export const TEST_PASSPHRASE = "correct horse battery staple (test)";
export const TEST_STORE_KEY = { kind: "passphrase", text: TEST_PASSPHRASE } as const;

export function createTempHome(prefix = "jarvis-test-"): TempHome {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const home = join(dir, "home");
  const jarvisHome = join(home, ".jarvis");
  for (const sub of ["Documents", "Desktop", "Downloads"]) mkdirSync(join(home, sub), { recursive: true });
  mkdirSync(jarvisHome, { recursive: true, mode: 0o700 });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    JARVIS_HOME: jarvisHome,
    JARVIS_MODEL_PROVIDER: "none",
    JARVIS_LOG_LEVEL: "warn",
    // Tests never touch the developer's keychain; the keychain path has its own test.
    JARVIS_KEYCHAIN: "off",
    // So the store is encrypted as it is for users (with no keychain, by a passphrase).
    JARVIS_PASSPHRASE: TEST_PASSPHRASE,
  };
  return {
    dir,
    home,
    jarvisHome,
    env,
    writeConfig(yaml) {
      writeFileSync(join(jarvisHome, "config.yaml"), yaml, { mode: 0o600 });
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
