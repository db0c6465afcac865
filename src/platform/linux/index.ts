import { atspiPython, imagemagickImport, linuxUnavailable, type SystemProbe } from "../requirements.js";
import type { CommandRunner, Platform, ProcessLauncher } from "../types.js";
import { LinuxApps } from "./apps.js";
import { AtspiClient, LinuxAccessibility } from "./atspi.js";
import { LinuxClipboard, LinuxInput, LinuxScreen } from "./io.js";
import { LinuxAudio, LinuxMedia, LinuxNotifier, LinuxPower } from "./system.js";
import { LinuxWindows } from "./windows.js";

export interface LinuxPlatformOptions {
  run: CommandRunner;
  launcher: ProcessLauncher;
  probe: SystemProbe;
  /** Fixture roots for tests; the real `/proc` and `/sys/class` otherwise. */
  procRoot?: string;
  sysRoot?: string;
}

export function createLinuxPlatform(options: LinuxPlatformOptions): Platform {
  const { run, probe } = options;
  const which = (program: string) => probe.which(program);
  const accessibility = new LinuxAccessibility(new AtspiClient(atspiPython(probe) ?? "python3", probe.env));
  const fast = linuxUnavailable("accessibility", probe) === undefined && !probe.env.JARVIS_NO_X11_HELPER;
  const windows = new LinuxWindows(run, fast ? (signal) => accessibility.activeWindow(signal) : undefined);
  return {
    os: "linux",
    apps: new LinuxApps({
      env: probe.env,
      launcher: options.launcher,
      windows,
      which,
      procRoot: options.procRoot,
    }),
    windows,
    input: new LinuxInput(run),
    accessibility,
    screen: new LinuxScreen(run, imagemagickImport(probe) ?? "import"),
    clipboard: new LinuxClipboard(run),
    audio: new LinuxAudio(run, which),
    power: new LinuxPower(run, which, options.sysRoot),
    notifier: new LinuxNotifier(run),
    media: new LinuxMedia(run),
    unavailable: (capability) => linuxUnavailable(capability, probe),
    close: () => accessibility.close(),
  };
}

export { LinuxApps, loadDesktopEntries } from "./apps.js";
export { AtspiClient, atspiHelperPath, LinuxAccessibility } from "./atspi.js";
export { parseDesktopEntry, parseExec } from "./desktop-entry.js";
export { normalizeWindowId, parseWmctrlList, parseWorkArea } from "./windows.js";
