import { readdirSync } from "node:fs";
import { join } from "node:path";
import { JarvisError } from "../../core/errors.js";
import { macChord } from "../keys.js";
import { runChecked } from "../runner.js";
import type {
  AppInfo,
  Apps,
  CommandRunner,
  Input,
  KeyChord,
  MouseButton,
  Rect,
  WindowInfo,
  Windows,
} from "../types.js";
import { osascript, SCRIPTS } from "./osascript.js";

/** `.app` bundles in the standard folders; the bundle name is the id `open -a` takes. */
export function installedMacApps(home: string, dirs?: string[]): string[] {
  const roots = dirs ?? [
    "/Applications",
    "/System/Applications",
    "/System/Applications/Utilities",
    join(home, "Applications"),
  ];
  const names = new Set<string>();
  for (const root of roots) {
    try {
      for (const entry of readdirSync(root)) if (entry.endsWith(".app")) names.add(entry.slice(0, -4));
    } catch {
      // folder absent
    }
  }
  return [...names].sort((a, b) => a.localeCompare(b));
}

export class MacApps implements Apps {
  constructor(
    private readonly run: CommandRunner,
    private readonly installed: () => string[],
    private readonly kill: (pid: number, signal: NodeJS.Signals) => void = (pid, signal) =>
      process.kill(pid, signal),
  ) {}

  private async running(signal?: AbortSignal): Promise<Array<{ name: string; pid: number }>> {
    return JSON.parse(await osascript(this.run, SCRIPTS.runningApps, [], { language: "JavaScript", signal }));
  }

  async list(signal?: AbortSignal): Promise<AppInfo[]> {
    const running = await this.running(signal);
    const names = new Set([...this.installed(), ...running.map((r) => r.name)]);
    return [...names]
      .map((name) => {
        const pids = running.filter((r) => r.name === name).map((r) => r.pid);
        return { id: name, name, running: pids.length > 0, pids };
      })
      .sort((a, b) => Number(b.running) - Number(a.running) || a.name.localeCompare(b.name));
  }

  async resolve(query: string, signal?: AbortSignal): Promise<AppInfo | undefined> {
    const q = query
      .toLowerCase()
      .trim()
      .replace(/\.app$/, "");
    const apps = await this.list(signal);
    return (
      apps.find((a) => a.name.toLowerCase() === q) ??
      apps.find((a) => a.name.toLowerCase().startsWith(q)) ??
      (q.length >= 3 ? apps.find((a) => a.name.toLowerCase().includes(q)) : undefined)
    );
  }

  async launch(app: AppInfo, signal?: AbortSignal): Promise<{ pid?: number | undefined }> {
    await runChecked(this.run, "open", ["-a", app.id], { signal });
    return {};
  }

  async quit(
    app: AppInfo,
    options: { force: boolean },
    signal?: AbortSignal,
  ): Promise<{ closed: number; killed: number }> {
    if (!options.force) {
      await osascript(this.run, SCRIPTS.quitApp, [app.id], { signal });
      return { closed: 1, killed: 0 };
    }
    for (const pid of app.pids) this.kill(pid, "SIGTERM");
    return { closed: 0, killed: app.pids.length };
  }
}

function split(window: WindowInfo): [string, string] {
  const [pid, index] = window.id.split(":");
  if (!pid || !index)
    throw new JarvisError("ARGS_INVALID", `"${window.id}" is not a macOS window id (pid:index)`);
  return [pid, index];
}

/** Windows through System Events; ids are `pid:index`, index 1 being the app's front window. */
export class MacWindows implements Windows {
  constructor(private readonly run: CommandRunner) {}

  async list(signal?: AbortSignal): Promise<WindowInfo[]> {
    const raw = JSON.parse(
      await osascript(this.run, SCRIPTS.listWindows, [], { language: "JavaScript", signal }),
    ) as Array<{
      pid: number;
      app: string;
      index: number;
      title: string;
      x: number;
      y: number;
      width: number;
      height: number;
      active: boolean;
    }>;
    return raw.map((w) => ({
      id: `${w.pid}:${w.index}`,
      title: w.title,
      app: w.app,
      pid: w.pid,
      rect: { x: w.x, y: w.y, width: w.width, height: w.height },
      active: w.active,
    }));
  }

  async active(signal?: AbortSignal): Promise<WindowInfo | undefined> {
    return (await this.list(signal)).find((w) => w.active);
  }

  private action(window: WindowInfo, action: string, extra: string[], signal?: AbortSignal): Promise<string> {
    return osascript(this.run, SCRIPTS.windowAction, [...split(window), action, ...extra], {
      language: "JavaScript",
      signal,
    });
  }

  async focus(window: WindowInfo, signal?: AbortSignal): Promise<void> {
    await this.action(window, "focus", [], signal);
  }

  async move(window: WindowInfo, rect: Partial<Rect>, signal?: AbortSignal): Promise<void> {
    const n = (value: number | undefined) => (value === undefined ? "NaN" : String(Math.round(value)));
    await this.action(window, "move", [n(rect.x), n(rect.y), n(rect.width), n(rect.height)], signal);
  }

  async maximize(window: WindowInfo, signal?: AbortSignal): Promise<void> {
    await this.move(window, await this.workArea(signal), signal);
  }

  async minimize(window: WindowInfo, signal?: AbortSignal): Promise<void> {
    await this.action(window, "minimize", [], signal);
  }

  async close(window: WindowInfo, signal?: AbortSignal): Promise<void> {
    await this.action(window, "close", [], signal);
  }

  async workArea(signal?: AbortSignal): Promise<Rect> {
    const [left, top, right, bottom] = JSON.parse(
      await osascript(this.run, SCRIPTS.screenBounds, [], { language: "JavaScript", signal }),
    ) as number[];
    // The menu bar takes the top 25 points of the main screen.
    const menuBar = 25;
    return {
      x: left ?? 0,
      y: (top ?? 0) + menuBar,
      width: (right ?? 0) - (left ?? 0),
      height: (bottom ?? 0) - (top ?? 0) - menuBar,
    };
  }
}

export class MacInput implements Input {
  constructor(
    private readonly run: CommandRunner,
    private readonly which: (program: string) => string | undefined,
  ) {}

  async type(text: string, _options: { delayMs: number }, signal?: AbortSignal): Promise<void> {
    await osascript(this.run, SCRIPTS.typeText, [text], { signal });
  }

  async hotkey(chord: KeyChord, signal?: AbortSignal): Promise<void> {
    const mac = macChord(chord);
    const key = mac.keyCode === undefined ? ["char", mac.character ?? ""] : ["code", String(mac.keyCode)];
    await osascript(this.run, SCRIPTS.hotkey, [...key, ...mac.modifiers], { signal });
  }

  async click(
    point: { x: number; y: number; button: MouseButton; double: boolean },
    signal?: AbortSignal,
  ): Promise<void> {
    const x = String(Math.round(point.x));
    const y = String(Math.round(point.y));
    if (point.button === "left" && !point.double) {
      await osascript(this.run, SCRIPTS.clickAt, [x, y], { signal });
      return;
    }
    // System Events only left-clicks once; cliclick does the rest.
    if (!this.which("cliclick")) {
      throw new JarvisError("UNAVAILABLE", "right, middle and double clicks need cliclick on macOS", {
        fix: "brew install cliclick",
      });
    }
    const verb = point.double ? "dc" : point.button === "right" ? "rc" : "c";
    await runChecked(this.run, "cliclick", [`${verb}:${x},${y}`], { signal });
  }
}
