import { JarvisError } from "../core/errors.js";
import type { AppInfo, WindowInfo } from "./types.js";

/** The app's windows: owned by one of its processes, or carrying its WM_CLASS. */
export function windowsOfApp(app: AppInfo, windows: WindowInfo[]): WindowInfo[] {
  const pids = new Set(app.pids);
  const hints = new Set(app.windowHints ?? [app.name.toLowerCase()]);
  return windows.filter((w) => (w.pid !== undefined && pids.has(w.pid)) || hints.has(w.app.toLowerCase()));
}

const WINDOW_ID = /^(0x[0-9a-f]{1,8}|\d+:\d+)$/i;

export interface WindowSelector {
  window?: string | undefined;
  app?: string | undefined;
}

/**
 * Picks one window by id (`0x00600003`, `123:1`), by words in its title and/or its app name;
 * nothing given means the focused window. Several equally good matches are refused with the
 * candidates listed, so a close or a keystroke never lands on a guess.
 */
export function pickWindow(windows: WindowInfo[], selector: WindowSelector): WindowInfo {
  const { window, app } = selector;
  if (window && WINDOW_ID.test(window.trim())) {
    const id = window.trim().toLowerCase();
    const found = windows.find(
      (w) =>
        w.id.toLowerCase() === id ||
        (id.startsWith("0x") && Number.parseInt(w.id, 16) === Number.parseInt(id, 16)),
    );
    if (!found)
      throw new JarvisError("NOT_FOUND", `no window with id ${window}; windows_list shows the open windows`);
    return found;
  }
  if (!window && !app) {
    const active = windows.find((w) => w.active);
    if (!active) throw new JarvisError("NOT_FOUND", "no window is focused; name one (window id or title)");
    return active;
  }
  const title = window?.toLowerCase().trim();
  const appName = app?.toLowerCase().trim();
  const matches = windows.filter(
    (w) =>
      (!title || w.title.toLowerCase().includes(title)) &&
      (!appName || w.app.toLowerCase().includes(appName) || w.title.toLowerCase().includes(appName)),
  );
  if (matches.length === 0) {
    const what = [title && `title "${window}"`, appName && `app "${app}"`].filter(Boolean).join(" and ");
    throw new JarvisError("NOT_FOUND", `no window matches ${what}; windows_list shows the open windows`);
  }
  if (matches.length === 1) return matches[0] as WindowInfo;
  const active = matches.find((w) => w.active);
  if (active) return active;
  const list = matches
    .slice(0, 5)
    .map((w) => `${w.id} "${w.title}"`)
    .join(", ");
  throw new JarvisError("ARGS_INVALID", `${matches.length} windows match: ${list}; say which by id`);
}
