import { macUnavailable, type SystemProbe } from "../requirements.js";
import type { CommandRunner, Platform } from "../types.js";
import { MacAccessibility } from "./ax.js";
import { installedMacApps, MacApps, MacInput, MacWindows } from "./desktop.js";
import { MacAudio, MacClipboard, MacMedia, MacNotifier, MacPower, MacScreen } from "./system.js";

export interface MacPlatformOptions {
  run: CommandRunner;
  probe: SystemProbe;
  /** Where to look for `.app` bundles (tests pass a fixture). */
  appDirs?: string[];
  kill?(pid: number, signal: NodeJS.Signals): void;
}

/** macOS through osascript/JXA, open, screencapture, pbcopy/pbpaste, pmset. Not run on a Mac yet. */
export function createMacPlatform(options: MacPlatformOptions): Platform {
  const { run, probe } = options;
  const which = (program: string) => probe.which(program);
  return {
    os: "macos",
    apps: new MacApps(run, () => installedMacApps(probe.env.HOME ?? "", options.appDirs), options.kill),
    windows: new MacWindows(run),
    input: new MacInput(run, which),
    accessibility: new MacAccessibility(run),
    screen: new MacScreen(run),
    clipboard: new MacClipboard(run),
    audio: new MacAudio(run),
    power: new MacPower(run, which),
    notifier: new MacNotifier(run),
    media: new MacMedia(run),
    unavailable: (capability) => macUnavailable(capability, probe),
    close: async () => {},
  };
}

export { AX_ACT, AX_SNAPSHOT } from "./ax.js";
export { installedMacApps } from "./desktop.js";
export { osascript, osascriptError, SCRIPTS } from "./osascript.js";
export { parsePmset } from "./system.js";
