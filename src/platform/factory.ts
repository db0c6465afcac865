import { JarvisError } from "../core/errors.js";
import { createLinuxPlatform } from "./linux/index.js";
import { createMacPlatform } from "./macos/index.js";
import { type SystemProbe, systemProbe } from "./requirements.js";
import { createCommandRunner, createProcessLauncher } from "./runner.js";
import type { CommandRunner, Platform, ProcessLauncher } from "./types.js";

export interface PlatformOptions {
  env: NodeJS.ProcessEnv;
  /** `process.platform` unless a test says otherwise. */
  platform?: NodeJS.Platform;
  /** Injected so the argv of every action can be asserted without running anything. */
  run?: CommandRunner;
  launcher?: ProcessLauncher;
  probe?: SystemProbe;
  procRoot?: string;
  sysRoot?: string;
  appDirs?: string[];
  kill?(pid: number, signal: NodeJS.Signals): void;
}

/** Picks the adapter for this OS. Other systems get a clear UNAVAILABLE, not a half-working adapter. */
export function createPlatform(options: PlatformOptions): Platform {
  const platform = options.platform ?? process.platform;
  const run = options.run ?? createCommandRunner(options.env);
  const probe = options.probe ?? systemProbe(options.env);
  if (platform === "linux" || platform === "freebsd" || platform === "openbsd") {
    return createLinuxPlatform({
      run,
      launcher: options.launcher ?? createProcessLauncher(options.env),
      probe,
      procRoot: options.procRoot,
      sysRoot: options.sysRoot,
    });
  }
  if (platform === "darwin")
    return createMacPlatform({ run, probe, appDirs: options.appDirs, kill: options.kill });
  return unsupportedPlatform(platform);
}

/** Windows and others: every capability reports why, every call fails with the same line. */
export function unsupportedPlatform(platform: string): Platform {
  const why = `desktop control is not supported on ${platform} (Linux X11 and macOS only)`;
  const refuse = () => {
    throw new JarvisError("UNAVAILABLE", why);
  };
  const stub = new Proxy({}, { get: () => refuse }) as never;
  return {
    os: "linux",
    apps: stub,
    windows: stub,
    input: stub,
    accessibility: stub,
    screen: stub,
    clipboard: stub,
    audio: stub,
    power: stub,
    notifier: stub,
    media: stub,
    unavailable: () => why,
    close: async () => {},
  };
}
