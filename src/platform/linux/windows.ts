import { setTimeout as delay } from "node:timers/promises";
import { JarvisError } from "../../core/errors.js";
import { runChecked } from "../runner.js";
import type { CommandRunner, Rect, WindowInfo, Windows } from "../types.js";

const LINE =
  /^(0x[0-9a-fA-F]+)\s+(-?\d+)\s+(\d+)\s+(-?\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)\s+(\S+)\s+(\S+)(?:\s(.*))?$/;

/** `0x00600003` whatever spelling a program used (wmctrl pads, xdotool prints decimal). */
export function normalizeWindowId(id: string | number): string {
  const value = typeof id === "number" ? id : Number.parseInt(id, id.startsWith("0x") ? 16 : 10);
  if (!Number.isFinite(value) || value <= 0)
    throw new JarvisError("ARGS_INVALID", `"${id}" is not a window id`);
  return `0x${value.toString(16).padStart(8, "0")}`;
}

/** Parses `wmctrl -lpGx`: id, desktop, pid, geometry, WM_CLASS, host, title. */
export function parseWmctrlList(text: string, activeId: string | undefined): WindowInfo[] {
  const windows: WindowInfo[] = [];
  for (const line of text.split("\n")) {
    const m = LINE.exec(line.trimEnd());
    if (!m) continue;
    const id = normalizeWindowId(m[1] as string);
    const pid = Number(m[3]);
    const wmClass = m[8] as string;
    if (m[2] === "-1" && wmClass === "N/A") continue;
    windows.push({
      id,
      title: m[10] ?? "",
      app: wmClass.split(".")[0] ?? wmClass,
      pid: pid > 0 ? pid : undefined,
      rect: { x: Number(m[4]), y: Number(m[5]), width: Number(m[6]), height: Number(m[7]) },
      active: id === activeId,
    });
  }
  return windows;
}

/** Parses `wmctrl -d` for the current desktop's work area (`WA: x,y wxh`). */
export function parseWorkArea(text: string): Rect | undefined {
  const line = text.split("\n").find((l) => /^\d+\s+\*/.test(l)) ?? text.split("\n")[0] ?? "";
  const m = /WA:\s*(-?\d+),(-?\d+)\s+(\d+)x(\d+)/.exec(line);
  if (!m) return undefined;
  return { x: Number(m[1]), y: Number(m[2]), width: Number(m[3]), height: Number(m[4]) };
}

/** EWMH windows through wmctrl (list, activate, geometry, close) and xdotool (active, minimize). */
export class LinuxWindows implements Windows {
  /**
   * @param fastActive reads the focused window without spawning (the AT-SPI helper's X11
   * connection); when it is absent or fails, xdotool + wmctrl answer instead.
   */
  constructor(
    private readonly run: CommandRunner,
    private readonly fastActive?: (signal?: AbortSignal) => Promise<WindowInfo | undefined>,
  ) {}

  private async activeId(signal?: AbortSignal): Promise<string | undefined> {
    const result = await this.run("xdotool", ["getactivewindow"], { signal });
    const text = result.stdout.trim();
    if (result.code !== 0 || !/^\d+$/.test(text) || text === "0") return undefined;
    return normalizeWindowId(Number(text));
  }

  async list(signal?: AbortSignal): Promise<WindowInfo[]> {
    const [listing, activeId] = await Promise.all([
      runChecked(this.run, "wmctrl", ["-lpGx"], { signal }),
      this.activeId(signal),
    ]);
    return parseWmctrlList(listing, activeId);
  }

  async active(signal?: AbortSignal): Promise<WindowInfo | undefined> {
    if (this.fastActive) {
      try {
        return await this.fastActive(signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        // fall back to the programs
      }
    }
    const id = await this.activeId(signal);
    if (!id) return undefined;
    const listing = await runChecked(this.run, "wmctrl", ["-lpGx"], { signal });
    return parseWmctrlList(listing, id).find((w) => w.id === id);
  }

  async focus(window: WindowInfo, signal?: AbortSignal): Promise<void> {
    await runChecked(this.run, "wmctrl", ["-i", "-a", window.id], { signal });
    // Activation is asynchronous in the window manager; wait until it is really ours so the
    // next input action does not race the focus change.
    for (let attempt = 0; attempt < 40; attempt++) {
      if ((await this.activeId(signal)) === window.id) return;
      await delay(50, undefined, { signal });
    }
    throw new JarvisError(
      "TOOL_FAILED",
      `window ${window.id} ${JSON.stringify(window.title)} did not take focus`,
    );
  }

  async move(window: WindowInfo, rect: Partial<Rect>, signal?: AbortSignal): Promise<void> {
    // A maximized window ignores geometry requests until it is restored.
    await runChecked(
      this.run,
      "wmctrl",
      ["-i", "-r", window.id, "-b", "remove,maximized_vert,maximized_horz"],
      {
        signal,
      },
    );
    const n = (value: number | undefined) => String(value === undefined ? -1 : Math.round(value));
    const geometry = `0,${n(rect.x)},${n(rect.y)},${n(rect.width)},${n(rect.height)}`;
    await runChecked(this.run, "wmctrl", ["-i", "-r", window.id, "-e", geometry], { signal });
  }

  async maximize(window: WindowInfo, signal?: AbortSignal): Promise<void> {
    await runChecked(this.run, "wmctrl", ["-i", "-r", window.id, "-b", "add,maximized_vert,maximized_horz"], {
      signal,
    });
  }

  async minimize(window: WindowInfo, signal?: AbortSignal): Promise<void> {
    await runChecked(this.run, "xdotool", ["windowminimize", String(Number.parseInt(window.id, 16))], {
      signal,
    });
  }

  async close(window: WindowInfo, signal?: AbortSignal): Promise<void> {
    await runChecked(this.run, "wmctrl", ["-i", "-c", window.id], { signal });
  }

  async workArea(signal?: AbortSignal): Promise<Rect> {
    const area = parseWorkArea(await runChecked(this.run, "wmctrl", ["-d"], { signal }));
    if (area) return area;
    const size = (await runChecked(this.run, "xdotool", ["getdisplaygeometry"], { signal }))
      .trim()
      .split(/\s+/);
    return { x: 0, y: 0, width: Number(size[0]), height: Number(size[1]) };
  }
}
