import { describe, expect, it } from "vitest";
import { validateConfig } from "../../config/load.js";
import { pathsFor } from "../../config/paths.js";
import { findProgram } from "../../platform/programs.js";
import { browserDoctorCheck } from "./doctor.js";
import { findBrowser } from "./launch.js";

const context = (raw: unknown) => ({
  config: validateConfig(raw),
  configError: undefined,
  paths: pathsFor("/tmp/jarvis-doctor-test"),
  env: process.env,
});

describe("browser doctor check and config", () => {
  it("names a wrong browser.executable instead of silently using another browser", async () => {
    const result = await browserDoctorCheck.run(context({ browser: { executable: "/nonexistent/chrome" } }));
    expect(result).toMatchObject({
      status: "missing",
      detail: 'browser.executable "/nonexistent/chrome" is not an executable file',
    });
    expect(result.fix).toContain("browser.executable");
  });

  it("reports attach mode without launching anything", async () => {
    const result = await browserDoctorCheck.run(
      context({ browser: { attach_cdp: "http://127.0.0.1:9222" } }),
    );
    expect(result).toMatchObject({ status: "ok" });
    expect(result.detail).toContain("every browser action asks first");
  });

  it.skipIf(
    !findProgram("chromium") && !findBrowser({ attach_cdp: null, headless: true, timeout_s: 30 }).path,
  )("finds the system Chromium and its version", async () => {
    const result = await browserDoctorCheck.run(context({}));
    expect(result.status).toBe("ok");
    expect(result.detail).toMatch(/Chromium \d+.* at \/.+chromium/);
  });

  it.each([
    [{ browser: { timeout_s: 0 } }, "config.yaml: browser.timeout_s must be"],
    [{ browser: { attach_cdp: "localhost:9222" } }, "config.yaml: browser.attach_cdp must be a valid URL"],
    [{ browser: { headless: "yes" } }, "config.yaml: browser.headless must be a boolean"],
    [{ browser: { profile: "~/x" } }, "config.yaml: browser.profile is not a known key"],
    [{ web: { max_redirects: 50 } }, "config.yaml: web.max_redirects must be at most 20"],
    [{ web: { timeout_s: -1 } }, "config.yaml: web.timeout_s must be"],
    [{ web: { search: { max_results: 0 } } }, "config.yaml: web.search.max_results must be at least 1"],
  ])("refuses %j with one line", (raw, message) => {
    expect(() => validateConfig(raw)).toThrow(message);
  });
});
