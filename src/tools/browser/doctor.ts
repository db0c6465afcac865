import { execFile } from "node:child_process";
import type { DoctorCheck } from "../../config/doctor.js";
import { findBrowser } from "./launch.js";

function version(path: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(path, ["--version"], { timeout: 10_000, encoding: "utf8" }, (error, stdout) =>
      resolve(error ? undefined : stdout.trim().split("\n")[0]),
    );
  });
}

/** Which browser the browser tools will launch (or attach to), and whether it runs. */
export const browserDoctorCheck: DoctorCheck = {
  name: "browser",
  area: "browser",
  async run(context) {
    const config = context.config?.browser;
    if (!config) return { status: "warn", detail: "config.yaml did not load; browser settings unknown" };
    if (config.attach_cdp) {
      return {
        status: "ok",
        detail: `attaches to your browser at ${config.attach_cdp} (every browser action asks first)`,
      };
    }
    const found = findBrowser(config);
    if (!found.path) {
      return {
        status: "missing",
        detail: found.problem ?? "no browser",
        fix:
          process.platform === "darwin"
            ? "install Google Chrome, or set browser.executable"
            : "sudo apt-get install chromium (or set browser.executable)",
      };
    }
    const seen = await version(found.path);
    return seen
      ? { status: "ok", detail: `${seen} at ${found.path} (own profile, guarded by the SSRF proxy)` }
      : {
          status: "error",
          detail: `${found.path} does not run (--version failed)`,
          fix: "reinstall chromium or set browser.executable",
        };
  },
};
