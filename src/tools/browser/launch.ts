import type { JarvisConfig } from "../../config/schema.js";
import { isExecutable } from "../../platform/programs.js";

/** Where a system Chromium or Chrome usually lives; the first executable one is used. */
export const BROWSER_CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/lib/chromium/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
  "/snap/bin/chromium",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

/**
 * Flags for the Jarvis-owned browser: no background traffic, no sync or component updates,
 * no first-run UI. The sandbox is off because it needs user namespaces many hosts (containers,
 * CI) do not grant; the profile is Jarvis's own, never the user's logged-in one.
 */
export const LAUNCH_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-default-apps",
  "--disable-extensions",
  "--disable-domain-reliability",
  "--disable-client-side-phishing-detection",
  "--no-pings",
  // Keep WebRTC from reaching local addresses around the guard proxy.
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
];

/**
 * The browser to launch: `browser.executable` when set (it must exist: a wrong path is an
 * error, not a silent fallback), else the first system candidate. Never downloads one.
 */
export function findBrowser(config: JarvisConfig["browser"]): { path?: string; problem?: string } {
  if (config.executable) {
    return isExecutable(config.executable)
      ? { path: config.executable }
      : { problem: `browser.executable "${config.executable}" is not an executable file` };
  }
  const found = BROWSER_CANDIDATES.find((path) => isExecutable(path));
  return found
    ? { path: found }
    : { problem: "no Chromium or Chrome found (install `chromium`, or set browser.executable)" };
}
